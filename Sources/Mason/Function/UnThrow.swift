/// Runs a throwing closure and captures its value or its error in a `Result`.
///
/// The failure type follows the closure: an untyped `throws` closure gives `Result<Value, any Error>`,
/// one declared `throws(MyError)` gives `Result<Value, MyError>` (Swift infers a closure's error type
/// only from an explicit `throws(…)` annotation). This is the default when the result type is not
/// otherwise fixed; ask for an `Either<Failure, Value>` by annotating the result.
///
/// ```swift
/// let decoded = unThrow { try JSONDecoder().decode(Int.self, from: data) }   // Result<Int, any Error>
/// let typed = unThrow { () throws(MyError) -> Int in try load() }         // Result<Int, MyError>
/// ```
/// - Parameter body: The closure to run, immediately and once.
/// - Returns: `.success` of its value or `.failure` of its error.
@inlinable
public func unThrow<Value, Failure>(_ body: () throws(Failure) -> Value) -> Result<Value, Failure> {
    Result(catching: body)
}

/// Evaluates a throwing expression and captures its value or its error in a `Result`.
///
/// The autoclosure form: `unThrow(try f())`. Autoclosures cannot carry a typed error, so the failure
/// is `any Error`; use the closure form with `throws(MyError)` for a typed failure.
///
/// ```swift
/// let number = unThrow(try parse("42"))   // Result<Int, any Error>
/// ```
/// - Parameter body: The expression to evaluate, immediately and once.
/// - Returns: `.success` of its value or `.failure` of its error.
@inlinable
public func unThrow<Value>(_ body: @autoclosure () throws -> Value) -> Result<Value, any Error> {
    Result(catching: body)
}

/// Runs a throwing closure and captures its value as right or its error as left.
///
/// Chosen by the result type: annotate it as `Either`. The left type follows the closure as in the
/// `Result` form.
///
/// ```swift
/// let decoded: Either<any Error, Int> = unThrow { try JSONDecoder().decode(Int.self, from: data) }
/// ```
/// - Parameter body: The closure to run, immediately and once.
/// - Returns: `.right` of its value or `.left` of its error.
@inlinable
@_disfavoredOverload
public func unThrow<Value, Failure>(_ body: () throws(Failure) -> Value) -> Either<Failure, Value> {
    Either(catching: body)
}

/// Evaluates a throwing expression and captures its value as right or its error as left.
///
/// Chosen by the result type: annotate it as `Either`.
///
/// ```swift
/// let number: Either<any Error, Int> = unThrow(try parse("42"))
/// ```
/// - Parameter body: The expression to evaluate, immediately and once.
/// - Returns: `.right` of its value or `.left` of its error.
@inlinable
@_disfavoredOverload
public func unThrow<Value>(_ body: @autoclosure () throws -> Value) -> Either<any Error, Value> {
    Either(catching: body)
}
