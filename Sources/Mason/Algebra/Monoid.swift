/// A semigroup with an identity value.
///
/// Laws (identity): `combine(empty, a) == a` and `combine(a, empty) == a`.
///
/// ```swift
/// concat(["a", "b", "c"])   // "abc"
/// concat([] as [String])    // "" (String.empty)
/// ```
public protocol Monoid: Semigroup {
    /// The identity of ``Semigroup/combine(_:_:)``.
    static var empty: Self { get }
}

/// Combines every value of a sequence, starting from ``Monoid/empty``.
///
/// ```swift
/// concat([[1], [2, 3]])   // [1, 2, 3]
/// ```
/// - Parameter values: The values to combine, in order.
/// - Returns: Their combination, or `empty` for an empty sequence.
/// - Complexity: O(n) combinations.
public func concat<Values: Sequence>(_ values: Values) -> Values.Element where Values.Element: Monoid {
    values.reduce(Values.Element.empty, Values.Element.combine)
}

/// Combines the given values, starting from ``Monoid/empty``.
///
/// ```swift
/// concat("a", "b", "c")   // "abc"
/// ```
/// - Parameter values: The values to combine, in order.
/// - Returns: Their combination.
public func concat<Value: Monoid>(_ values: Value...) -> Value {
    concat(values)
}
