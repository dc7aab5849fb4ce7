/// An optional value combined by keeping the last one that is present.
///
/// `Last(nil)` is the identity, so `Last` is a ``Monoid`` for any `Value`: folding a sequence gives
/// its last non-`nil` value. ``First`` keeps the first one.
///
/// ```swift
/// concat([1, 2, nil].map(Last.init)).value   // Optional(2)
/// (Last<Int>(nil) <> Last(nil)).value        // nil
/// ```
///
/// `Last` is `Sendable`, `Equatable` and `Hashable` when `Value` is.
public struct Last<Value>: Monoid {
    /// The wrapped value, if any.
    public var value: Value?

    /// Wraps an optional value.
    ///
    /// ```swift
    /// Last(1).value   // Optional(1)
    /// ```
    /// - Parameter value: The value, or `nil`.
    @inlinable
    public init(_ value: Value?) { self.value = value }

    /// Keeps `rhs` when it holds a value, otherwise `lhs`.
    ///
    /// ```swift
    /// Last(1) <> Last(2)     // Last(2)
    /// Last(1) <> Last(nil)   // Last(1)
    /// ```
    /// - Parameters:
    ///   - lhs: The earlier value.
    ///   - rhs: The later value.
    /// - Returns: The last that holds a value, or `Last(nil)`.
    @inlinable
    public static func combine(_ lhs: Last, _ rhs: Last) -> Last { rhs.value == nil ? lhs : rhs }

    /// `Last(nil)`, the identity.
    ///
    /// ```swift
    /// Last<Int>.empty.value   // nil
    /// ```
    @inlinable
    public static var empty: Last { Last(nil) }
}

extension Last: Sendable where Value: Sendable {}
extension Last: Equatable where Value: Equatable {}
extension Last: Hashable where Value: Hashable {}
