/// Composes a function that returns an `Either` with a plain function applied to its right value.
///
/// `first <&> second` (the function form of `<&>`) is its second spelling.
///
/// ```swift
/// let parse: @Sendable (String) -> Either<String, Int> = { Int($0).map(Either.right) ?? .left($0) }
/// let parseAndDouble = compose(parse, mapping: { $0 * 2 })
/// parseAndDouble("21")   // .right(42)
/// parseAndDouble("x")    // .left("x")
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s right value.
/// - Returns: A `@Sendable` function from `first`'s input to an `Either` of `second`'s output.
@inlinable
public func compose<Value, Left, Middle, NewValue>(
    _ first: @escaping @Sendable (Value) -> Either<Left, Middle>,
    mapping second: @escaping @Sendable (Middle) -> NewValue
) -> @Sendable (Value) -> Either<Left, NewValue> {
    { first($0).map(second) }
}

/// Kleisli composition for `Either`: runs `first`, then `second` on its right value.
///
/// A left from either function ends the chain. `first >=> second` is its second spelling.
///
/// ```swift
/// let parse: @Sendable (String) -> Either<String, Int> = { Int($0).map(Either.right) ?? .left("not a number") }
/// let half: @Sendable (Int) -> Either<String, Int> = { $0.isMultiple(of: 2) ? .right($0 / 2) : .left("odd") }
/// let parseHalf = compose(parse, flatMapping: half)
/// parseHalf("8")   // .right(4)
/// parseHalf("7")   // .left("odd")
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s right value.
/// - Returns: A `@Sendable` function from `first`'s input to `second`'s result.
@inlinable
public func compose<Value, Left, Middle, NewValue>(
    _ first: @escaping @Sendable (Value) -> Either<Left, Middle>,
    flatMapping second: @escaping @Sendable (Middle) -> Either<Left, NewValue>
) -> @Sendable (Value) -> Either<Left, NewValue> {
    { first($0).flatMap(second) }
}
