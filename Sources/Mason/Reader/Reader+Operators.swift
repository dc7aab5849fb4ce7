/// Map: `reader <&> transform` is `Reader/map(_:)`.
///
/// ```swift
/// let length = Reader<String, Int> { $0.count } <&> { $0 * 2 }
/// length.run("abc")   // 6
/// ```
@inlinable
public func <&> <Environment, Output, NewOutput>(
    reader: Reader<Environment, Output>,
    transform: @escaping @Sendable (Output) -> NewOutput
) -> Reader<Environment, NewOutput> {
    reader.map(transform)
}

/// Map, function form: `first <&> second` is `compose(_:mapping:)` for reader-returning
/// functions.
///
/// ```swift
/// let lookup: @Sendable (String) -> Reader<[String: Int], Int> = { key in Reader { $0[key] ?? 0 } }
/// (lookup <&> { $0 * 2 })("a").run(["a": 21])   // 42
/// ```
@inlinable
public func <&> <Input, Environment, Middle, Output>(
    first: @escaping @Sendable (Input) -> Reader<Environment, Middle>,
    second: @escaping @Sendable (Middle) -> Output
) -> @Sendable (Input) -> Reader<Environment, Output> {
    compose(first, mapping: second)
}

/// Bind: `reader >>- transform` is `Reader/flatMap(_:)`.
///
/// ```swift
/// let chained = Reader<Int, Int> { $0 + 1 } >>- { output in Reader { output * $0 } }
/// chained.run(4)   // 20
/// ```
@inlinable
public func >>- <Environment, Output, NewOutput>(
    reader: Reader<Environment, Output>,
    transform: @escaping @Sendable (Output) -> Reader<Environment, NewOutput>
) -> Reader<Environment, NewOutput> {
    reader.flatMap(transform)
}

/// Kleisli composition: `first >=> second` is `compose(_:flatMapping:)` for reader-returning
/// functions.
///
/// ```swift
/// let scaled: @Sendable (Int) -> Reader<Int, Int> = { value in Reader { value * $0 } }
/// let shifted: @Sendable (Int) -> Reader<Int, Int> = { value in Reader { value + $0 } }
/// (scaled >=> shifted)(5).run(3)   // 18
/// ```
@inlinable
public func >=> <Input, Environment, Middle, Output>(
    first: @escaping @Sendable (Input) -> Reader<Environment, Middle>,
    second: @escaping @Sendable (Middle) -> Reader<Environment, Output>
) -> @Sendable (Input) -> Reader<Environment, Output> {
    compose(first, flatMapping: second)
}

/// Apply: `function <*> reader` is `apply(_:_:)`.
///
/// ```swift
/// let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
/// let sum = Reader<Int, Int> { $0 } <&> add <*> Reader { $0 * 10 }
/// sum.run(2)   // 22
/// ```
@inlinable
public func <*> <Environment, Value, NewValue>(
    function: Reader<Environment, @Sendable (Value) -> NewValue>,
    reader: Reader<Environment, Value>
) -> Reader<Environment, NewValue> {
    apply(function, reader)
}
