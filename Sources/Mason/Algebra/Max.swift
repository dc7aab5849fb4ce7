/// A value combined by keeping the greater: a semigroup for any `Comparable`, a monoid for bounded
/// integers.
///
/// `Max` is a ``Monoid`` when `Value` is a `FixedWidthInteger`, with `Value.min` as the identity. For other
/// types (`String`, `Double`, your own) it is only a ``Semigroup``; fold it through `Optional`, whose `nil`
/// is the identity, or start from a value of your own.
///
/// ```swift
/// (Max(3) <> Max(1) <> Max(2)).value         // 3
/// concat([] as [Max<Int8>]).value             // -128
/// concat(["b", "a"].map { Max($0) as Max<String>? })?.value   // "b"
/// ```
///
/// Of two equal values `Max` keeps the last, as `Swift.max` does. The laws need a total order, so a
/// `Double` NaN breaks them. `Max` is `Sendable` and `Hashable` when `Value` is.
public struct Max<Value: Comparable>: Semigroup {
    /// The wrapped value.
    public var value: Value

    /// Wraps a value to be combined by keeping the greater.
    ///
    /// ```swift
    /// Max("mason").value   // "mason"
    /// ```
    /// - Parameter value: The value.
    @inlinable
    public init(_ value: Value) { self.value = value }

    /// Keeps the greater value, or `rhs` when they are equal.
    ///
    /// ```swift
    /// Max.combine(Max(4), Max(2))   // Max(4)
    /// ```
    /// - Parameters:
    ///   - lhs: The first value.
    ///   - rhs: The second value.
    /// - Returns: The greater of the two.
    @inlinable
    public static func combine(_ lhs: Max, _ rhs: Max) -> Max { rhs.value < lhs.value ? lhs : rhs }
}

extension Max: Monoid where Value: FixedWidthInteger {
    /// `Max(Value.min)`, the identity: no value is smaller.
    ///
    /// ```swift
    /// Max<Int8>.empty.value   // -128
    /// ```
    @inlinable
    public static var empty: Max { Max(Value.min) }
}

extension Max: Sendable where Value: Sendable {}
extension Max: Equatable {}
extension Max: Hashable where Value: Hashable {}
