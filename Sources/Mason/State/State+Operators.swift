/// Map: `state <&> transform` is `State/map(_:)`.
///
/// ```swift
/// (State<Int, Int> { ($0 + 1, $0) } <&> { $0 * 2 }).run(5)   // (state: 6, value: 10)
/// ```
@inlinable
public func <&> <Stored, Value, NewValue>(
    state: State<Stored, Value>,
    transform: @escaping @Sendable (Value) -> NewValue
) -> State<Stored, NewValue> {
    state.map(transform)
}

/// Map, function form: `first <&> second` is `compose(_:mapping:)` for functions returning `State`.
///
/// ```swift
/// let add: @Sendable (Int) -> State<Int, Int> = { amount in State { ($0 + amount, $0) } }
/// (add <&> { "was \($0)" })(5).run(1)   // (state: 6, value: "was 1")
/// ```
@inlinable
public func <&> <Input, Stored, Middle, Output>(
    first: @escaping @Sendable (Input) -> State<Stored, Middle>,
    second: @escaping @Sendable (Middle) -> Output
) -> @Sendable (Input) -> State<Stored, Output> {
    compose(first, mapping: second)
}

/// Bind: `state >>- transform` is `State/flatMap(_:)`.
///
/// ```swift
/// let next = State<Int, Int> { ($0 + 1, $0) }
/// (next >>- { first in next <&> { first + $0 } }).run(5)   // (state: 7, value: 11)
/// ```
@inlinable
public func >>- <Stored, Value, NewValue>(
    state: State<Stored, Value>,
    transform: @escaping @Sendable (Value) -> State<Stored, NewValue>
) -> State<Stored, NewValue> {
    state.flatMap(transform)
}

/// Kleisli composition: `first >=> second` is `compose(_:flatMapping:)` for functions returning `State`.
///
/// ```swift
/// let add: @Sendable (Int) -> State<Int, Int> = { amount in State { ($0 + amount, $0) } }
/// (add >=> add)(5).run(1)   // (state: 7, value: 6)
/// ```
@inlinable
public func >=> <Input, Stored, Middle, Output>(
    first: @escaping @Sendable (Input) -> State<Stored, Middle>,
    second: @escaping @Sendable (Middle) -> State<Stored, Output>
) -> @Sendable (Input) -> State<Stored, Output> {
    compose(first, flatMapping: second)
}

/// Apply: `function <*> state` is `apply(_:_:)`: the function's computation runs first and its
/// state change is kept.
///
/// ```swift
/// let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
/// let next = State<Int, Int> { ($0 + 1, $0) }
/// (next <&> add <*> next).run(1)   // (state: 3, value: 3), that is 1 + 2
/// ```
@inlinable
public func <*> <Stored, Value, NewValue>(
    function: State<Stored, @Sendable (Value) -> NewValue>,
    state: State<Stored, Value>
) -> State<Stored, NewValue> {
    apply(function, state)
}

// Plain twins, for functions that are not `@Sendable`: the computation forms take the function over
// (`sending`, see `State.map(_:)`'s plain twin); the function forms return plain functions.

/// Map with a transformation that is not `@Sendable`: `state <&> transform` is `State/map(_:)`.
///
/// ```swift
/// let describe: (Int) -> String = { "ticket \($0)" }
/// (State<Int, Int> { ($0 + 1, $0) } <&> describe).run(7)   // (state: 8, value: "ticket 7")
/// ```
@_disfavoredOverload
public func <&> <Stored: Sendable, Value: Sendable, NewValue: Sendable>(
    state: State<Stored, Value>,
    transform: sending @escaping (Value) -> NewValue
) -> State<Stored, NewValue> {
    state.map(transform)
}

/// Bind with a function that is not `@Sendable`: `state >>- transform` is `State/flatMap(_:)`.
///
/// ```swift
/// let next = State<Int, Int> { ($0 + 1, $0) }
/// let addNext: (Int) -> State<Int, Int> = { first in next.map { first + $0 } }
/// (next >>- addNext).run(5)   // (state: 7, value: 11)
/// ```
@_disfavoredOverload
public func >>- <Stored: Sendable, Value: Sendable, NewValue>(
    state: State<Stored, Value>,
    transform: sending @escaping (Value) -> State<Stored, NewValue>
) -> State<Stored, NewValue> {
    state.flatMap(transform)
}

/// `first <&> second` for functions that are not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let add: (Int) -> State<Int, Int> = { amount in State { ($0 + amount, $0) } }
/// (add <&> { "was \($0)" })(5).run(1)   // (state: 6, value: "was 1")
/// ```
@_disfavoredOverload
public func <&> <Input, Stored: Sendable, Middle: Sendable, Output: Sendable>(
    first: @escaping (Input) -> State<Stored, Middle>,
    second: sending @escaping (Middle) -> Output
) -> (Input) -> State<Stored, Output> {
    compose(first, mapping: second)
}

/// `first >=> second` for functions that are not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let add: (Int) -> State<Int, Int> = { amount in State { ($0 + amount, $0) } }
/// let addAgain: (Int) -> State<Int, Int> = { amount in State { ($0 + amount, $0) } }
/// (add >=> addAgain)(5).run(1)   // (state: 7, value: 6)
/// ```
@_disfavoredOverload
public func >=> <Input, Stored: Sendable, Middle: Sendable, Output>(
    first: @escaping (Input) -> State<Stored, Middle>,
    second: sending @escaping (Middle) -> State<Stored, Output>
) -> (Input) -> State<Stored, Output> {
    compose(first, flatMapping: second)
}
