/// Combines any number of `Either`s into one `Either` of a tuple; the first left wins.
///
/// The arguments are inspected in order; the result is the first left found, or a right holding
/// every right value. Any arity works (parameter packs), so there is no `zip3`…`zip10`.
///
/// ```swift
/// zip(Either<String, Int>.right(1), .right("a"), .right(true))   // .right((1, "a", true))
/// zip(Either<String, Int>.right(1), Either<String, Int>.left("x"), Either<String, Int>.left("y"))   // .left("x")
/// ```
/// - Parameter values: The `Either`s to combine; they share the `Left` type.
/// - Returns: `.right` of the tuple of right values, or the first left.
/// - Complexity: O(n) in the number of arguments.
@inlinable
public func zip<Left, each Value>(
    _ values: repeat Either<Left, each Value>
) -> Either<Left, (repeat each Value)> {
    for value in repeat each values {
        if case .left(let left) = value { return .left(left) }
    }
    // Every value is right: checked by the loop above.
    return .right((repeat (each values).right!))
}

/// Combines any number of `Either`s with a function of their right values; the first left wins.
///
/// ```swift
/// zip(with: +, Either<String, Int>.right(1), .right(2))       // .right(3)
/// zip(with: +, Either<String, Int>.left("a"), .left("b"))    // .left("a")
/// ```
/// - Parameters:
///   - transform: The function applied to the right values, in order; called only when all are right.
///   - values: The `Either`s to combine.
/// - Returns: `.right(transform(…))`, or the first left.
/// - Complexity: O(n) in the number of arguments.
@inlinable
public func zip<Left, each Value, NewValue>(
    with transform: (repeat each Value) -> NewValue,
    _ values: repeat Either<Left, each Value>
) -> Either<Left, NewValue> {
    for value in repeat each values {
        if case .left(let left) = value { return .left(left) }
    }
    // Every value is right: checked by the loop above.
    return .right(transform(repeat (each values).right!))
}
