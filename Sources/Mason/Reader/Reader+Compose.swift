/// Composes a reader-returning function with a plain function on its output:
/// `first <&> second`, the function form of map, is its second spelling.
///
/// ```swift
/// let lookup: @Sendable (String) -> Reader<[String: Int], Int> = { key in Reader { $0[key] ?? 0 } }
/// let doubled = compose(lookup, mapping: { $0 * 2 })
/// doubled("a").run(["a": 21])   // 42
/// ```
/// - Parameters:
///   - first: The function that returns a reader.
///   - second: The function applied to that reader's output.
/// - Returns: A function that returns the mapped reader.
@inlinable
public func compose<Input, Environment, Middle, Output>(
    _ first: @escaping @Sendable (Input) -> Reader<Environment, Middle>,
    mapping second: @escaping @Sendable (Middle) -> Output
) -> @Sendable (Input) -> Reader<Environment, Output> {
    { input in first(input).map(second) }
}

/// Kleisli composition of reader-returning functions: runs `first`, then `second` on its output,
/// both with the same environment. `first >=> second` is its second spelling.
///
/// ```swift
/// let scaled: @Sendable (Int) -> Reader<Int, Int> = { value in Reader { value * $0 } }
/// let shifted: @Sendable (Int) -> Reader<Int, Int> = { value in Reader { value + $0 } }
/// compose(scaled, flatMapping: shifted)(5).run(3)   // 18, that is 5 * 3 + 3
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function that receives `first`'s reader output.
/// - Returns: A function whose reader runs both readers with one environment.
@inlinable
public func compose<Input, Environment, Middle, Output>(
    _ first: @escaping @Sendable (Input) -> Reader<Environment, Middle>,
    flatMapping second: @escaping @Sendable (Middle) -> Reader<Environment, Output>
) -> @Sendable (Input) -> Reader<Environment, Output> {
    { input in first(input).flatMap(second) }
}

// Plain twins, for functions that are not `@Sendable`: the composition takes `second` over
// (`sending`) and calls of it take turns, as in `Reader.map(_:)`'s plain twin; the result is a plain
// function.

/// `compose(_:mapping:)` for functions that are not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let lookup: (String) -> Reader<[String: Int], Int> = { key in Reader { $0[key] ?? 0 } }
/// compose(lookup, mapping: { $0 * 2 })("a").run(["a": 21])   // 42
/// ```
/// - Parameters:
///   - first: The function that returns a reader.
///   - second: The function applied to that reader's output; the composition takes it over.
/// - Returns: A function that returns the mapped reader.
@_disfavoredOverload
public func compose<Input, Environment: Sendable, Middle: Sendable, Output: Sendable>(
    _ first: @escaping (Input) -> Reader<Environment, Middle>,
    mapping second: sending @escaping (Middle) -> Output
) -> (Input) -> Reader<Environment, Output> {
    let serial = SerialFunction(second)
    return { input in first(input).map { serial($0) } }
}

/// `compose(_:flatMapping:)` for functions that are not `@Sendable`; the result is a plain
/// function.
///
/// ```swift
/// let scaled: (Int) -> Reader<Int, Int> = { value in Reader { value * $0 } }
/// let shifted: (Int) -> Reader<Int, Int> = { value in Reader { value + $0 } }
/// compose(scaled, flatMapping: shifted)(5).run(3)   // 18, that is 5 * 3 + 3
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function that receives `first`'s reader output; the composition takes it over.
/// - Returns: A function whose reader runs both readers with one environment.
@_disfavoredOverload
public func compose<Input, Environment: Sendable, Middle: Sendable, Output>(
    _ first: @escaping (Input) -> Reader<Environment, Middle>,
    flatMapping second: sending @escaping (Middle) -> Reader<Environment, Output>
) -> (Input) -> Reader<Environment, Output> {
    let serial = SerialFunction(second)
    return { input in first(input).flatMap { serial($0) } }
}
