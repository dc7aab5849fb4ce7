// The operator spellings of Optional's combinators. Each overload only forwards to its named twin.

/// Map: `optional <&> transform` is `optional.map(transform)`.
///
/// ```swift
/// Int("2") <&> { $0 + 1 }   // Optional(3)
/// ```
/// - Parameters:
///   - optional: The value to transform.
///   - transform: The function applied to a present value.
/// - Returns: `optional.map(transform)`.
@inlinable
public func <&> <Value, NewValue>(
    optional: Value?,
    transform: (Value) -> NewValue
) -> NewValue? {
    optional.map(transform)
}

/// Map, function form: `first <&> second` is `compose(first, mapping: second)`.
///
/// ```swift
/// let parse: @Sendable (String) -> Int? = { Int($0) }
/// (parse <&> { $0 * 2 })("21")   // Optional(42)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s value when there is one.
/// - Returns: A `@Sendable` function from `first`'s input to an optional of `second`'s output.
@inlinable
public func <&> <Value, Middle, NewValue>(
    first: @escaping @Sendable (Value) -> Middle?,
    second: @escaping @Sendable (Middle) -> NewValue
) -> @Sendable (Value) -> NewValue? {
    compose(first, mapping: second)
}

/// Bind: `optional >>- transform` is `optional.flatMap(transform)`.
///
/// ```swift
/// Int("42") >>- { $0 > 0 ? $0 : nil }   // Optional(42)
/// Int("-4") >>- { $0 > 0 ? $0 : nil }   // nil
/// ```
/// - Parameters:
///   - optional: The value to transform.
///   - transform: The function applied to a present value.
/// - Returns: `optional.flatMap(transform)`.
@inlinable
public func >>- <Value, NewValue>(
    optional: Value?,
    transform: (Value) -> NewValue?
) -> NewValue? {
    optional.flatMap(transform)
}

/// Kleisli composition: `first >=> second` is `compose(first, flatMapping: second)`.
///
/// One overload serves both of Funswift's uses: when `second` returns `NewValue?` the result is
/// flattened to `NewValue?`; when `second` returns a plain value (FunNetworking's mixed form) Swift
/// lifts it, and the result is still `NewValue?`.
///
/// ```swift
/// "42" |> { Int($0) } >=> { $0 * 2 }                      // Optional(84)
/// "42" |> { Int($0) } >=> { $0 > 100 ? $0 : nil }         // nil
/// url |> URL.init(string:) >=> urlRequestWithTimeout(30) // URLRequest?
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s value when there is one.
/// - Returns: A `@Sendable` function from `first`'s input to `second`'s (optional) result.
@inlinable
public func >=> <Value, Middle, NewValue>(
    first: @escaping @Sendable (Value) -> Middle?,
    second: @escaping @Sendable (Middle) -> NewValue?
) -> @Sendable (Value) -> NewValue? {
    compose(first, flatMapping: second)
}

/// Apply: `transform <*> value` is `apply(transform, value)`.
///
/// ```swift
/// let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
/// Int("1") <&> add <*> Int("2")   // Optional(3)
/// ```
/// - Parameters:
///   - transform: The optional `@Sendable` function.
///   - value: The optional argument.
/// - Returns: `f(x)` when both are present; otherwise `nil`.
@inlinable
public func <*> <Value, NewValue>(
    transform: (@Sendable (Value) -> NewValue)?,
    value: Value?
) -> NewValue? {
    apply(transform, value)
}

// Plain twins, for functions that are not `@Sendable` (see `compose(_:_:)`'s): Swift prefers the
// `@Sendable` overloads above when both functions are `@Sendable`; these answer otherwise.

/// `first <&> second` for `Optional` when `first` or `second` is not `@Sendable`; the result is a
/// plain function.
///
/// ```swift
/// let parse: (String) -> Int? = { Int($0) }
/// (parse <&> { $0 * 2 })("21")   // Optional(42)
/// ```
@inlinable
@_disfavoredOverload
public func <&> <Value, Middle, NewValue>(
    first: @escaping (Value) -> Middle?,
    second: @escaping (Middle) -> NewValue
) -> (Value) -> NewValue? {
    compose(first, mapping: second)
}

/// `first >=> second` for `Optional` when `first` or `second` is not `@Sendable`; the result is a
/// plain function.
///
/// ```swift
/// let parse: (String) -> Int? = { Int($0) }
/// "42" |> parse >=> { $0 * 2 }   // Optional(84)
/// ```
@inlinable
@_disfavoredOverload
public func >=> <Value, Middle, NewValue>(
    first: @escaping (Value) -> Middle?,
    second: @escaping (Middle) -> NewValue?
) -> (Value) -> NewValue? {
    compose(first, flatMapping: second)
}

/// `transform <*> value` for `Optional` when the function is not `@Sendable`: `apply(_:_:)`'s plain
/// twin.
///
/// ```swift
/// let add: (Int) -> (Int) -> Int = { a in { b in a + b } }
/// Optional.pure(add) <*> 1 <*> 2   // Optional(3)
/// ```
@inlinable
@_disfavoredOverload
public func <*> <Value, NewValue>(
    transform: ((Value) -> NewValue)?,
    value: Value?
) -> NewValue? {
    apply(transform, value)
}
