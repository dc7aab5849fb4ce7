/// Applies the function one changeable holds to the value of another; the result has changes when
/// either has. `function <*> changeable` is its second spelling.
///
/// Unlike Funswift's `<*>`, which dropped the function's flag, this one is lawful.
///
/// ```swift
/// let double = Changeable<@Sendable (Int) -> Int>({ $0 * 2 }, hasChanges: true)
/// let result = apply(double, Changeable(21))
/// result.value        // 42
/// result.hasChanges   // true
/// ```
/// - Parameters:
///   - function: A changeable function.
///   - changeable: A changeable of the function's input.
/// - Returns: The function's output; its flag is the OR of both flags.
@inlinable
public func apply<Value, NewValue>(
    _ function: Changeable<@Sendable (Value) -> NewValue>,
    _ changeable: Changeable<Value>
) -> Changeable<NewValue> {
    Changeable(function.value(changeable.value), hasChanges: function.hasChanges || changeable.hasChanges)
}

/// `apply(_:_:)` for a function that is not `@Sendable`: a changeable holds a value, with nothing
/// running concurrently, so any function will do. `function <*> changeable` is its second spelling.
///
/// ```swift
/// let log = Log()                                     // a class that is not Sendable
/// let record: (Int) -> Int = { log.append($0); return $0 * 2 }
/// let result = apply(Changeable(record, hasChanges: true), Changeable(21))
/// result.value        // 42
/// result.hasChanges   // true
/// ```
/// - Parameters:
///   - function: A changeable function.
///   - changeable: A changeable of the function's input.
/// - Returns: The function's output; its flag is the OR of both flags.
@inlinable
@_disfavoredOverload
public func apply<Value, NewValue>(
    _ function: Changeable<(Value) -> NewValue>,
    _ changeable: Changeable<Value>
) -> Changeable<NewValue> {
    Changeable(function.value(changeable.value), hasChanges: function.hasChanges || changeable.hasChanges)
}
