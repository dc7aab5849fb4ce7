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

// Plain twins, for functions that are not `@Sendable`: the reader forms take the function over
// (`sending`, see `Reader.map(_:)`'s plain twin); the function forms return plain functions.

/// Map with a transformation that is not `@Sendable`: `reader <&> transform` is `Reader/map(_:)`.
///
/// ```swift
/// let describe: (Int) -> String = { "port \($0)" }
/// (Reader<[String: Int], Int> { $0["port"] ?? 0 } <&> describe).run(["port": 8080])   // "port 8080"
/// ```
@_disfavoredOverload
public func <&> <Environment: Sendable, Output: Sendable, NewOutput: Sendable>(
    reader: Reader<Environment, Output>,
    transform: sending @escaping (Output) -> NewOutput
) -> Reader<Environment, NewOutput> {
    reader.map(transform)
}

/// Bind with a function that is not `@Sendable`: `reader >>- transform` is `Reader/flatMap(_:)`.
///
/// ```swift
/// let describe: (Int) -> Reader<Int, String> = { output in Reader { "\(output) of \($0)" } }
/// (Reader<Int, Int> { $0 + 1 } >>- describe).run(9)   // "10 of 9"
/// ```
@_disfavoredOverload
public func >>- <Environment: Sendable, Output: Sendable, NewOutput>(
    reader: Reader<Environment, Output>,
    transform: sending @escaping (Output) -> Reader<Environment, NewOutput>
) -> Reader<Environment, NewOutput> {
    reader.flatMap(transform)
}

/// `first <&> second` for functions that are not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let lookup: (String) -> Reader<[String: Int], Int> = { key in Reader { $0[key] ?? 0 } }
/// (lookup <&> { $0 * 2 })("a").run(["a": 21])   // 42
/// ```
@_disfavoredOverload
public func <&> <Input, Environment: Sendable, Middle: Sendable, Output: Sendable>(
    first: @escaping (Input) -> Reader<Environment, Middle>,
    second: sending @escaping (Middle) -> Output
) -> (Input) -> Reader<Environment, Output> {
    compose(first, mapping: second)
}

/// `first >=> second` for functions that are not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let scaled: (Int) -> Reader<Int, Int> = { value in Reader { value * $0 } }
/// let shifted: (Int) -> Reader<Int, Int> = { value in Reader { value + $0 } }
/// (scaled >=> shifted)(5).run(3)   // 18
/// ```
@_disfavoredOverload
public func >=> <Input, Environment: Sendable, Middle: Sendable, Output>(
    first: @escaping (Input) -> Reader<Environment, Middle>,
    second: sending @escaping (Middle) -> Reader<Environment, Output>
) -> (Input) -> Reader<Environment, Output> {
    compose(first, flatMapping: second)
}
