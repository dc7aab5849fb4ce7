/// Applies the function one deferred produces to the value another produces; both run in parallel.
/// `function <*> value` is its second spelling.
///
/// ```swift
/// await apply(Deferred.pure { (n: Int) in n * 2 }, Deferred.pure(21)).value   // 42
/// ```
/// - Parameters:
///   - function: The deferred producing the function.
///   - value: The deferred producing its argument.
/// - Returns: A deferred producing the function's result.
public func apply<Value: Sendable, NewValue>(
    _ function: Deferred<@Sendable (Value) -> NewValue>, _ value: Deferred<Value>
) -> Deferred<NewValue> {
    zip(function, value).map { function, value in function(value) }
}
