/// A Boolean combined by `||`: the monoid `(||, false)` under a name — "is any of them true?".
///
/// This is Haskell's `Any`; it is called `AnyOf` because `Any` is Swift's top type. ``All`` is the other
/// `Bool` monoid.
///
/// ```swift
/// concat([false, true, false].map(AnyOf.init)).value   // true
/// concat([] as [AnyOf]).value                           // false
/// ```
public struct AnyOf: Monoid, Sendable, Hashable {
    /// The wrapped Boolean.
    public var value: Bool

    /// Wraps a Boolean to be combined with `||`.
    ///
    /// ```swift
    /// AnyOf(true).value   // true
    /// ```
    /// - Parameter value: The Boolean.
    @inlinable
    public init(_ value: Bool) { self.value = value }

    /// `AnyOf(lhs.value || rhs.value)`.
    ///
    /// ```swift
    /// AnyOf(true) <> AnyOf(false)   // AnyOf(true)
    /// ```
    /// - Parameters:
    ///   - lhs: The first value.
    ///   - rhs: The second value.
    /// - Returns: `AnyOf` of both values.
    @inlinable
    public static func combine(_ lhs: AnyOf, _ rhs: AnyOf) -> AnyOf { AnyOf(lhs.value || rhs.value) }

    /// `AnyOf(false)`, the identity of `||`: none of no values is true.
    ///
    /// ```swift
    /// AnyOf.empty.value   // false
    /// ```
    @inlinable
    public static var empty: AnyOf { AnyOf(false) }
}
