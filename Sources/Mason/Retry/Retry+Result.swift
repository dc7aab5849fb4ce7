// Retry over functions returning `Result`: a failure is retried.
// Synchronous: these block the calling thread between attempts (see `ThreadSleeper`).

/// Retries a function returning a `Result` until it succeeds: FunNetworking's
/// `retry(f, retries:, debounce:)`, with any `Failure` type (the seed had only `Error`).
///
/// The returned function calls `f` at most `retries + 1` times, stopping at the first success or at a
/// `CancellationError`, and **blocks the calling thread** between the calls with `sleeper` (by default
/// for real; tests pass a recording sleeper). It returns the last failure when every attempt fails.
///
/// ```swift
/// let load = retry(loadSettings, retries: 3, debounce: .linear(2))
/// load("app.json")   // .success(settings), or the 4th .failure, attempts 2 s apart
/// ```
/// - Parameters:
///   - f: The function to retry.
///   - retries: How many times to call `f` again after the first call (negative means none).
///   - debounce: The wait before each retry: `.linear(s)` is `s` seconds each time, `.exponential(s)` doubles.
///   - sleeper: How to wait between attempts; ``ThreadSleeper/system`` blocks the thread.
/// - Returns: A function with `f`'s signature that retries.
public func retry<Input, Value, Failure: Error>(
    _ f: @escaping @Sendable (Input) -> Result<Value, Failure>,
    retries: Int,
    debounce: Debounce,
    sleeper: ThreadSleeper = .system
) -> @Sendable (Input) -> Result<Value, Failure> {
    retryResult(f, policy: RetryPolicy(retries: retries, debounce: debounce), sleeper: sleeper, retryIf: { _ in true })
}

/// The curried form of `retry(_:retries:debounce:sleeper:)`:
/// `retry(f)(debounce)(retries)`, as in FunNetworking. Waits with ``ThreadSleeper/system``.
///
/// ```swift
/// let load = retry(loadSettings)(.exponential(0.5))(3)
/// load("app.json")   // up to 4 attempts, 0.5 s, 1 s, 2 s apart
/// ```
/// - Parameter f: The function to retry.
/// - Returns: A function taking the debounce, then the number of retries, then `f`'s input.
public func retry<Input, Value, Failure: Error>(
    _ f: @escaping @Sendable (Input) -> Result<Value, Failure>
) -> @Sendable (Debounce) -> @Sendable (Int) -> @Sendable (Input) -> Result<Value, Failure> {
    { debounce in
        { retries in
            retryResult(
                f, policy: RetryPolicy(retries: retries, debounce: debounce), sleeper: .system, retryIf: { _ in true })
        }
    }
}

/// Retries a function returning a `Result` under a ``RetryPolicy``, blocking the calling thread
/// between attempts; only failures accepted by `retryIf` are retried.
///
/// ```swift
/// let load = retry(loadSettings, policy: .immediate(retries: 2), retryIf: { $0 != .malformed })
/// load("app.json")   // a .malformed failure is returned at once
/// ```
/// - Parameters:
///   - f: The function to retry.
///   - policy: How many attempts, and how long to wait between them.
///   - sleeper: How to wait between attempts; ``ThreadSleeper/system`` blocks the thread.
///   - retryIf: Decides whether a failure is worth another attempt (default: every failure is).
/// - Returns: A function with `f`'s signature that retries.
public func retry<Input, Value, Failure: Error>(
    _ f: @escaping @Sendable (Input) -> Result<Value, Failure>,
    policy: RetryPolicy,
    sleeper: ThreadSleeper = .system,
    retryIf: @escaping @Sendable (Failure) -> Bool = { _ in true }
) -> @Sendable (Input) -> Result<Value, Failure> {
    retryResult(f, policy: policy, sleeper: sleeper, retryIf: retryIf)
}

/// The one implementation behind the `Result` overloads.
private func retryResult<Input, Value, Failure: Error>(
    _ f: @escaping @Sendable (Input) -> Result<Value, Failure>,
    policy: RetryPolicy,
    sleeper: ThreadSleeper,
    retryIf: @escaping @Sendable (Failure) -> Bool
) -> @Sendable (Input) -> Result<Value, Failure> {
    { input in
        retryLoop(
            policy: policy, sleeper: sleeper,
            verdict: { RetryVerdict.of($0, retryIf: retryIf) },
            attempt: { f(input) })
    }
}
