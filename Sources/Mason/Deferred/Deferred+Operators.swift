// The operator spellings of Deferred's functions (see Operators.swift for the table).

/// Map: `deferred <&> f` is `deferred.map(f)`.
///
/// ```swift
/// await (Deferred.pure(2) <&> { $0 * 10 }).value   // 20
/// ```
@inlinable
public func <&> <Value, NewValue>(
    deferred: Deferred<Value>, transform: @escaping @Sendable (Value) -> NewValue
) -> Deferred<NewValue> {
    deferred.map(transform)
}

/// The function form of map: `f <&> g` is `compose(f, mapping: g)` — FunNetworking's
/// `requestAsyncR <&> decodeJsonData`.
///
/// ```swift
/// let load = { (id: Int) in Deferred.pure("user \(id)") } <&> { $0.uppercased() }
/// await load(7).value   // "USER 7"
/// ```
@inlinable
public func <&> <Input, Value, NewValue>(
    deferred: @escaping @Sendable (Input) -> Deferred<Value>,
    transform: @escaping @Sendable (Value) -> NewValue
) -> @Sendable (Input) -> Deferred<NewValue> {
    compose(deferred, mapping: transform)
}

/// Composes a function returning a deferred with a transformation of its value.
/// `deferred <&> transform` is its second spelling.
///
/// ```swift
/// let load = compose({ (id: Int) in Deferred.pure("user \(id)") }, mapping: { $0.count })
/// await load(7).value   // 6
/// ```
/// - Parameters:
///   - deferred: Builds a deferred from an input.
///   - transform: Applied to that deferred's value.
/// - Returns: A function from the input to the mapped deferred.
@inlinable
public func compose<Input, Value, NewValue>(
    _ deferred: @escaping @Sendable (Input) -> Deferred<Value>,
    mapping transform: @escaping @Sendable (Value) -> NewValue
) -> @Sendable (Input) -> Deferred<NewValue> {
    { deferred($0).map(transform) }
}

/// Bind: `deferred >>- f` is `deferred.flatMap(f)` — FunNetworking's `fetchIpNumber >>- fetchHostInfo`.
///
/// ```swift
/// await (Deferred.pure(3) >>- { n in Deferred.pure(n * n) }).value   // 9
/// ```
@inlinable
public func >>- <Value, NewValue>(
    deferred: Deferred<Value>, transform: @escaping @Sendable (Value) -> Deferred<NewValue>
) -> Deferred<NewValue> {
    deferred.flatMap(transform)
}

/// Kleisli composition: `f >=> g` is `compose(f, flatMapping: g)`.
///
/// ```swift
/// let lookUp = { (id: Int) in Deferred.pure("user \(id)") } >=> { name in Deferred.pure(name.count) }
/// await lookUp(7).value   // 6
/// ```
@inlinable
public func >=> <Input, Middle, Output>(
    first: @escaping @Sendable (Input) -> Deferred<Middle>,
    second: @escaping @Sendable (Middle) -> Deferred<Output>
) -> @Sendable (Input) -> Deferred<Output> {
    compose(first, flatMapping: second)
}

/// Kleisli composition of functions returning deferreds. `first >=> second` is its second spelling.
///
/// ```swift
/// let lookUp = compose({ (id: Int) in Deferred.pure("user \(id)") }, flatMapping: { Deferred.pure($0.count) })
/// await lookUp(7).value   // 6
/// ```
/// - Parameters:
///   - first: Builds the first deferred from the input.
///   - second: Builds the second from the first one's value.
/// - Returns: A function from the input to the chained deferred.
@inlinable
public func compose<Input, Middle, Output>(
    _ first: @escaping @Sendable (Input) -> Deferred<Middle>,
    flatMapping second: @escaping @Sendable (Middle) -> Deferred<Output>
) -> @Sendable (Input) -> Deferred<Output> {
    { first($0).flatMap(second) }
}

/// Apply: `function <*> value` is `apply(function, value)`; both run in parallel.
///
/// ```swift
/// await (Deferred.pure { (n: Int) in n + 1 } <*> Deferred.pure(41)).value   // 42
/// ```
@inlinable
public func <*> <Value: Sendable, NewValue>(
    function: Deferred<@Sendable (Value) -> NewValue>, value: Deferred<Value>
) -> Deferred<NewValue> {
    apply(function, value)
}
