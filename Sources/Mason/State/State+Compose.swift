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

// Plain twins, for functions that are not `@Sendable`: the composition takes `second` over
// (`sending`) and calls of it take turns, as in `State.map(_:)`'s plain twin; the result is a plain
// function.

/// `compose(_:mapping:)` for functions that are not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let add: (Int) -> State<Int, Int> = { amount in State { ($0 + amount, $0) } }
/// compose(add, mapping: { "was \($0)" })(5).run(1)   // (state: 6, value: "was 1")
/// ```
/// - Parameters:
///   - first: The function that returns a computation.
///   - second: The function applied to that computation's value; the composition takes it over.
/// - Returns: A function that returns the mapped computation.
@_disfavoredOverload
public func compose<Input, Stored: Sendable, Middle: Sendable, Output: Sendable>(
    _ first: @escaping (Input) -> State<Stored, Middle>,
    mapping second: sending @escaping (Middle) -> Output
) -> (Input) -> State<Stored, Output> {
    let serial = SerialFunction(second)
    return { input in first(input).map { serial($0) } }
}

/// `compose(_:flatMapping:)` for functions that are not `@Sendable`; the result is a plain
/// function.
///
/// ```swift
/// let add: (Int) -> State<Int, Int> = { amount in State { ($0 + amount, $0) } }
/// let addAgain: (Int) -> State<Int, Int> = { amount in State { ($0 + amount, $0) } }
/// compose(add, flatMapping: addAgain)(5).run(1)   // (state: 7, value: 6), that is 1 + 5 + 1
/// ```
/// - Parameters:
///   - first: The function whose computation runs first.
///   - second: The function that receives `first`'s value; the composition takes it over.
/// - Returns: A function whose computation runs both, threading the state.
@_disfavoredOverload
public func compose<Input, Stored: Sendable, Middle: Sendable, Output>(
    _ first: @escaping (Input) -> State<Stored, Middle>,
    flatMapping second: sending @escaping (Middle) -> State<Stored, Output>
) -> (Input) -> State<Stored, Output> {
    let serial = SerialFunction(second)
    return { input in first(input).flatMap { serial($0) } }
}
