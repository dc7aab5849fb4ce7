/// Composes a function that returns an optional with a plain function applied to its value.
///
/// `first <&> second` (the function form of `<&>`) is its second spelling.
///
/// ```swift
/// let parse: @Sendable (String) -> Int? = { Int($0) }
/// let parseAndDouble = compose(parse, mapping: { $0 * 2 })
/// parseAndDouble("21")   // Optional(42)
/// parseAndDouble("x")    // nil
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s value when there is one.
/// - Returns: A `@Sendable` function from `first`'s input to an optional of `second`'s output.
@inlinable
public func compose<Value, Middle, NewValue>(
    _ first: @escaping @Sendable (Value) -> Middle?,
    mapping second: @escaping @Sendable (Middle) -> NewValue
) -> @Sendable (Value) -> NewValue? {
    { first($0).map(second) }
}

/// Kleisli composition for `Optional`: runs `first`, then `second` on its value; `nil` ends the chain.
///
/// `first >=> second` is its second spelling. `second` may also return a plain value (Swift
/// converts `(Middle) -> NewValue` to `(Middle) -> NewValue?`), which is the mixed form
/// FunNetworking's `URL.init(string:) >=> urlRequestWithTimeout(30)` needs; when `second` returns an
/// optional, the result is flattened (`NewValue?`, never `NewValue??`).
///
/// ```swift
/// let parse: @Sendable (String) -> Int? = { Int($0) }
/// let positive: @Sendable (Int) -> Int? = { $0 > 0 ? $0 : nil }
/// compose(parse, flatMapping: positive)("7")    // Optional(7)
/// compose(parse, flatMapping: positive)("-7")   // nil
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s value when there is one.
/// - Returns: A `@Sendable` function from `first`'s input to `second`'s result.
@inlinable
public func compose<Value, Middle, NewValue>(
    _ first: @escaping @Sendable (Value) -> Middle?,
    flatMapping second: @escaping @Sendable (Middle) -> NewValue?
) -> @Sendable (Value) -> NewValue? {
    { first($0).flatMap(second) }
}

// Plain twins, for functions that are not `@Sendable` (see `compose(_:_:)`'s): Swift prefers the
// `@Sendable` overloads above when both functions are `@Sendable`; these answer otherwise.

/// Map composition of plain functions: `compose(_:mapping:)` for `Optional` when `first` or `second`
/// is not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let parse: (String) -> Int? = { Int($0) }
/// compose(parse, mapping: { $0 * 2 })("21")   // Optional(42)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s value.
/// - Returns: A function from `first`'s input to a Optional of `second`'s output.
@inlinable
@_disfavoredOverload
public func compose<Value, Middle, NewValue>(
    _ first: @escaping (Value) -> Middle?,
    mapping second: @escaping (Middle) -> NewValue
) -> (Value) -> NewValue? {
    { first($0).map(second) }
}

/// Kleisli composition of plain functions: `compose(_:flatMapping:)` for `Optional` when `first` or `second`
/// is not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let parse: (String) -> Int? = { Int($0) }
/// compose(parse, flatMapping: { $0 > 0 ? $0 : nil })("-4")   // nil
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s value.
/// - Returns: A function from `first`'s input to `second`'s result.
@inlinable
@_disfavoredOverload
public func compose<Value, Middle, NewValue>(
    _ first: @escaping (Value) -> Middle?,
    flatMapping second: @escaping (Middle) -> NewValue?
) -> (Value) -> NewValue? {
    { first($0).flatMap(second) }
}
