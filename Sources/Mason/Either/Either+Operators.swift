// The operator spellings of Either's combinators. Each overload only forwards to its named twin.

/// Map: `either <&> transform` is ``Either/map(_:)``.
///
/// ```swift
/// Either<String, Int>.right(2) <&> { $0 + 1 }   // .right(3)
/// ```
/// - Parameters:
///   - either: The value to transform.
///   - transform: The function applied to a right value.
/// - Returns: `either.map(transform)`.
@inlinable
public func <&> <Left, Right, NewRight>(
    either: Either<Left, Right>,
    transform: (Right) -> NewRight
) -> Either<Left, NewRight> {
    either.map(transform)
}

/// Map, function form: `first <&> second` is `compose(first, mapping: second)`.
///
/// ```swift
/// let parse: @Sendable (String) -> Either<String, Int> = { Int($0).map(Either.right) ?? .left($0) }
/// (parse <&> { $0 * 2 })("21")   // .right(42)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s right value.
/// - Returns: A `@Sendable` function from `first`'s input to an `Either` of `second`'s output.
@inlinable
public func <&> <Value, Left, Middle, NewValue>(
    first: @escaping @Sendable (Value) -> Either<Left, Middle>,
    second: @escaping @Sendable (Middle) -> NewValue
) -> @Sendable (Value) -> Either<Left, NewValue> {
    compose(first, mapping: second)
}

/// Bind: `either >>- transform` is ``Either/flatMap(_:)``.
///
/// ```swift
/// Either<String, Int>.right(8) >>- { $0.isMultiple(of: 2) ? .right($0 / 2) : .left("odd") }   // .right(4)
/// ```
/// - Parameters:
///   - either: The value to transform.
///   - transform: The function applied to a right value.
/// - Returns: `either.flatMap(transform)`.
@inlinable
public func >>- <Left, Right, NewRight>(
    either: Either<Left, Right>,
    transform: (Right) -> Either<Left, NewRight>
) -> Either<Left, NewRight> {
    either.flatMap(transform)
}

/// Kleisli composition: `first >=> second` is `compose(first, flatMapping: second)`.
///
/// ```swift
/// let parse: @Sendable (String) -> Either<String, Int> = { Int($0).map(Either.right) ?? .left("nan") }
/// let half: @Sendable (Int) -> Either<String, Int> = { $0.isMultiple(of: 2) ? .right($0 / 2) : .left("odd") }
/// "8" |> parse >=> half   // .right(4)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s right value.
/// - Returns: A `@Sendable` function from `first`'s input to `second`'s result.
@inlinable
public func >=> <Value, Left, Middle, NewValue>(
    first: @escaping @Sendable (Value) -> Either<Left, Middle>,
    second: @escaping @Sendable (Middle) -> Either<Left, NewValue>
) -> @Sendable (Value) -> Either<Left, NewValue> {
    compose(first, flatMapping: second)
}

/// Apply: `transform <*> value` is `apply(transform, value)`; when both are left, the function's
/// (the first) left wins, as for `Result`.
///
/// ```swift
/// let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
/// Either<String, Int>.right(1) <&> add <*> .right(2)   // .right(3)
/// ```
/// - Parameters:
///   - transform: The wrapped `@Sendable` function.
///   - value: The wrapped argument.
/// - Returns: `.right(f(x))` when both are right; otherwise the first left.
@inlinable
public func <*> <Left, Value, NewValue>(
    transform: Either<Left, @Sendable (Value) -> NewValue>,
    value: Either<Left, Value>
) -> Either<Left, NewValue> {
    apply(transform, value)
}

// Plain twins, for functions that are not `@Sendable` (see `compose(_:_:)`'s): Swift prefers the
// `@Sendable` overloads above when both functions are `@Sendable`; these answer otherwise.

/// `first <&> second` for `Either` when `first` or `second` is not `@Sendable`; the result is a
/// plain function.
///
/// ```swift
/// let parse: (String) -> Either<String, Int> = { Int($0).map(Either.right) ?? .left($0) }
/// (parse <&> { $0 * 2 })("21")   // .right(42)
/// ```
@inlinable
@_disfavoredOverload
public func <&> <Value, Left, Middle, NewValue>(
    first: @escaping (Value) -> Either<Left, Middle>,
    second: @escaping (Middle) -> NewValue
) -> (Value) -> Either<Left, NewValue> {
    compose(first, mapping: second)
}

/// `first >=> second` for `Either` when `first` or `second` is not `@Sendable`; the result is a
/// plain function.
///
/// ```swift
/// let parse: (String) -> Either<String, Int> = { Int($0).map(Either.right) ?? .left($0) }
/// "8" |> parse >=> { .right($0 / 2) }   // .right(4)
/// ```
@inlinable
@_disfavoredOverload
public func >=> <Value, Left, Middle, NewValue>(
    first: @escaping (Value) -> Either<Left, Middle>,
    second: @escaping (Middle) -> Either<Left, NewValue>
) -> (Value) -> Either<Left, NewValue> {
    compose(first, flatMapping: second)
}

/// `transform <*> value` for `Either` when the function is not `@Sendable`: `apply(_:_:)`'s plain
/// twin.
///
/// ```swift
/// let add: (Int) -> (Int) -> Int = { a in { b in a + b } }
/// Either<String, Int>.right(1) <&> add <*> .right(2)   // .right(3)
/// ```
@inlinable
@_disfavoredOverload
public func <*> <Left, Value, NewValue>(
    transform: Either<Left, (Value) -> NewValue>,
    value: Either<Left, Value>
) -> Either<Left, NewValue> {
    apply(transform, value)
}
