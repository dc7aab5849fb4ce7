/// Prints a value with `dump` and returns it unchanged: FunNetworking's `logger`, for looking inside a
/// `|>` chain.
///
/// A side effect (standard output) in the shape of an identity function; remove it, or use
/// swift-log, in production.
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> logger |> requestAsyncR
/// // dumps the URLRequest, then builds the request as before
/// ```
/// - Parameter value: The value to print.
/// - Returns: `value`.
@discardableResult
public func logger<Value>(_ value: Value) -> Value {
    dump(value)
    return value
}
