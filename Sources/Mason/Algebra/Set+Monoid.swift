extension Set: Monoid {
    /// The union of two sets.
    ///
    /// ```swift
    /// Set([1, 2]) <> Set([2, 3])   // [1, 2, 3]
    /// ```
    /// - Parameters:
    ///   - lhs: A set.
    ///   - rhs: Another set.
    /// - Returns: `lhs.union(rhs)`.
    /// - Complexity: O(`rhs.count`) on average, plus a copy of `lhs`.
    @inlinable
    public static func combine(_ lhs: Set<Element>, _ rhs: Set<Element>) -> Set<Element> { lhs.union(rhs) }

    /// The empty set, the identity of union.
    ///
    /// ```swift
    /// Set<Int>.empty <> [1]   // [1]
    /// ```
    @inlinable
    public static var empty: Set<Element> { [] }
}
