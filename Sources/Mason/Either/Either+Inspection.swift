extension Either {
    /// The left value, or `nil` when this is a right value.
    ///
    /// Funswift spelled it as the method `left()`; Mason makes it a property, like `Optional`'s members.
    ///
    /// ```swift
    /// Either<String, Int>.left("no").left   // Optional("no")
    /// Either<String, Int>.right(1).left     // nil
    /// ```
    @inlinable
    public var left: Left? {
        if case .left(let left) = self { left } else { nil }
    }

    /// The right value, or `nil` when this is a left value.
    ///
    /// ```swift
    /// Either<String, Int>.right(1).right     // Optional(1)
    /// Either<String, Int>.left("no").right   // nil
    /// ```
    @inlinable
    public var right: Right? {
        if case .right(let right) = self { right } else { nil }
    }

    /// Whether this is a left value.
    ///
    /// ```swift
    /// Either<String, Int>.left("no").isLeft   // true
    /// ```
    @inlinable
    public var isLeft: Bool {
        if case .left = self { true } else { false }
    }

    /// Whether this is a right value.
    ///
    /// ```swift
    /// Either<String, Int>.right(1).isRight   // true
    /// ```
    @inlinable
    public var isRight: Bool {
        if case .right = self { true } else { false }
    }

    /// Runs a side effect on a left value and returns `self` unchanged.
    ///
    /// Handy for logging in a chain; the result may be ignored.
    ///
    /// ```swift
    /// Either<String, Int>.left("no").onLeft { print("failed:", $0) }   // prints "failed: no"
    /// ```
    /// - Parameter action: The side effect, called only for a left value.
    /// - Returns: `self`.
    @inlinable
    @discardableResult
    public func onLeft(_ action: (Left) -> Void) -> Self {
        if case .left(let left) = self { action(left) }
        return self
    }

    /// Runs a side effect on a right value and returns `self` unchanged.
    ///
    /// ```swift
    /// let value = Either<String, Int>.right(2).onRight { print("got", $0) }   // prints "got 2"
    /// value   // .right(2)
    /// ```
    /// - Parameter action: The side effect, called only for a right value.
    /// - Returns: `self`.
    @inlinable
    @discardableResult
    public func onRight(_ action: (Right) -> Void) -> Self {
        if case .right(let right) = self { action(right) }
        return self
    }

    /// Transforms the left value, leaving a right value unchanged (Funswift's `lMap`).
    ///
    /// ```swift
    /// Either<String, Int>.left("no").mapLeft(\.count)   // .left(2)
    /// Either<String, Int>.right(5).mapLeft(\.count)     // .right(5)
    /// ```
    /// - Parameter transform: The function applied to a left value.
    /// - Returns: The transformed `Either`.
    @inlinable
    public func mapLeft<NewLeft>(_ transform: (Left) -> NewLeft) -> Either<NewLeft, Right> {
        switch self {
        case .left(let left): .left(transform(left))
        case .right(let right): .right(right)
        }
    }

    /// Transforms whichever side is present: the bifunctor map.
    ///
    /// Funswift's `biMap(f, g)` took the *right* function first, positionally; Mason labels both
    /// arguments so the order cannot be mistaken, and takes them in the type's order, left first.
    ///
    /// ```swift
    /// let either = Either<String, Int>.right(2)
    /// either.biMap(left: \.count, right: { $0 * 10 })   // .right(20)
    /// Either<String, Int>.left("no").biMap(left: \.count, right: { $0 * 10 })   // .left(2)
    /// ```
    /// - Parameters:
    ///   - transformLeft: The function applied to a left value.
    ///   - transformRight: The function applied to a right value.
    /// - Returns: The transformed `Either`.
    @inlinable
    public func biMap<NewLeft, NewRight>(
        left transformLeft: (Left) -> NewLeft,
        right transformRight: (Right) -> NewRight
    ) -> Either<NewLeft, NewRight> {
        switch self {
        case .left(let left): .left(transformLeft(left))
        case .right(let right): .right(transformRight(right))
        }
    }
}
