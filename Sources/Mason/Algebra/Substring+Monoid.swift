extension Substring: Monoid {
    /// Concatenates two substrings into a new substring.
    ///
    /// ```swift
    /// let name = "Mason"
    /// Substring.combine(name.prefix(2), name.suffix(1))   // "Man"
    /// ```
    /// - Parameters:
    ///   - lhs: The leading substring.
    ///   - rhs: The trailing substring.
    /// - Returns: `lhs + rhs`, as a `Substring`.
    @inlinable
    public static func combine(_ lhs: Substring, _ rhs: Substring) -> Substring { lhs + rhs }

    /// The empty substring, the identity of concatenation.
    ///
    /// ```swift
    /// Substring.empty <> "mason".dropFirst()   // "ason"
    /// ```
    @inlinable
    public static var empty: Substring { "" }
}
