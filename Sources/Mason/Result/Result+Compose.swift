/// Composes a function that returns a `Result` with a plain function applied to its success.
///
/// `first <&> second` (the function form of `<&>`) and the mixed Kleisli form `first >=> second`
/// (where `second` returns a plain value) are its second spellings.
///
/// ```swift
/// let parse: @Sendable (String) -> Result<Int, ParseError> = { Int($0).map(Result.success) ?? .failure(.notANumber) }
/// let parseAndDouble = compose(parse, mapping: { $0 * 2 })
/// parseAndDouble("21")   // .success(42)
/// parseAndDouble("x")    // .failure(.notANumber)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s success value.
/// - Returns: A `@Sendable` function from `first`'s input to a `Result` of `second`'s output.
@inlinable
public func compose<Value, Middle, NewValue, Failure>(
    _ first: @escaping @Sendable (Value) -> Result<Middle, Failure>,
    mapping second: @escaping @Sendable (Middle) -> NewValue
) -> @Sendable (Value) -> Result<NewValue, Failure> {
    { first($0).map(second) }
}

/// Kleisli composition for `Result`: runs `first`, then `second` on its success value.
///
/// A failure from either function ends the chain. `first >=> second` is its second spelling.
///
/// ```swift
/// let parse: @Sendable (String) -> Result<Int, ParseError> = { Int($0).map(Result.success) ?? .failure(.notANumber) }
/// let half: @Sendable (Int) -> Result<Int, ParseError> = { $0.isMultiple(of: 2) ? .success($0 / 2) : .failure(.odd) }
/// let parseHalf = compose(parse, flatMapping: half)
/// parseHalf("8")   // .success(4)
/// parseHalf("7")   // .failure(.odd)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s success value.
/// - Returns: A `@Sendable` function from `first`'s input to `second`'s result.
@inlinable
public func compose<Value, Middle, NewValue, Failure>(
    _ first: @escaping @Sendable (Value) -> Result<Middle, Failure>,
    flatMapping second: @escaping @Sendable (Middle) -> Result<NewValue, Failure>
) -> @Sendable (Value) -> Result<NewValue, Failure> {
    { first($0).flatMap(second) }
}

// Plain twins, for functions that are not `@Sendable` (see `compose(_:_:)`'s): Swift prefers the
// `@Sendable` overloads above when both functions are `@Sendable`; these answer otherwise.

/// Map composition of plain functions: `compose(_:mapping:)` for `Result` when `first` or `second`
/// is not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let parse: (String) -> Result<Int, ParseError> = { Int($0).map(Result.success) ?? .failure(.notANumber) }
/// compose(parse, mapping: { $0 * 2 })("21")   // .success(42)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s value.
/// - Returns: A function from `first`'s input to a Result of `second`'s output.
@inlinable
@_disfavoredOverload
public func compose<Value, Middle, NewValue, Failure>(
    _ first: @escaping (Value) -> Result<Middle, Failure>,
    mapping second: @escaping (Middle) -> NewValue
) -> (Value) -> Result<NewValue, Failure> {
    { first($0).map(second) }
}

/// Kleisli composition of plain functions: `compose(_:flatMapping:)` for `Result` when `first` or `second`
/// is not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let parse: (String) -> Result<Int, ParseError> = { Int($0).map(Result.success) ?? .failure(.notANumber) }
/// compose(parse, flatMapping: { .success($0 / 2) })("8")   // .success(4)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s value.
/// - Returns: A function from `first`'s input to `second`'s result.
@inlinable
@_disfavoredOverload
public func compose<Value, Middle, NewValue, Failure>(
    _ first: @escaping (Value) -> Result<Middle, Failure>,
    flatMapping second: @escaping (Middle) -> Result<NewValue, Failure>
) -> (Value) -> Result<NewValue, Failure> {
    { first($0).flatMap(second) }
}
