/// Returns its argument unchanged: the function that does nothing.
///
/// It is the identity of composition (`f >>> identity` behaves like `f`) and a handy argument where a
/// function is required but no change is wanted, such as `flatMap(identity)` to flatten.
///
/// ```swift
/// identity(42)                                // 42
/// [[1, 2], [3]].flatMap(identity)             // [1, 2, 3]
/// [1, nil, 3].compactMap(identity)            // [1, 3]
/// ```
/// - Parameter value: Any value.
/// - Returns: `value`.
@inlinable
public func identity<Value>(_ value: Value) -> Value {
    value
}
