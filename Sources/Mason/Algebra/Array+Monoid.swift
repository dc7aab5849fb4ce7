extension Array: Monoid {
    /// Appends the elements of `rhs` to those of `lhs`.
    ///
    /// ```swift
    /// [1, 2] <> [3]          // [1, 2, 3]
    /// concat([[1], [], [2]]) // [1, 2]
    /// ```
    /// - Parameters:
    ///   - lhs: The leading elements.
    ///   - rhs: The trailing elements.
    /// - Returns: `lhs + rhs`.
    @inlinable
    public static func combine(_ lhs: [Element], _ rhs: [Element]) -> [Element] { lhs + rhs }

    /// The empty array, the identity of concatenation.
    ///
    /// ```swift
    /// [Int].empty <> [1]   // [1]
    /// ```
    @inlinable
    public static var empty: [Element] { [] }
}
