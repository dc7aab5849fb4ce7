/// Applies the function one writer holds to the value of another, keeping both outputs, the
/// function's first. `function <*> writer` is its second spelling.
///
/// Unlike Funswift's `<*>`, which dropped the function writer's log, this one is lawful.
///
/// ```swift
/// let double = Writer<@Sendable (Int) -> Int, [String]>(value: { $0 * 2 }, output: ["double"])
/// apply(double, Writer(value: 21, output: ["21"])).run()   // (value: 42, output: ["double", "21"])
/// ```
/// - Parameters:
///   - function: A writer of a function.
///   - writer: A writer of the function's input.
/// - Returns: A writer of the function's output with both outputs combined, the function's first.
@inlinable
public func apply<Value, NewValue, Output>(
    _ function: Writer<@Sendable (Value) -> NewValue, Output>,
    _ writer: Writer<Value, Output>
) -> Writer<NewValue, Output> {
    Writer(value: function.value(writer.value), output: Output.combine(function.output, writer.output))
}

/// `apply(_:_:)` for a function that is not `@Sendable`: a writer holds a computed value, with nothing
/// running concurrently, so any function will do. `function <*> writer` is its second spelling.
///
/// ```swift
/// let log = Log()                                     // a class that is not Sendable
/// let record: (Int) -> Int = { log.append($0); return $0 * 2 }
/// apply(Writer(value: record, output: ["double"]), Writer(value: 21, output: ["21"])).run()
/// // (value: 42, output: ["double", "21"])
/// ```
/// - Parameters:
///   - function: A writer of a function.
///   - writer: A writer of the function's input.
/// - Returns: A writer of the function's output with both outputs combined, the function's first.
@inlinable
@_disfavoredOverload
public func apply<Value, NewValue, Output>(
    _ function: Writer<(Value) -> NewValue, Output>,
    _ writer: Writer<Value, Output>
) -> Writer<NewValue, Output> {
    Writer(value: function.value(writer.value), output: Output.combine(function.output, writer.output))
}
