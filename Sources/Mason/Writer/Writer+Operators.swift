/// Map: `writer <&> transform` is ``Writer/map(_:)``.
///
/// ```swift
/// (Writer(value: 2, output: ["two"]) <&> { $0 * 10 }).value   // 20
/// ```
@inlinable
public func <&> <Value, NewValue, Output>(
    writer: Writer<Value, Output>,
    transform: (Value) -> NewValue
) -> Writer<NewValue, Output> {
    writer.map(transform)
}

/// Map, function form: `first <&> second` is `compose(_:mapping:)` for writer-returning functions.
///
/// ```swift
/// let parse: @Sendable (String) -> Writer<Int, [String]> = { Writer(value: Int($0) ?? 0, output: ["parsed"]) }
/// (parse <&> { $0 + 1 })("41").value   // 42
/// ```
@inlinable
public func <&> <Input, Middle, NewValue, Output>(
    first: @escaping @Sendable (Input) -> Writer<Middle, Output>,
    second: @escaping @Sendable (Middle) -> NewValue
) -> @Sendable (Input) -> Writer<NewValue, Output> where Output: SendableMetatype {
    compose(first, mapping: second)
}

/// Bind: `writer >>- transform` is ``Writer/flatMap(_:)``; the outputs are combined, the left one first.
///
/// ```swift
/// let writer = Writer(value: 8, output: ["start"]) >>- { Writer(value: $0 / 2, output: ["halved"]) }
/// writer.run()   // (value: 4, output: ["start", "halved"])
/// ```
@inlinable
public func >>- <Value, NewValue, Output>(
    writer: Writer<Value, Output>,
    transform: (Value) -> Writer<NewValue, Output>
) -> Writer<NewValue, Output> {
    writer.flatMap(transform)
}

/// Kleisli composition: `first >=> second` is `compose(_:flatMapping:)` for writer-returning functions.
///
/// ```swift
/// let parse: @Sendable (String) -> Writer<Int, [String]> = { Writer(value: Int($0) ?? 0, output: ["parsed"]) }
/// let half: @Sendable (Int) -> Writer<Int, [String]> = { Writer(value: $0 / 2, output: ["halved"]) }
/// (parse >=> half)("84").run()   // (value: 42, output: ["parsed", "halved"])
/// ```
@inlinable
public func >=> <Input, Middle, NewValue, Output>(
    first: @escaping @Sendable (Input) -> Writer<Middle, Output>,
    second: @escaping @Sendable (Middle) -> Writer<NewValue, Output>
) -> @Sendable (Input) -> Writer<NewValue, Output> where Output: SendableMetatype {
    compose(first, flatMapping: second)
}

/// Apply: `function <*> writer` is `apply(_:_:)`; both outputs are kept, the function's first.
///
/// ```swift
/// let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
/// let sum = Writer(value: 1, output: ["one"]) <&> add <*> Writer(value: 2, output: ["two"])
/// sum.run()   // (value: 3, output: ["one", "two"])
/// ```
@inlinable
public func <*> <Value, NewValue, Output>(
    function: Writer<@Sendable (Value) -> NewValue, Output>,
    writer: Writer<Value, Output>
) -> Writer<NewValue, Output> {
    apply(function, writer)
}

// Plain twins, for functions that are not `@Sendable` (see `compose(_:_:)`'s): Swift prefers the
// `@Sendable` overloads above when both functions are `@Sendable`; these answer otherwise.

/// `first <&> second` for `Writer` when `first` or `second` is not `@Sendable`; the result is a
/// plain function.
///
/// ```swift
/// let parse: (String) -> Writer<Int, [String]> = { Writer(value: Int($0) ?? 0, output: ["parsed \($0)"]) }
/// (parse <&> { $0 + 1 })("41").run()   // (value: 42, output: ["parsed 41"])
/// ```
@inlinable
@_disfavoredOverload
public func <&> <Input, Middle, NewValue, Output>(
    first: @escaping (Input) -> Writer<Middle, Output>,
    second: @escaping (Middle) -> NewValue
) -> (Input) -> Writer<NewValue, Output> {
    compose(first, mapping: second)
}

/// `first >=> second` for `Writer` when `first` or `second` is not `@Sendable`; the result is a
/// plain function.
///
/// ```swift
/// let parse: (String) -> Writer<Int, [String]> = { Writer(value: Int($0) ?? 0, output: ["parsed \($0)"]) }
/// let half: (Int) -> Writer<Int, [String]> = { Writer(value: $0 / 2, output: ["halved"]) }
/// (parse >=> half)("84").run()   // (value: 42, output: ["parsed 84", "halved"])
/// ```
@inlinable
@_disfavoredOverload
public func >=> <Input, Middle, NewValue, Output>(
    first: @escaping (Input) -> Writer<Middle, Output>,
    second: @escaping (Middle) -> Writer<NewValue, Output>
) -> (Input) -> Writer<NewValue, Output> {
    compose(first, flatMapping: second)
}

/// `function <*> writer` for `Writer` when the function is not `@Sendable`: `apply(_:_:)`'s plain twin.
///
/// ```swift
/// let add: (Int) -> (Int) -> Int = { a in { b in a + b } }
/// let sum = Writer(value: 1, output: ["one"]) <&> add <*> Writer(value: 2, output: ["two"])
/// sum.run()   // (value: 3, output: ["one", "two"])
/// ```
@inlinable
@_disfavoredOverload
public func <*> <Value, NewValue, Output>(
    function: Writer<(Value) -> NewValue, Output>,
    writer: Writer<Value, Output>
) -> Writer<NewValue, Output> {
    apply(function, writer)
}
