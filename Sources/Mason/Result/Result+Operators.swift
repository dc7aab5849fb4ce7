// The operator spellings of Result's combinators. Each overload only forwards to its named twin.

/// Map: `result <&> transform` is `result.map(transform)`.
///
/// ```swift
/// Result<Int, MyError>.success(2) <&> { $0 + 1 }   // .success(3)
/// ```
/// - Parameters:
///   - result: The value to transform.
///   - transform: The function applied to a success value.
/// - Returns: `result.map(transform)`.
@inlinable
public func <&> <Success, NewSuccess, Failure>(
    result: Result<Success, Failure>,
    transform: (Success) -> NewSuccess
) -> Result<NewSuccess, Failure> {
    result.map(transform)
}

/// Map, function form: `first <&> second` is `compose(first, mapping: second)`.
///
/// This is the form FunNetworking's `requestAsyncR <&> decodeJsonData` uses.
///
/// ```swift
/// let parse: @Sendable (String) -> Result<Int, ParseError> = { Int($0).map(Result.success) ?? .failure(.notANumber) }
/// (parse <&> { $0 * 2 })("21")   // .success(42)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s success value.
/// - Returns: A `@Sendable` function from `first`'s input to a `Result` of `second`'s output.
@inlinable
public func <&> <Value, Middle, NewValue, Failure>(
    first: @escaping @Sendable (Value) -> Result<Middle, Failure>,
    second: @escaping @Sendable (Middle) -> NewValue
) -> @Sendable (Value) -> Result<NewValue, Failure> {
    compose(first, mapping: second)
}

/// Bind: `result >>- transform` is `result.flatMap(transform)`.
///
/// ```swift
/// Result<Int, MyError>.success(8) >>- { $0.isMultiple(of: 2) ? .success($0 / 2) : .failure(.odd) }   // .success(4)
/// ```
/// - Parameters:
///   - result: The value to transform.
///   - transform: The function applied to a success value.
/// - Returns: `result.flatMap(transform)`.
@inlinable
public func >>- <Success, NewSuccess, Failure>(
    result: Result<Success, Failure>,
    transform: (Success) -> Result<NewSuccess, Failure>
) -> Result<NewSuccess, Failure> {
    result.flatMap(transform)
}

/// Kleisli composition: `first >=> second` is `compose(first, flatMapping: second)`.
///
/// ```swift
/// let parse: @Sendable (String) -> Result<Int, ParseError> = { Int($0).map(Result.success) ?? .failure(.notANumber) }
/// let half: @Sendable (Int) -> Result<Int, ParseError> = { $0.isMultiple(of: 2) ? .success($0 / 2) : .failure(.odd) }
/// "8" |> parse >=> half   // .success(4)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s success value.
/// - Returns: A `@Sendable` function from `first`'s input to `second`'s result.
@inlinable
public func >=> <Value, Middle, NewValue, Failure>(
    first: @escaping @Sendable (Value) -> Result<Middle, Failure>,
    second: @escaping @Sendable (Middle) -> Result<NewValue, Failure>
) -> @Sendable (Value) -> Result<NewValue, Failure> {
    compose(first, flatMapping: second)
}

/// Kleisli composition, mixed form: when `second` returns a plain value, `first >=> second` is
/// `compose(first, mapping: second)` (the same as `first <&> second`).
///
/// When `second` returns a `Result` with the same failure type, the flattening overload is chosen
/// instead, so the result is not a nested `Result`. (A `second` whose `Result` has a *different*
/// failure type is a plain value to this overload: map its error first to flatten.)
///
/// ```swift
/// let parse: @Sendable (String) -> Result<Int, ParseError> = { Int($0).map(Result.success) ?? .failure(.notANumber) }
/// "21" |> parse >=> { $0 * 2 }   // .success(42)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s success value.
/// - Returns: A `@Sendable` function from `first`'s input to a `Result` of `second`'s output.
@inlinable
public func >=> <Value, Middle, NewValue, Failure>(
    first: @escaping @Sendable (Value) -> Result<Middle, Failure>,
    second: @escaping @Sendable (Middle) -> NewValue
) -> @Sendable (Value) -> Result<NewValue, Failure> {
    compose(first, mapping: second)
}

/// Apply: `transform <*> value` is `apply(transform, value)`; when both fail, the function's
/// (the first) failure wins.
///
/// ```swift
/// let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
/// Result<Int, MyError>.success(1) <&> add <*> .success(2)   // .success(3)
/// ```
/// - Parameters:
///   - transform: The wrapped `@Sendable` function.
///   - value: The wrapped argument.
/// - Returns: `.success(f(x))` when both succeed; otherwise the first failure.
@inlinable
public func <*> <Value, NewValue, Failure>(
    transform: Result<@Sendable (Value) -> NewValue, Failure>,
    value: Result<Value, Failure>
) -> Result<NewValue, Failure> {
    apply(transform, value)
}

// Plain twins, for functions that are not `@Sendable` (see `compose(_:_:)`'s): Swift prefers the
// `@Sendable` overloads above when both functions are `@Sendable`; these answer otherwise.

/// `first <&> second` for `Result` when `first` or `second` is not `@Sendable`; the result is a
/// plain function.
///
/// ```swift
/// let parse: (String) -> Result<Int, ParseError> = { Int($0).map(Result.success) ?? .failure(.notANumber) }
/// (parse <&> { $0 * 2 })("21")   // .success(42)
/// ```
@inlinable
@_disfavoredOverload
public func <&> <Value, Middle, NewValue, Failure>(
    first: @escaping (Value) -> Result<Middle, Failure>,
    second: @escaping (Middle) -> NewValue
) -> (Value) -> Result<NewValue, Failure> {
    compose(first, mapping: second)
}

/// `first >=> second` for `Result` when `first` or `second` is not `@Sendable`; the result is a
/// plain function.
///
/// ```swift
/// let parse: (String) -> Result<Int, ParseError> = { Int($0).map(Result.success) ?? .failure(.notANumber) }
/// "8" |> parse >=> { .success($0 / 2) }   // .success(4)
/// ```
@inlinable
@_disfavoredOverload
public func >=> <Value, Middle, NewValue, Failure>(
    first: @escaping (Value) -> Result<Middle, Failure>,
    second: @escaping (Middle) -> Result<NewValue, Failure>
) -> (Value) -> Result<NewValue, Failure> {
    compose(first, flatMapping: second)
}

/// `first >=> second` for `Result` when `first` or `second` is not `@Sendable`; the result is a
/// plain function. The mixed form: `second` returns a plain value.
///
/// ```swift
/// let parse: (String) -> Result<Int, ParseError> = { Int($0).map(Result.success) ?? .failure(.notANumber) }
/// "21" |> parse >=> { $0 * 2 }   // .success(42)
/// ```
@inlinable
@_disfavoredOverload
public func >=> <Value, Middle, NewValue, Failure>(
    first: @escaping (Value) -> Result<Middle, Failure>,
    second: @escaping (Middle) -> NewValue
) -> (Value) -> Result<NewValue, Failure> {
    compose(first, mapping: second)
}

/// `transform <*> value` for `Result` when the function is not `@Sendable`: `apply(_:_:)`'s plain
/// twin.
///
/// ```swift
/// let add: (Int) -> (Int) -> Int = { a in { b in a + b } }
/// Result<Int, MyError>.success(1) <&> add <*> .success(2)   // .success(3)
/// ```
@inlinable
@_disfavoredOverload
public func <*> <Value, NewValue, Failure>(
    transform: Result<(Value) -> NewValue, Failure>,
    value: Result<Value, Failure>
) -> Result<NewValue, Failure> {
    apply(transform, value)
}
