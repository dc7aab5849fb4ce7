/// Applies the function one future resolves with to the value another resolves with: the applicative
/// `apply`. `function <*> value` is its operator spelling.
///
/// Both futures are already running; the result resolves when both have resolved and rejects with the
/// first rejection, like `zip(_:)`.
///
/// ```swift
/// let increment = Future.pure { @Sendable (n: Int) in n + 1 }
/// try await apply(increment, Future(value: 41)).value   // 42
/// ```
/// - Parameters:
///   - function: A future of the function.
///   - value: A future of its argument.
/// - Returns: A future of the function's result.
public func apply<Value: Sendable, NewValue>(
    _ function: Future<@Sendable (Value) -> NewValue>, _ value: Future<Value>
) -> Future<NewValue> {
    zip(with: { transform, value in transform(value) }, function, value)
}
