/// Forward composition: `compose(f, g)` runs `f`, then `g` on its result; `f >>> g` is its second spelling.
///
/// ```swift
/// let describeLength = compose({ (s: String) in s.count }, String.init(describing:))
/// describeLength("mason")   // "5"
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function that receives `first`'s result.
/// - Returns: A function from `first`'s input to `second`'s output. It is `@Sendable`.
@inlinable
public func compose<Input, Middle, Output>(
    _ first: @escaping @Sendable (Input) -> Middle,
    _ second: @escaping @Sendable (Middle) -> Output
) -> @Sendable (Input) -> Output {
    { second(first($0)) }
}

/// Backward composition: `compose(g, after: f)` runs `f`, then `g`; `g <<< f` is its second spelling.
///
/// ```swift
/// let describeLength = compose(String.init(describing:), after: { (s: String) in s.count })
/// describeLength("mason")   // "5"
/// ```
/// - Parameters:
///   - second: The function that receives `first`'s result.
///   - first: The function that runs first.
/// - Returns: A function from `first`'s input to `second`'s output.
@inlinable
public func compose<Input, Middle, Output>(
    _ second: @escaping @Sendable (Middle) -> Output,
    after first: @escaping @Sendable (Input) -> Middle
) -> @Sendable (Input) -> Output {
    { second(first($0)) }
}

/// Forward composition: `f >>> g` is ``compose(_:_:)`` — `f` runs first.
///
/// ```swift
/// let f = { (x: Int) in x + 1 } >>> { $0 * 2 }
/// f(3)   // 8
/// ```
@inlinable
public func >>> <Input, Middle, Output>(
    first: @escaping @Sendable (Input) -> Middle,
    second: @escaping @Sendable (Middle) -> Output
) -> @Sendable (Input) -> Output {
    compose(first, second)
}

/// Backward composition: `g <<< f` is ``compose(_:after:)`` — `f` runs first.
///
/// ```swift
/// let f = { (x: Int) in x * 2 } <<< { $0 + 1 }
/// f(3)   // 8
/// ```
@inlinable
public func <<< <Input, Middle, Output>(
    second: @escaping @Sendable (Middle) -> Output,
    first: @escaping @Sendable (Input) -> Middle
) -> @Sendable (Input) -> Output {
    compose(second, after: first)
}
