// Retry over functions returning `Reader<Environment, Result>`: lazy, and each run retries afresh.
// Synchronous: running the reader blocks the calling thread between attempts (see `ThreadSleeper`).
//
// FunNetworking's form is `f: (A) -> Reader<A, Result<B, Error>>`, run with the input as environment,
// and it ran the attempts eagerly when `retry(f, …)(a)` was called. Here the environment may differ
// from the input, nothing runs until the reader is run, and each attempt runs `f(input)` exactly once
// with the environment given to `run`.

/// Retries a reader returning a `Result` until it succeeds: FunNetworking's Reader
/// `retry(f, retries:, debounce:)`, made lazy.
///
/// `retry(f, …)(input)` does nothing: each `run(environment)` of the returned reader calls `f(input)`
/// and runs it with `environment` at most `retries + 1` times, stopping at the first success or at a
/// `CancellationError`, and **blocks the calling thread** between attempts with `sleeper`. The reader
/// is `Sendable`.
///
/// ```swift
/// let fetch = retry(fetchProfile, retries: 2, debounce: .linear(1))   // (UserID) -> Reader<Services, Result<Profile, Error>>
/// fetch(42).run(services)   // up to 3 attempts, 1 s apart
/// ```
/// - Parameters:
///   - f: The function building the reader to retry.
///   - retries: How many times to run the reader again after the first run (negative means none).
///   - debounce: The wait before each retry: `.linear(s)` is `s` seconds each time, `.exponential(s)` doubles.
///   - sleeper: How to wait between attempts; ``ThreadSleeper/system`` blocks the thread.
/// - Returns: A function with `f`'s signature whose readers retry when run.
public func retry<Input: Sendable, Environment, Value, Failure: Error>(
    _ f: @escaping @Sendable (Input) -> Reader<Environment, Result<Value, Failure>>,
    retries: Int,
    debounce: Debounce,
    sleeper: ThreadSleeper = .system
) -> @Sendable (Input) -> Reader<Environment, Result<Value, Failure>> {
    retryReader(f, policy: RetryPolicy(retries: retries, debounce: debounce), sleeper: sleeper, retryIf: { _ in true })
}

/// The curried form of `retry(_:retries:debounce:sleeper:)` for readers:
/// `retry(f)(debounce)(retries)`, as in FunNetworking. Waits with ``ThreadSleeper/system``; lazy.
///
/// ```swift
/// retry(fetchProfile)(.exponential(0.5))(3)(42).run(services)   // up to 4 attempts, 0.5 s, 1 s, 2 s apart
/// ```
/// - Parameter f: The function building the reader to retry.
/// - Returns: A function taking the debounce, then the number of retries, then `f`'s input.
public func retry<Input: Sendable, Environment, Value, Failure: Error>(
    _ f: @escaping @Sendable (Input) -> Reader<Environment, Result<Value, Failure>>
) -> @Sendable (Debounce) -> @Sendable (Int) -> @Sendable (Input) -> Reader<Environment, Result<Value, Failure>> {
    { debounce in
        { retries in
            retryReader(
                f, policy: RetryPolicy(retries: retries, debounce: debounce), sleeper: .system, retryIf: { _ in true })
        }
    }
}

/// Retries a reader returning a `Result` under a ``RetryPolicy``; lazy, blocking the running thread
/// between attempts; only failures accepted by `retryIf` are retried.
///
/// ```swift
/// let fetch = retry(fetchProfile, policy: .immediate(retries: 1))
/// fetch(42).run(services)   // at most 2 attempts, no wait
/// ```
/// - Parameters:
///   - f: The function building the reader to retry.
///   - policy: How many attempts, and how long to wait between them.
///   - sleeper: How to wait between attempts; ``ThreadSleeper/system`` blocks the thread.
///   - retryIf: Decides whether a failure is worth another attempt (default: every failure is).
/// - Returns: A function with `f`'s signature whose readers retry when run.
public func retry<Input: Sendable, Environment, Value, Failure: Error>(
    _ f: @escaping @Sendable (Input) -> Reader<Environment, Result<Value, Failure>>,
    policy: RetryPolicy,
    sleeper: ThreadSleeper = .system,
    retryIf: @escaping @Sendable (Failure) -> Bool = { _ in true }
) -> @Sendable (Input) -> Reader<Environment, Result<Value, Failure>> {
    retryReader(f, policy: policy, sleeper: sleeper, retryIf: retryIf)
}

/// The one implementation behind the `Reader` overloads.
private func retryReader<Input: Sendable, Environment, Value, Failure: Error>(
    _ f: @escaping @Sendable (Input) -> Reader<Environment, Result<Value, Failure>>,
    policy: RetryPolicy,
    sleeper: ThreadSleeper,
    retryIf: @escaping @Sendable (Failure) -> Bool
) -> @Sendable (Input) -> Reader<Environment, Result<Value, Failure>> {
    { input in
        Reader { environment in
            retryLoop(
                policy: policy, sleeper: sleeper,
                verdict: { RetryVerdict.of($0, retryIf: retryIf) },
                attempt: { f(input).run(environment) })
        }
    }
}
