/// Combines any number of optionals into an optional tuple: `nil` if any of them is `nil`.
///
/// Any arity works (parameter packs), so there is no `zip3`…`zip10`.
///
/// ```swift
/// zip(Int("1"), Optional("a"), Optional(true))   // Optional((1, "a", true))
/// zip(Int("1"), Int("x"))                        // nil
/// ```
/// - Parameter optionals: The optionals to combine.
/// - Returns: The tuple of their values, or `nil`.
/// - Complexity: O(n) in the number of arguments.
@inlinable
public func zip<each Value>(
    _ optionals: repeat (each Value)?
) -> (repeat each Value)? {
    for optional in repeat each optionals {
        if optional == nil { return nil }
    }
    // Every optional holds a value: checked by the loop above.
    return (repeat (each optionals)!)
}

/// Combines any number of optionals with a function of their values: `nil` if any of them is `nil`.
///
/// ```swift
/// zip(with: +, Int("1"), Int("2"))   // Optional(3)
/// zip(with: +, Int("1"), Int("x"))   // nil
/// ```
/// - Parameters:
///   - transform: The function applied to the values, in order; called only when all are present.
///   - optionals: The optionals to combine.
/// - Returns: `transform(…)`, or `nil`.
/// - Complexity: O(n) in the number of arguments.
@inlinable
public func zip<each Value, NewValue>(
    with transform: (repeat each Value) -> NewValue,
    _ optionals: repeat (each Value)?
) -> NewValue? {
    for optional in repeat each optionals {
        if optional == nil { return nil }
    }
    // Every optional holds a value: checked by the loop above.
    return transform(repeat (each optionals)!)
}
