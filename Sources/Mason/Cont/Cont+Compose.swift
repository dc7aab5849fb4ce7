/// Composes a cont-returning function with a plain function on its value:
/// `first <&> second`, the function form of map, is its second spelling.
///
/// ```swift
/// let lift: @Sendable (Int) -> Cont<Int, String> = { n in Cont { $0(n + 1) } }
/// compose(lift, mapping: { $0 * 2 })(20).run { "\($0)" }   // "42"
/// ```
/// - Parameters:
///   - first: The function that returns a computation.
///   - second: The function applied to that computation's value.
/// - Returns: A function that returns the mapped computation.
@inlinable
public func compose<Input, Middle, Output, Answer>(
    _ first: @escaping @Sendable (Input) -> Cont<Middle, Answer>,
    mapping second: @escaping @Sendable (Middle) -> Output
) -> @Sendable (Input) -> Cont<Output, Answer> {
    { input in first(input).map(second) }
}

/// Kleisli composition of cont-returning functions: `first`'s computation, then `second`'s with its
/// value. `first >=> second` is its second spelling.
///
/// ```swift
/// let lift: @Sendable (Int) -> Cont<Int, String> = { n in Cont { $0(n + 1) } }
/// compose(lift, flatMapping: lift)(40).run { "\($0)" }   // "42"
/// ```
/// - Parameters:
///   - first: The function whose computation runs first.
///   - second: The function that receives `first`'s value.
/// - Returns: A function whose computation chains both.
@inlinable
public func compose<Input, Middle, Output, Answer>(
    _ first: @escaping @Sendable (Input) -> Cont<Middle, Answer>,
    flatMapping second: @escaping @Sendable (Middle) -> Cont<Output, Answer>
) -> @Sendable (Input) -> Cont<Output, Answer> {
    { input in first(input).flatMap(second) }
}
