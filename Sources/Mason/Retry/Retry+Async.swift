// Retry over `async throws(Failure)` functions: waits on a `Clock`, never blocks a thread.

/// Retries an `async` throwing function until it succeeds, waiting on a clock: the seed's
/// `retry(f, retries:, debounce:)` for `async` code.
///
/// Each call of the returned function calls `f` at most `retries + 1` times (see
/// ``retrying(isolation:policy:clock:retryIf:delayOverride:operation:)`` for the rules): a
/// `CancellationError` is never retried, and cancelling the calling task during a wait ends the retry
/// at once with the last failure. Waits with `clock.sleep`, so no thread is blocked.
///
/// ```swift
/// let fetch = retry(download, retries: 3, debounce: .exponential(0.5))
/// let data = try await fetch(url)   // up to 4 attempts, 0.5 s, 1 s, 2 s apart
/// ```
/// - Parameters:
///   - f: The function to retry.
///   - retries: How many times to call `f` again after the first call (negative means none).
///   - debounce: The wait before each retry: `.linear(s)` is `s` seconds each time, `.exponential(s)` doubles.
///   - clock: The clock to wait on (default `ContinuousClock()`; MasonTesting's `ManualClock` in tests).
/// - Returns: A function with `f`'s signature that retries.
public func retry<Input, Value, Failure: Error, C: Clock>(
    _ f: @escaping @Sendable (Input) async throws(Failure) -> Value,
    retries: Int,
    debounce: Debounce,
    clock: C = ContinuousClock()
) -> @Sendable (Input) async throws(Failure) -> Value where C.Duration == Duration {
    retryAsync(f, policy: RetryPolicy(retries: retries, debounce: debounce), clock: clock, retryIf: { _ in true })
}

/// The curried form of `retry(_:retries:debounce:clock:)`: `retry(f)(debounce)(retries)`.
/// Waits on `ContinuousClock`.
///
/// ```swift
/// let data = try await retry(download)(.linear(1))(2)(url)   // up to 3 attempts, 1 s apart
/// ```
/// - Parameter f: The function to retry.
/// - Returns: A function taking the debounce, then the number of retries, then `f`'s input.
public func retry<Input, Value, Failure: Error>(
    _ f: @escaping @Sendable (Input) async throws(Failure) -> Value
) -> @Sendable (Debounce) -> @Sendable (Int) -> @Sendable (Input) async throws(Failure) -> Value {
    { debounce in
        { retries in
            retryAsync(
                f, policy: RetryPolicy(retries: retries, debounce: debounce), clock: ContinuousClock(),
                retryIf: { _ in true })
        }
    }
}

/// Retries an `async` throwing function under a ``RetryPolicy``, waiting on a clock; only failures
/// accepted by `retryIf` are retried.
///
/// ```swift
/// let fetch = retry(download, policy: .exponential, retryIf: { $0.isTransient })
/// let data = try await fetch(url)   // up to 4 attempts, jittered 100 ms, 200 ms, 400 ms apart
/// ```
/// - Parameters:
///   - f: The function to retry.
///   - policy: How many attempts, and how long to wait between them.
///   - clock: The clock to wait on (default `ContinuousClock()`; MasonTesting's `ManualClock` in tests).
///   - retryIf: Decides whether a failure is worth another attempt (default: every failure is).
/// - Returns: A function with `f`'s signature that retries.
public func retry<Input, Value, Failure: Error, C: Clock>(
    _ f: @escaping @Sendable (Input) async throws(Failure) -> Value,
    policy: RetryPolicy,
    clock: C = ContinuousClock(),
    retryIf: @escaping @Sendable (Failure) -> Bool = { _ in true }
) -> @Sendable (Input) async throws(Failure) -> Value where C.Duration == Duration {
    retryAsync(f, policy: policy, clock: clock, retryIf: retryIf)
}

/// The one implementation behind the `async` overloads.
private func retryAsync<Input, Value, Failure: Error, C: Clock>(
    _ f: @escaping @Sendable (Input) async throws(Failure) -> Value,
    policy: RetryPolicy,
    clock: C,
    retryIf: @escaping @Sendable (Failure) -> Bool
) -> @Sendable (Input) async throws(Failure) -> Value where C.Duration == Duration {
    { (input: Input) async throws(Failure) -> Value in
        try await retrying(policy: policy, clock: clock, retryIf: retryIf) { () async throws(Failure) -> Value in
            try await f(input)
        }
    }
}
