extension Either {
    /// Wraps a value as a right value: `Either.pure(x)` is `.right(x)`.
    ///
    /// With `apply(_:_:)` (`<*>`) it lifts a curried function of several arguments over several `Either`s.
    ///
    /// ```swift
    /// let value: Either<String, Int> = .pure(3)   // .right(3)
    /// ```
    /// - Parameter value: The value to wrap.
    /// - Returns: `.right(value)`.
    @inlinable
    public static func pure(_ value: Right) -> Either {
        .right(value)
    }
}

/// Applies a wrapped function to a wrapped value; `transform <*> value` is its second spelling.
///
/// When both are left, the result is the *first* left (the function's), as for `Result` and as in
/// `zip`. (Funswift returned the second error; Mason reports the first failure everywhere.)
///
/// ```swift
/// let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
/// let sum = apply(apply(.pure(add), Either<String, Int>.right(1)), .right(2))   // .right(3)
/// apply(Either<String, @Sendable (Int) -> Int>.left("f"), .left("x"))          // .left("f")
/// ```
/// - Parameters:
///   - transform: The wrapped function; it must be `@Sendable`, like every function Mason returns.
///   - value: The wrapped argument.
/// - Returns: `.right(f(x))` when both are right; otherwise the first left.
@inlinable
public func apply<Left, Value, NewValue>(
    _ transform: Either<Left, @Sendable (Value) -> NewValue>,
    _ value: Either<Left, Value>
) -> Either<Left, NewValue> {
    switch transform {
    case .left(let left): .left(left)
    case .right(let function): value.map(function)
    }
}

/// `apply(_:_:)` for a function that is not `@Sendable`: an `Either` has nothing running
/// concurrently, so any function will do. `transform <*> value` is its second spelling.
///
/// When both are left, the result is the *first* left (the function's).
///
/// ```swift
/// let log = Log()                                     // a class that is not Sendable
/// let record: (Int) -> Int = { log.append($0); return $0 + 1 }
/// apply(Either<String, (Int) -> Int>.right(record), .right(41))   // .right(42)
/// ```
/// - Parameters:
///   - transform: The wrapped function.
///   - value: The wrapped argument.
/// - Returns: `.right(f(x))` when both are right; otherwise the first left.
@inlinable
@_disfavoredOverload
public func apply<Left, Value, NewValue>(
    _ transform: Either<Left, (Value) -> NewValue>,
    _ value: Either<Left, Value>
) -> Either<Left, NewValue> {
    switch transform {
    case .left(let left): .left(left)
    case .right(let function): value.map(function)
    }
}
