extension Result {
    /// Wraps a value as a success: `Result.pure(x)` is `.success(x)`.
    ///
    /// ```swift
    /// let value: Result<Int, MyError> = .pure(3)   // .success(3)
    /// ```
    /// - Parameter value: The value to wrap.
    /// - Returns: `.success(value)`.
    @inlinable
    public static func pure(_ value: Success) -> Result {
        .success(value)
    }
}

/// Applies a wrapped function to a wrapped value; `transform <*> value` is its second spelling.
///
/// When both are failures, the result is the *first* failure (the function's).
///
/// ```swift
/// let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
/// apply(apply(.pure(add), Result<Int, MyError>.success(1)), .success(2))   // .success(3)
/// apply(Result<@Sendable (Int) -> Int, MyError>.failure(.first), .failure(.second))   // .failure(.first)
/// ```
/// - Parameters:
///   - transform: The wrapped function; it must be `@Sendable`, like every function Mason returns.
///   - value: The wrapped argument.
/// - Returns: `.success(f(x))` when both succeed; otherwise the first failure.
@inlinable
public func apply<Value, NewValue, Failure>(
    _ transform: Result<@Sendable (Value) -> NewValue, Failure>,
    _ value: Result<Value, Failure>
) -> Result<NewValue, Failure> {
    switch transform {
    case .failure(let failure): .failure(failure)
    case .success(let function): value.map(function)
    }
}

/// `apply(_:_:)` for a function that is not `@Sendable`: a result has nothing running concurrently,
/// so any function will do. `transform <*> value` is its second spelling.
///
/// When both are failures, the result is the *first* failure (the function's).
///
/// ```swift
/// let log = Log()                                     // a class that is not Sendable
/// let record: (Int) -> Int = { log.append($0); return $0 + 1 }
/// apply(Result<(Int) -> Int, MyError>.success(record), .success(41))   // .success(42)
/// ```
/// - Parameters:
///   - transform: The wrapped function.
///   - value: The wrapped argument.
/// - Returns: `.success(f(x))` when both succeed; otherwise the first failure.
@inlinable
@_disfavoredOverload
public func apply<Value, NewValue, Failure>(
    _ transform: Result<(Value) -> NewValue, Failure>,
    _ value: Result<Value, Failure>
) -> Result<NewValue, Failure> {
    switch transform {
    case .failure(let failure): .failure(failure)
    case .success(let function): value.map(function)
    }
}
