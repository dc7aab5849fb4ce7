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

// Plain twins, for functions that are not `@Sendable` (see `compose(_:_:)`'s): Swift prefers the
// `@Sendable` overloads above when both functions are `@Sendable`; these answer otherwise.

/// Map composition of plain functions: `compose(_:mapping:)` for `Either` when `first` or `second`
/// is not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let parse: (String) -> Either<String, Int> = { Int($0).map(Either.right) ?? .left($0) }
/// compose(parse, mapping: { $0 * 2 })("21")   // .right(42)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s value.
/// - Returns: A function from `first`'s input to a Either of `second`'s output.
@inlinable
@_disfavoredOverload
public func compose<Value, Left, Middle, NewValue>(
    _ first: @escaping (Value) -> Either<Left, Middle>,
    mapping second: @escaping (Middle) -> NewValue
) -> (Value) -> Either<Left, NewValue> {
    { first($0).map(second) }
}

/// Kleisli composition of plain functions: `compose(_:flatMapping:)` for `Either` when `first` or `second`
/// is not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let parse: (String) -> Either<String, Int> = { Int($0).map(Either.right) ?? .left($0) }
/// compose(parse, flatMapping: { .right($0 / 2) })("8")   // .right(4)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s value.
/// - Returns: A function from `first`'s input to `second`'s result.
@inlinable
@_disfavoredOverload
public func compose<Value, Left, Middle, NewValue>(
    _ first: @escaping (Value) -> Either<Left, Middle>,
    flatMapping second: @escaping (Middle) -> Either<Left, NewValue>
) -> (Value) -> Either<Left, NewValue> {
    { first($0).flatMap(second) }
}
