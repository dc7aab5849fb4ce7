// Retry over functions returning `Optional`: `nil` is a failure and is retried.
// Synchronous: these block the calling thread between attempts (see `ThreadSleeper`).

/// Retries a function returning an optional until it returns a value: FunNetworking's
/// `retry(f, retries:, debounce:)`.
///
/// The returned function calls `f` at most `retries + 1` times, stopping at the first non-`nil`
/// result, and **blocks the calling thread** between the calls with `sleeper` (by default for real;
/// tests pass a recording sleeper). Each call of the returned function retries afresh.
///
/// ```swift
/// let parse = retry(readPort, retries: 3, debounce: .linear(2))
/// parse("config.txt")   // Optional(8080), or nil after 4 reads 2 s apart
/// ```
/// - Parameters:
///   - f: The function to retry; `nil` counts as a failure.
///   - retries: How many times to call `f` again after the first call (negative means none).
///   - debounce: The wait before each retry: `.linear(s)` is `s` seconds each time, `.exponential(s)` doubles.
///   - sleeper: How to wait between attempts; ``ThreadSleeper/system`` blocks the thread.
/// - Returns: A function with `f`'s signature that retries.
public func retry<Input, Value>(
    _ f: @escaping @Sendable (Input) -> Value?,
    retries: Int,
    debounce: Debounce,
    sleeper: ThreadSleeper = .system
) -> @Sendable (Input) -> Value? {
    retryOptional(f, policy: RetryPolicy(retries: retries, debounce: debounce), sleeper: sleeper)
}

/// The curried form of `retry(_:retries:debounce:sleeper:)`:
/// `retry(f)(debounce)(retries)`, as in FunNetworking. Waits with ``ThreadSleeper/system``.
///
/// ```swift
/// let patient = retry(readPort)(.exponential(0.5))(3)
/// patient("config.txt")   // up to 4 reads, 0.5 s, 1 s, 2 s apart
/// ```
/// - Parameter f: The function to retry; `nil` counts as a failure.
/// - Returns: A function taking the debounce, then the number of retries, then `f`'s input.
public func retry<Input, Value>(
    _ f: @escaping @Sendable (Input) -> Value?
) -> @Sendable (Debounce) -> @Sendable (Int) -> @Sendable (Input) -> Value? {
    { debounce in
        { retries in retryOptional(f, policy: RetryPolicy(retries: retries, debounce: debounce), sleeper: .system) }
    }
}

/// Retries a function returning an optional under a ``RetryPolicy``, blocking the calling thread
/// between attempts.
///
/// ```swift
/// let parse = retry(readPort, policy: .linear(retries: 2, initial: .milliseconds(100)))
/// parse("config.txt")   // up to 3 reads, 100 ms then 200 ms apart
/// ```
/// - Parameters:
///   - f: The function to retry; `nil` counts as a failure.
///   - policy: How many attempts, and how long to wait between them.
///   - sleeper: How to wait between attempts; ``ThreadSleeper/system`` blocks the thread.
/// - Returns: A function with `f`'s signature that retries.
public func retry<Input, Value>(
    _ f: @escaping @Sendable (Input) -> Value?,
    policy: RetryPolicy,
    sleeper: ThreadSleeper = .system
) -> @Sendable (Input) -> Value? {
    retryOptional(f, policy: policy, sleeper: sleeper)
}

/// The one implementation behind the `Optional` overloads.
private func retryOptional<Input, Value>(
    _ f: @escaping @Sendable (Input) -> Value?,
    policy: RetryPolicy,
    sleeper: ThreadSleeper
) -> @Sendable (Input) -> Value? {
    { input in
        retryLoop(policy: policy, sleeper: sleeper, verdict: { RetryVerdict.of($0) }, attempt: { f(input) })
    }
}
