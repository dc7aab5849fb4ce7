/// Composes a stateful-computation-returning function with a plain function on its value:
/// `first <&> second`, the function form of map, is its second spelling.
///
/// ```swift
/// let add: @Sendable (Int) -> State<Int, Int> = { amount in State { ($0 + amount, $0) } }
/// compose(add, mapping: { "was \($0)" })(5).run(1)   // (state: 6, value: "was 1")
/// ```
/// - Parameters:
///   - first: The function that returns a computation.
///   - second: The function applied to that computation's value.
/// - Returns: A function that returns the mapped computation.
@inlinable
public func compose<Input, Stored, Middle, Output>(
    _ first: @escaping @Sendable (Input) -> State<Stored, Middle>,
    mapping second: @escaping @Sendable (Middle) -> Output
) -> @Sendable (Input) -> State<Stored, Output> {
    { input in first(input).map(second) }
}

/// Kleisli composition of stateful-computation-returning functions: `first`'s computation runs, then
/// `second`'s with its value and the state it left. `first >=> second` is its second spelling.
///
/// ```swift
/// let add: @Sendable (Int) -> State<Int, Int> = { amount in State { ($0 + amount, $0) } }
/// compose(add, flatMapping: add)(5).run(1)   // (state: 7, value: 6), that is 1 + 5 + 1
/// ```
/// - Parameters:
///   - first: The function whose computation runs first.
///   - second: The function that receives `first`'s value.
/// - Returns: A function whose computation runs both, threading the state.
@inlinable
public func compose<Input, Stored, Middle, Output>(
    _ first: @escaping @Sendable (Input) -> State<Stored, Middle>,
    flatMapping second: @escaping @Sendable (Middle) -> State<Stored, Output>
) -> @Sendable (Input) -> State<Stored, Output> {
    { input in first(input).flatMap(second) }
}
