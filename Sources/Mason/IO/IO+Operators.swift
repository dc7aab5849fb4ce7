// The operator spellings of IO's functions (see Operators.swift for the table).

/// Map: `io <&> f` is `io.map(f)`.
///
/// ```swift
/// (IO.pure(2) <&> { $0 * 10 }).unsafeRun()   // 20
/// ```
@inlinable
public func <&> <Value, NewValue>(
    effect: IO<Value>, transform: @escaping @Sendable (Value) -> NewValue
) -> IO<NewValue> {
    effect.map(transform)
}

/// Composes a function returning an effect with a transformation of the effect's value:
/// `f <&> g` is `compose(_:mapping:)` — `{ f($0).map(g) }`.
///
/// ```swift
/// let load = { (id: Int) in IO { "user \(id)" } } <&> { $0.uppercased() }
/// load(7).unsafeRun()   // "USER 7"
/// ```
@inlinable
public func <&> <Input, Value, NewValue>(
    effect: @escaping @Sendable (Input) -> IO<Value>,
    transform: @escaping @Sendable (Value) -> NewValue
) -> @Sendable (Input) -> IO<NewValue> {
    compose(effect, mapping: transform)
}

/// Composes a function returning an effect with a transformation of the effect's value:
/// the result maps `transform` over the effect `effect` returns. `effect <&> transform` is its second spelling.
///
/// ```swift
/// let load = compose({ (id: Int) in IO { "user \(id)" } }, mapping: { $0.uppercased() })
/// load(7).unsafeRun()   // "USER 7"
/// ```
/// - Parameters:
///   - effect: Builds an effect from an input.
///   - transform: Applied to that effect's value.
/// - Returns: A function from the input to the mapped effect.
@inlinable
public func compose<Input, Value, NewValue>(
    _ effect: @escaping @Sendable (Input) -> IO<Value>,
    mapping transform: @escaping @Sendable (Value) -> NewValue
) -> @Sendable (Input) -> IO<NewValue> {
    { effect($0).map(transform) }
}

/// Bind: `io >>- f` is `io.flatMap(f)`.
///
/// ```swift
/// (IO.pure(3) >>- { n in IO { n * n } }).unsafeRun()   // 9
/// ```
@inlinable
public func >>- <Value, NewValue>(
    effect: IO<Value>, transform: @escaping @Sendable (Value) -> IO<NewValue>
) -> IO<NewValue> {
    effect.flatMap(transform)
}

/// Kleisli composition of effectful functions: `f >=> g` is `compose(_:flatMapping:)`.
///
/// ```swift
/// let lookUp = { (id: Int) in IO { "user \(id)" } } >=> { name in IO { name.count } }
/// lookUp(7).unsafeRun()   // 6
/// ```
@inlinable
public func >=> <Input, Middle, Output>(
    first: @escaping @Sendable (Input) -> IO<Middle>,
    second: @escaping @Sendable (Middle) -> IO<Output>
) -> @Sendable (Input) -> IO<Output> {
    compose(first, flatMapping: second)
}

/// Kleisli composition: runs `first`'s effect, then the effect `second` builds from its value.
/// `first >=> second` is its second spelling.
///
/// ```swift
/// let lookUp = compose({ (id: Int) in IO { "user \(id)" } }, flatMapping: { name in IO { name.count } })
/// lookUp(7).unsafeRun()   // 6
/// ```
/// - Parameters:
///   - first: Builds the first effect from the input.
///   - second: Builds the second effect from the first one's value.
/// - Returns: A function from the input to the combined effect.
@inlinable
public func compose<Input, Middle, Output>(
    _ first: @escaping @Sendable (Input) -> IO<Middle>,
    flatMapping second: @escaping @Sendable (Middle) -> IO<Output>
) -> @Sendable (Input) -> IO<Output> {
    { first($0).flatMap(second) }
}

/// Apply: `function <*> value` is `apply(_:_:)`.
///
/// ```swift
/// (IO.pure { (n: Int) in n + 1 } <*> IO.pure(41)).unsafeRun()   // 42
/// ```
@inlinable
public func <*> <Value, NewValue>(
    function: IO<@Sendable (Value) -> NewValue>, value: IO<Value>
) -> IO<NewValue> {
    apply(function, value)
}

// Plain twins, for functions that are not `@Sendable`: the effect forms take the function over
// (`sending`, see `IO.flatMap(_:)`'s plain twin); the function forms return plain functions.

/// Map with a transformation that is not `@Sendable`: `io <&> f` is `io.map(f)`.
///
/// ```swift
/// let describe: (Int) -> String = { "count: \($0)" }
/// (IO.pure(3) <&> describe).unsafeRun()   // "count: 3"
/// ```
@_disfavoredOverload
public func <&> <Value: Sendable, NewValue: Sendable>(
    effect: IO<Value>, transform: sending @escaping (Value) -> NewValue
) -> IO<NewValue> {
    effect.map(transform)
}

/// Bind with a function that is not `@Sendable`: `io >>- f` is `io.flatMap(f)`, as in FunNetworking's
/// `fetchIpNumber >>- fetchHostInfo`.
///
/// ```swift
/// let square: (Int) -> IO<Int> = { n in IO { n * n } }
/// (IO.pure(3) >>- square).unsafeRun()   // 9
/// ```
@_disfavoredOverload
public func >>- <Value: Sendable, NewValue>(
    effect: IO<Value>, transform: sending @escaping (Value) -> IO<NewValue>
) -> IO<NewValue> {
    effect.flatMap(transform)
}

/// `compose(_:mapping:)` for functions that are not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let load: (Int) -> IO<String> = { id in IO { "user \(id)" } }
/// compose(load, mapping: { $0.uppercased() })(7).unsafeRun()   // "USER 7"
/// ```
/// - Parameters:
///   - effect: Builds an effect from an input.
///   - transform: Applied to that effect's value; the composition takes it over.
/// - Returns: A function from the input to the mapped effect.
@_disfavoredOverload
public func compose<Input, Value: Sendable, NewValue: Sendable>(
    _ effect: @escaping (Input) -> IO<Value>,
    mapping transform: sending @escaping (Value) -> NewValue
) -> (Input) -> IO<NewValue> {
    let serial = SerialFunction(transform)
    return { effect($0).map { serial($0) } }
}

/// `compose(_:flatMapping:)` for functions that are not `@Sendable`; the result is a plain
/// function.
///
/// ```swift
/// let load: (Int) -> IO<String> = { id in IO { "user \(id)" } }
/// let length: (String) -> IO<Int> = { name in IO { name.count } }
/// compose(load, flatMapping: length)(7).unsafeRun()   // 6
/// ```
/// - Parameters:
///   - first: Builds the first effect from the input.
///   - second: Builds the second effect from the first one's value; the composition takes it over.
/// - Returns: A function from the input to the combined effect.
@_disfavoredOverload
public func compose<Input, Middle: Sendable, Output>(
    _ first: @escaping (Input) -> IO<Middle>,
    flatMapping second: sending @escaping (Middle) -> IO<Output>
) -> (Input) -> IO<Output> {
    let serial = SerialFunction(second)
    return { first($0).flatMap { serial($0) } }
}

/// `f <&> g` for functions that are not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let load: (Int) -> IO<String> = { id in IO { "user \(id)" } }
/// (load <&> { $0.uppercased() })(7).unsafeRun()   // "USER 7"
/// ```
@_disfavoredOverload
public func <&> <Input, Value: Sendable, NewValue: Sendable>(
    effect: @escaping (Input) -> IO<Value>,
    transform: sending @escaping (Value) -> NewValue
) -> (Input) -> IO<NewValue> {
    compose(effect, mapping: transform)
}

/// `f >=> g` for functions that are not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let load: (Int) -> IO<String> = { id in IO { "user \(id)" } }
/// (load >=> { name in IO { name.count } })(7).unsafeRun()   // 6
/// ```
@_disfavoredOverload
public func >=> <Input, Middle: Sendable, Output>(
    first: @escaping (Input) -> IO<Middle>,
    second: sending @escaping (Middle) -> IO<Output>
) -> (Input) -> IO<Output> {
    compose(first, flatMapping: second)
}
