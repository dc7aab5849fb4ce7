extension Optional: Semigroup where Wrapped: Semigroup {
    /// Combines the wrapped values when both are present; `nil` is ignored.
    ///
    /// This lifts any semigroup into a monoid, with `nil` as the identity: `.some(a) <> .some(b)` is
    /// `.some(a <> b)`, and `nil <> x` and `x <> nil` are `x`.
    ///
    /// ```swift
    /// Optional("a") <> Optional("b")   // Optional("ab")
    /// Optional("a") <> nil             // Optional("a")
    /// String?.none <> nil              // nil
    /// ```
    /// - Parameters:
    ///   - lhs: The first optional value.
    ///   - rhs: The second optional value.
    /// - Returns: The combination of the values that are present, or `nil` when neither is.
    @inlinable
    public static func combine(_ lhs: Wrapped?, _ rhs: Wrapped?) -> Wrapped? {
        switch (lhs, rhs) {
        case let (left?, right?): Wrapped.combine(left, right)
        case (let left?, nil): left
        case (nil, let right): right
        }
    }
}

extension Optional: Monoid where Wrapped: Semigroup {
    /// `nil`, the identity: `nil <> x` and `x <> nil` are `x`.
    ///
    /// Because `nil` is the identity, `Optional` is a monoid whenever `Wrapped` is only a semigroup, so
    /// semigroups such as ``Min`` and ``Max`` of any `Comparable` can be folded with `concat(_:)`.
    ///
    /// ```swift
    /// concat([3, 1, 2].map { Optional(Min($0)) })?.value   // 1
    /// concat([] as [Min<Int>?])                             // nil
    /// ```
    @inlinable
    public static var empty: Wrapped? { nil }
}
