/// A future that you resolve yourself: Sundell's `Promise`, resolved at most once.
///
/// Create a promise, hand it out as a ``Future``, and call ``resolve(with:)`` or ``reject(with:)``
/// when the work finishes. Only the first resolution counts: later calls are ignored and return
/// `false`, so racing resolvers (a response and a timeout, say) are safe. The stored observers run on
/// the resolving thread, inside that call, in registration order (a resolution nested more than 64
/// deep in other futures' callbacks runs them right after the outermost callback returns: see
/// ``Future``).
///
/// ```swift
/// func request(_ endpoint: Endpoint) -> Future<Data> {
///     let promise = Promise<Data>()
///     guard let url = endpoint.url else {
///         promise.reject(with: Endpoint.Error.invalidURL)
///         return promise
///     }
///     URLSession.shared.dataTask(with: url) { data, _, error in
///         if let error { promise.reject(with: error) } else { promise.resolve(with: data ?? Data()) }
///     }.resume()
///     return promise
/// }
/// ```
///
/// `Promise` is `Sendable` (it adds no state to ``Future``, whose state is behind its lock): resolve it
/// from any thread or task.
public final class Promise<Value: Sendable>: Future<Value>, @unchecked Sendable {
    // @unchecked Sendable: Promise adds no stored properties; everything it mutates is Future's
    // `callbacks`, `isResolved` and `outcome`, touched only inside Future's `lock` (see Future).

    /// Creates a pending promise, or one already resolved with `value`.
    ///
    /// ```swift
    /// let pending = Promise<Int>()
    /// let resolved = Promise(value: 7)   // observers are called at once with .success(7)
    /// ```
    /// - Parameter value: A value to resolve the promise with now; `nil` (the default) leaves it pending.
    @inlinable
    public init(value: Value? = nil) {
        super.init(result: value.map(Result.success))
    }

    /// Resolves the promise with `value`, if it is still pending, and calls its observers.
    ///
    /// The stored observers run on the calling thread before this method returns, in registration
    /// order — unless this call is nested more than 64 deep in other futures' callbacks: then they run
    /// right after the outermost callback on this thread returns (see ``Future``).
    ///
    /// ```swift
    /// let promise = Promise<Int>()
    /// promise.resolve(with: 1)   // true
    /// promise.resolve(with: 2)   // false — the promise keeps 1
    /// ```
    /// - Parameter value: The value.
    /// - Returns: `true` if this call resolved the promise; `false` if it was already resolved or
    ///   rejected (the call is then ignored).
    @discardableResult
    @inlinable
    public func resolve(with value: Value) -> Bool {
        complete(with: .success(value))
    }

    /// Rejects the promise with `error`, if it is still pending, and calls its observers.
    ///
    /// ```swift
    /// let promise = Promise<Int>()
    /// promise.reject(with: CancellationError())   // true
    /// promise.resolve(with: 2)                    // false — the promise stays rejected
    /// ```
    /// - Parameter error: The error.
    /// - Returns: `true` if this call rejected the promise; `false` if it was already resolved or
    ///   rejected (the call is then ignored).
    @discardableResult
    @inlinable
    public func reject(with error: any Error) -> Bool {
        complete(with: .failure(error))
    }
}
