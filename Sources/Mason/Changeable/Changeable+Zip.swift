/// Combines any number of changeables into one changeable of a tuple; it has changes when any of
/// them has.
///
/// ```swift
/// let name = Changeable("Joe", hasChanges: true)
/// let age = Changeable(42)
/// let both = zip(name, age)
/// both.value        // ("Joe", 42)
/// both.hasChanges   // true
/// ```
/// - Parameter changeables: The changeables, of any arity.
/// - Returns: A changeable of the tuple of their values; its flag is the OR of their flags.
@inlinable
public func zip<each Value>(
    _ changeables: repeat Changeable<each Value>
) -> Changeable<(repeat each Value)> {
    Changeable((repeat (each changeables).value), hasChanges: changeableZipHasChanges(repeat each changeables))
}

/// Combines any number of changeables with a function of their values; the result has changes when
/// any of them has.
///
/// ```swift
/// zip(with: +, Changeable(1), Changeable(2, hasChanges: true))   // Changeable(3, hasChanges: true)
/// ```
/// - Parameters:
///   - transform: The function that combines the values, applied at once.
///   - changeables: The changeables, of any arity.
/// - Returns: A changeable of `transform`'s result; its flag is the OR of their flags.
@inlinable
public func zip<each Value, Combined>(
    with transform: (repeat each Value) -> Combined,
    _ changeables: repeat Changeable<each Value>
) -> Changeable<Combined> {
    Changeable(
        transform(repeat (each changeables).value),
        hasChanges: changeableZipHasChanges(repeat each changeables)
    )
}

/// Whether any of `changeables` has changes.
@usableFromInline
func changeableZipHasChanges<each Value>(_ changeables: repeat Changeable<each Value>) -> Bool {
    var hasChanges = false
    for changeable in repeat each changeables {
        hasChanges = hasChanges || changeable.hasChanges
    }
    return hasChanges
}
