/// A number combined by addition: the monoid `(+, 0)` under a name.
///
/// Numbers have two lawful monoids (addition and multiplication), so Mason conforms neither `Int` nor
/// `Double` directly; wrap the value to say which one you mean. ``Product`` is the other.
///
/// ```swift
/// concat([1, 2, 3].map(Sum.init)).value   // 6
/// (Sum(2) <> Sum(5)).value                // 7
/// ```
///
/// Floating-point addition rounds, so for `Double` the associativity law holds only up to rounding.
/// `Sum` is `Sendable`, `Hashable` and `Comparable` when `Value` is.
public struct Sum<Value: AdditiveArithmetic>: Monoid {
    /// The wrapped number.
    public var value: Value

    /// Wraps a number to be combined by addition.
    ///
    /// ```swift
    /// Sum(3).value   // 3
    /// ```
    /// - Parameter value: The number.
    @inlinable
    public init(_ value: Value) { self.value = value }

    /// Adds two sums.
    ///
    /// ```swift
    /// Sum.combine(Sum(2), Sum(5))   // Sum(7)
    /// ```
    /// - Parameters:
    ///   - lhs: The first sum.
    ///   - rhs: The second sum.
    /// - Returns: `Sum(lhs.value + rhs.value)`.
    @inlinable
    public static func combine(_ lhs: Sum, _ rhs: Sum) -> Sum { Sum(lhs.value + rhs.value) }

    /// `Sum(.zero)`, the identity of addition.
    ///
    /// ```swift
    /// Sum<Int>.empty.value   // 0
    /// ```
    @inlinable
    public static var empty: Sum { Sum(.zero) }
}

extension Sum: Sendable where Value: Sendable {}
extension Sum: Equatable {}
extension Sum: Hashable where Value: Hashable {}
extension Sum: Comparable where Value: Comparable {
    /// Orders sums by their values.
    ///
    /// ```swift
    /// Sum(1) < Sum(2)   // true
    /// ```
    /// - Parameters:
    ///   - lhs: A sum.
    ///   - rhs: Another sum.
    /// - Returns: `lhs.value < rhs.value`.
    @inlinable
    public static func < (lhs: Sum, rhs: Sum) -> Bool { lhs.value < rhs.value }
}
