// The operator spellings of Future's functions (see Operators.swift for the table).

/// Map: `future <&> transform` is ``Future/map(_:)`` (Sundell's ``Future/transformed(with:)``).
///
/// ```swift
/// try await (Future(value: 2) <&> { $0 * 10 }).value   // 20
/// ```
/// - Parameters:
///   - future: The future to transform.
///   - transform: Transforms its value; may throw to reject.
/// - Returns: A future of the transformed value.
public func <&> <Value, NewValue>(
    future: Future<Value>, transform: @escaping @Sendable (Value) throws -> NewValue
) -> Future<NewValue> {
    future.map(transform)
}

/// Bind: `future >>- transform` is ``Future/flatMap(_:)`` (Sundell's ``Future/chained(using:)``).
///
/// ```swift
/// try await (Future(value: 3) >>- { n in Future(value: n * n) }).value   // 9
/// ```
/// - Parameters:
///   - future: The first future.
///   - transform: Builds the next future from its value; may throw to reject.
/// - Returns: A future of the chained future's value.
public func >>- <Value, NewValue>(
    future: Future<Value>, transform: @escaping @Sendable (Value) throws -> Future<NewValue>
) -> Future<NewValue> {
    future.flatMap(transform)
}

/// Apply: `function <*> value` is `apply(_:_:)`.
///
/// ```swift
/// try await (Future.pure { @Sendable (n: Int) in n + 1 } <*> Future(value: 41)).value   // 42
/// ```
/// - Parameters:
///   - function: A future of the function.
///   - value: A future of its argument.
/// - Returns: A future of the function's result.
public func <*> <Value, NewValue>(
    function: Future<@Sendable (Value) -> NewValue>, value: Future<Value>
) -> Future<NewValue> {
    apply(function, value)
}
