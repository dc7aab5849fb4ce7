/// A Boolean combined by `&&`: the monoid `(&&, true)` under a name — "are all of them true?".
///
/// `Bool` has two lawful monoids, so Mason conforms `Bool` to neither (Funswift's `Bool` monoid paired
/// `&&` with `false`, which breaks the identity law); ``AnyOf`` is the other.
///
/// ```swift
/// concat([true, true, false].map(All.init)).value   // false
/// concat([] as [All]).value                          // true
/// ```
public struct All: Monoid, Sendable, Hashable {
    /// The wrapped Boolean.
    public var value: Bool

    /// Wraps a Boolean to be combined with `&&`.
    ///
    /// ```swift
    /// All(true).value   // true
    /// ```
    /// - Parameter value: The Boolean.
    @inlinable
    public init(_ value: Bool) { self.value = value }

    /// `All(lhs.value && rhs.value)`.
    ///
    /// ```swift
    /// All(true) <> All(false)   // All(false)
    /// ```
    /// - Parameters:
    ///   - lhs: The first value.
    ///   - rhs: The second value.
    /// - Returns: `All` of both values.
    @inlinable
    public static func combine(_ lhs: All, _ rhs: All) -> All { All(lhs.value && rhs.value) }

    /// `All(true)`, the identity of `&&`: all of no values are true.
    ///
    /// ```swift
    /// All.empty.value   // true
    /// ```
    @inlinable
    public static var empty: All { All(true) }
}
