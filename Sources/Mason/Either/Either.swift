/// A value that is one of two things: a `Left` or a `Right`.
///
/// By convention (Funswift's, Haskell's) `right` is the success and `left` the failure or the
/// alternative, so `map` and `flatMap` work on the right side. Unlike `Result`, `Left` need not be
/// an `Error`.
///
/// ```swift
/// let parsed: Either<String, Int> = Int("42").map(Either.right) ?? .left("not a number")
/// parsed.map { $0 + 1 }   // .right(43)
/// ```
///
/// `Either` is `Sendable`, `Equatable`, `Hashable` and `Codable` when both sides are.
public enum Either<Left, Right> {
    /// The left (by convention: failure or alternative) value.
    case left(Left)
    /// The right (by convention: success) value.
    case right(Right)
}

extension Either: Sendable where Left: Sendable, Right: Sendable {}
extension Either: Equatable where Left: Equatable, Right: Equatable {}
extension Either: Hashable where Left: Hashable, Right: Hashable {}

extension Either {
    /// Transforms the right value, leaving a left value unchanged. `either <&> f` is its second spelling.
    ///
    /// ```swift
    /// Either<String, Int>.right(2).map { $0 * 10 }   // .right(20)
    /// Either<String, Int>.left("no").map { $0 * 10 } // .left("no")
    /// ```
    /// - Parameter transform: The function applied to a right value.
    /// - Returns: The transformed `Either`.
    @inlinable
    public func map<NewRight>(_ transform: (Right) -> NewRight) -> Either<Left, NewRight> {
        switch self {
        case .left(let left): .left(left)
        case .right(let right): .right(transform(right))
        }
    }

    /// Transforms the right value into another `Either`, flattening the result. `either >>- f` is its
    /// second spelling.
    ///
    /// ```swift
    /// func half(_ n: Int) -> Either<String, Int> { n.isMultiple(of: 2) ? .right(n / 2) : .left("odd") }
    /// Either<String, Int>.right(8).flatMap(half)   // .right(4)
    /// Either<String, Int>.right(3).flatMap(half)   // .left("odd")
    /// ```
    /// - Parameter transform: The function applied to a right value.
    /// - Returns: `transform`'s result, or the unchanged left value.
    @inlinable
    public func flatMap<NewRight>(_ transform: (Right) -> Either<Left, NewRight>) -> Either<Left, NewRight> {
        switch self {
        case .left(let left): .left(left)
        case .right(let right): transform(right)
        }
    }
}
