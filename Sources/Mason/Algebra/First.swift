/// An optional value combined by keeping the first one that is present.
///
/// `First(nil)` is the identity, so `First` is a ``Monoid`` for any `Value`: folding a sequence gives
/// its first non-`nil` value. ``Last`` keeps the last one.
///
/// ```swift
/// concat([nil, 2, 3].map(First.init)).value   // Optional(2)
/// (First<Int>(nil) <> First(nil)).value       // nil
/// ```
///
/// `First` is `Sendable`, `Equatable` and `Hashable` when `Value` is.
public struct First<Value>: Monoid {
    /// The wrapped value, if any.
    public var value: Value?

    /// Wraps an optional value.
    ///
    /// ```swift
    /// First(1).value   // Optional(1)
    /// ```
    /// - Parameter value: The value, or `nil`.
    @inlinable
    public init(_ value: Value?) { self.value = value }

    /// Keeps `lhs` when it holds a value, otherwise `rhs`.
    ///
    /// ```swift
    /// First(1) <> First(2)     // First(1)
    /// First(nil) <> First(2)   // First(2)
    /// ```
    /// - Parameters:
    ///   - lhs: The earlier value.
    ///   - rhs: The later value.
    /// - Returns: The first that holds a value, or `First(nil)`.
    @inlinable
    public static func combine(_ lhs: First, _ rhs: First) -> First { lhs.value == nil ? rhs : lhs }

    /// `First(nil)`, the identity.
    ///
    /// ```swift
    /// First<Int>.empty.value   // nil
    /// ```
    @inlinable
    public static var empty: First { First(nil) }
}

extension First: Sendable where Value: Sendable {}
extension First: Equatable where Value: Equatable {}
extension First: Hashable where Value: Hashable {}
