/// Applies the function one effect produces to the value another produces; the function's effect runs
/// first. `function <*> value` is its second spelling.
///
/// ```swift
/// apply(IO.pure { (n: Int) in n * 2 }, IO.pure(21)).unsafeRun()   // 42
/// ```
/// - Parameters:
///   - function: The effect producing the function.
///   - value: The effect producing its argument.
/// - Returns: An effect producing the function's result.
@inlinable
public func apply<Value, NewValue>(
    _ function: IO<@Sendable (Value) -> NewValue>, _ value: IO<Value>
) -> IO<NewValue> {
    function.flatMap { transform in value.map(transform) }
}
