/// A value combined by keeping the smaller: a semigroup for any `Comparable`, a monoid for bounded
/// integers.
///
/// `Min` is a ``Monoid`` when `Value` is a `FixedWidthInteger`, with `Value.max` as the identity. For other
/// types (`String`, `Double`, your own) it is only a ``Semigroup``; fold it through `Optional`, whose `nil`
/// is the identity, or start from a value of your own.
///
/// ```swift
/// (Min(3) <> Min(1) <> Min(2)).value         // 1
/// concat([] as [Min<Int>]).value              // Int.max
/// concat(["b", "a"].map { Min($0) as Min<String>? })?.value   // "a"
/// ```
///
/// Of two equal values `Min` keeps the first, as `Swift.min` does. The laws need a total order, so a
/// `Double` NaN breaks them. `Min` is `Sendable` and `Hashable` when `Value` is.
public struct Min<Value: Comparable>: Semigroup {
    /// The wrapped value.
    public var value: Value

    /// Wraps a value to be combined by keeping the smaller.
    ///
    /// ```swift
    /// Min("mason").value   // "mason"
    /// ```
    /// - Parameter value: The value.
    @inlinable
    public init(_ value: Value) { self.value = value }

    /// Keeps the smaller value, or `lhs` when they are equal.
    ///
    /// ```swift
    /// Min.combine(Min(4), Min(2))   // Min(2)
    /// ```
    /// - Parameters:
    ///   - lhs: The first value.
    ///   - rhs: The second value.
    /// - Returns: The smaller of the two.
    @inlinable
    public static func combine(_ lhs: Min, _ rhs: Min) -> Min { rhs.value < lhs.value ? rhs : lhs }
}

extension Min: Monoid where Value: FixedWidthInteger {
    /// `Min(Value.max)`, the identity: no value is greater.
    ///
    /// ```swift
    /// Min<UInt8>.empty.value   // 255
    /// ```
    @inlinable
    public static var empty: Min { Min(Value.max) }
}

extension Min: Sendable where Value: Sendable {}
extension Min: Equatable {}
extension Min: Hashable where Value: Hashable {}
