extension String: Monoid {
    /// Concatenates two strings: `"ab" <> "c"` is `"abc"`.
    ///
    /// ```swift
    /// String.combine("Hello, ", "Mason")   // "Hello, Mason"
    /// concat(["a", "b", "c"])              // "abc"
    /// ```
    /// - Parameters:
    ///   - lhs: The leading string.
    ///   - rhs: The trailing string.
    /// - Returns: `lhs + rhs`.
    @inlinable
    public static func combine(_ lhs: String, _ rhs: String) -> String { lhs + rhs }

    /// The empty string, the identity of concatenation.
    ///
    /// ```swift
    /// String.empty <> "mason"   // "mason"
    /// ```
    @inlinable
    public static var empty: String { "" }
}
