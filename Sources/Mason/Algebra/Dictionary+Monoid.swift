extension Dictionary: Monoid {
    /// Merges two dictionaries; where both have a key, the value of `rhs` wins (a right-biased merge).
    ///
    /// Right-biased merging is associative: in `a <> b <> c` each key ends up with the value of the last
    /// dictionary that has it, however the expression is grouped.
    ///
    /// ```swift
    /// let defaults = ["timeout": 30, "retries": 3]
    /// let overrides = ["timeout": 5]
    /// defaults <> overrides   // ["timeout": 5, "retries": 3]
    /// ```
    /// - Parameters:
    ///   - lhs: The base dictionary.
    ///   - rhs: The dictionary whose values win on shared keys.
    /// - Returns: Every key of both, with `rhs`'s value where both have it.
    /// - Complexity: O(`rhs.count`) on average, plus a copy of `lhs`.
    @inlinable
    public static func combine(_ lhs: [Key: Value], _ rhs: [Key: Value]) -> [Key: Value] {
        lhs.merging(rhs) { _, right in right }
    }

    /// The empty dictionary, the identity of merging.
    ///
    /// ```swift
    /// [String: Int].empty <> ["a": 1]   // ["a": 1]
    /// ```
    @inlinable
    public static var empty: [Key: Value] { [:] }
}
