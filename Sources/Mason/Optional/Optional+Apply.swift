extension Optional {
    /// Wraps a value: `Optional.pure(x)` is `.some(x)`, for symmetry with `Either.pure` and `Result.pure`.
    ///
    /// ```swift
    /// let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
    /// Optional.pure(add) <*> 1 <*> 2   // Optional(3)
    /// ```
    /// - Parameter value: The value to wrap.
    /// - Returns: `.some(value)`.
    @inlinable
    public static func pure(_ value: Wrapped) -> Optional {
        .some(value)
    }
}

/// Applies an optional function to an optional value; `transform <*> value` is its second spelling.
///
/// ```swift
/// let increment: (@Sendable (Int) -> Int)? = { $0 + 1 }
/// apply(increment, 41)              // Optional(42)
/// apply(increment, nil as Int?)     // nil
/// ```
/// - Parameters:
///   - transform: The optional function; it must be `@Sendable`, like every function Mason returns.
///   - value: The optional argument.
/// - Returns: `f(x)` when both are present; otherwise `nil`.
@inlinable
public func apply<Value, NewValue>(
    _ transform: (@Sendable (Value) -> NewValue)?,
    _ value: Value?
) -> NewValue? {
    switch transform {
    case .none: nil
    case .some(let function): value.map(function)
    }
}

/// `apply(_:_:)` for a function that is not `@Sendable`: an optional value has nothing running
/// concurrently, so any function will do. `transform <*> value` is its second spelling.
///
/// ```swift
/// let log = Log()                                     // a class that is not Sendable
/// let record: ((Int) -> Int)? = { log.append($0); return $0 + 1 }
/// apply(record, 41)   // Optional(42)
/// ```
/// - Parameters:
///   - transform: The optional function.
///   - value: The optional argument.
/// - Returns: `f(x)` when both are present; otherwise `nil`.
@inlinable
@_disfavoredOverload
public func apply<Value, NewValue>(
    _ transform: ((Value) -> NewValue)?,
    _ value: Value?
) -> NewValue? {
    switch transform {
    case .none: nil
    case .some(let function): value.map(function)
    }
}
