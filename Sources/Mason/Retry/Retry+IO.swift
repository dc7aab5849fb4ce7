// Retry over functions returning `IO<Result>` and `IO<Either>`: lazy, and each run retries afresh.
// Synchronous: running the effect blocks the calling thread between attempts (see `ThreadSleeper`).
//
// FunNetworking ran these eagerly — the request went out when `retry(f, …)(input)` was called — and
// returned the last `IO`, which sent it again when run. Here nothing runs until `unsafeRun()`, and
// each attempt builds the effect with `f(input)` and runs it exactly once.

/// Retries an effect returning a `Result` until it succeeds: FunNetworking's
/// `retry(requestSyncR, retries:, debounce:)`, made lazy.
///
/// `retry(f, …)(input)` does nothing: each `unsafeRun()` of the returned `IO` calls `f(input)` and runs
/// its effect at most `retries + 1` times, stopping at the first success or at a `CancellationError`,
/// and **blocks the calling thread** between attempts with `sleeper`. The `IO` is `Sendable`.
///
/// ```swift
/// let request = retry(requestSyncR, retries: 3, debounce: .linear(2))(urlRequest)   // nothing sent yet
/// request.unsafeRun()   // sends up to 4 times, 2 s apart
/// request.unsafeRun()   // and again, from the first attempt
/// ```
/// - Parameters:
///   - f: The function building the effect to retry.
///   - retries: How many times to run the effect again after the first run (negative means none).
///   - debounce: The wait before each retry: `.linear(s)` is `s` seconds each time, `.exponential(s)` doubles.
///   - sleeper: How to wait between attempts; ``ThreadSleeper/system`` blocks the thread.
/// - Returns: A function with `f`'s signature whose effects retry when run.
public func retry<Input: Sendable, Value, Failure: Error>(
    _ f: @escaping @Sendable (Input) -> IO<Result<Value, Failure>>,
    retries: Int,
    debounce: Debounce,
    sleeper: ThreadSleeper = .system
) -> @Sendable (Input) -> IO<Result<Value, Failure>> {
    retryIOResult(
        f, policy: RetryPolicy(retries: retries, debounce: debounce), sleeper: sleeper, retryIf: { _ in true })
}

/// The curried form of `retry(_:retries:debounce:sleeper:)` for `IO<Result>`:
/// `retry(f)(debounce)(retries)`, as in FunNetworking. Waits with ``ThreadSleeper/system``; lazy.
///
/// ```swift
/// let request = retry(requestSyncR)(.exponential(0.5))(3)(urlRequest)
/// request.unsafeRun()   // up to 4 attempts, 0.5 s, 1 s, 2 s apart
/// ```
/// - Parameter f: The function building the effect to retry.
/// - Returns: A function taking the debounce, then the number of retries, then `f`'s input.
public func retry<Input: Sendable, Value, Failure: Error>(
    _ f: @escaping @Sendable (Input) -> IO<Result<Value, Failure>>
) -> @Sendable (Debounce) -> @Sendable (Int) -> @Sendable (Input) -> IO<Result<Value, Failure>> {
    { debounce in
        { retries in
            retryIOResult(
                f, policy: RetryPolicy(retries: retries, debounce: debounce), sleeper: .system, retryIf: { _ in true })
        }
    }
}

/// Retries an effect returning a `Result` under a ``RetryPolicy``; lazy, blocking the running thread
/// between attempts; only failures accepted by `retryIf` are retried.
///
/// ```swift
/// let request = retry(requestSyncR, policy: .linear(retries: 2), retryIf: isTransient)(urlRequest)
/// request.unsafeRun()   // up to 3 attempts, 1 s then 2 s apart
/// ```
/// - Parameters:
///   - f: The function building the effect to retry.
///   - policy: How many attempts, and how long to wait between them.
///   - sleeper: How to wait between attempts; ``ThreadSleeper/system`` blocks the thread.
///   - retryIf: Decides whether a failure is worth another attempt (default: every failure is).
/// - Returns: A function with `f`'s signature whose effects retry when run.
public func retry<Input: Sendable, Value, Failure: Error>(
    _ f: @escaping @Sendable (Input) -> IO<Result<Value, Failure>>,
    policy: RetryPolicy,
    sleeper: ThreadSleeper = .system,
    retryIf: @escaping @Sendable (Failure) -> Bool = { _ in true }
) -> @Sendable (Input) -> IO<Result<Value, Failure>> {
    retryIOResult(f, policy: policy, sleeper: sleeper, retryIf: retryIf)
}

/// Retries an effect returning an `Either` until it returns a right value: FunNetworking's
/// `retry(requestSyncE, retries:, debounce:)`, made lazy.
///
/// `retry(f, …)(input)` does nothing: each `unsafeRun()` of the returned `IO` calls `f(input)` and runs
/// its effect at most `retries + 1` times, stopping at the first right value or at a left
/// `CancellationError`, and **blocks the calling thread** between attempts with `sleeper`. Unlike the
/// seed's, exponential backoff grows here too. The `IO` is `Sendable`.
///
/// ```swift
/// let request = retry(requestSyncE, retries: 3, debounce: .exponential(1))(urlRequest)
/// request.unsafeRun()   // up to 4 attempts, 1 s, 2 s, 4 s apart
/// ```
/// - Parameters:
///   - f: The function building the effect to retry.
///   - retries: How many times to run the effect again after the first run (negative means none).
///   - debounce: The wait before each retry: `.linear(s)` is `s` seconds each time, `.exponential(s)` doubles.
///   - sleeper: How to wait between attempts; ``ThreadSleeper/system`` blocks the thread.
/// - Returns: A function with `f`'s signature whose effects retry when run.
public func retry<Input: Sendable, Left, Right>(
    _ f: @escaping @Sendable (Input) -> IO<Either<Left, Right>>,
    retries: Int,
    debounce: Debounce,
    sleeper: ThreadSleeper = .system
) -> @Sendable (Input) -> IO<Either<Left, Right>> {
    retryIOEither(
        f, policy: RetryPolicy(retries: retries, debounce: debounce), sleeper: sleeper, retryIf: { _ in true })
}

/// The curried form of `retry(_:retries:debounce:sleeper:)` for `IO<Either>`:
/// `retry(f)(debounce)(retries)`, as in FunNetworking. Waits with ``ThreadSleeper/system``; lazy.
///
/// ```swift
/// let request = retry(requestSyncE)(.linear(2))(3)(urlRequest)
/// request.unsafeRun()   // up to 4 attempts, 2 s apart
/// ```
/// - Parameter f: The function building the effect to retry.
/// - Returns: A function taking the debounce, then the number of retries, then `f`'s input.
public func retry<Input: Sendable, Left, Right>(
    _ f: @escaping @Sendable (Input) -> IO<Either<Left, Right>>
) -> @Sendable (Debounce) -> @Sendable (Int) -> @Sendable (Input) -> IO<Either<Left, Right>> {
    { debounce in
        { retries in
            retryIOEither(
                f, policy: RetryPolicy(retries: retries, debounce: debounce), sleeper: .system, retryIf: { _ in true })
        }
    }
}

/// Retries an effect returning an `Either` under a ``RetryPolicy``; lazy, blocking the running thread
/// between attempts; only left values accepted by `retryIf` are retried.
///
/// ```swift
/// let request = retry(requestSyncE, policy: .immediate(retries: 1))(urlRequest)
/// request.unsafeRun()   // at most 2 attempts, no wait
/// ```
/// - Parameters:
///   - f: The function building the effect to retry.
///   - policy: How many attempts, and how long to wait between them.
///   - sleeper: How to wait between attempts; ``ThreadSleeper/system`` blocks the thread.
///   - retryIf: Decides whether a left value is worth another attempt (default: every one is).
/// - Returns: A function with `f`'s signature whose effects retry when run.
public func retry<Input: Sendable, Left, Right>(
    _ f: @escaping @Sendable (Input) -> IO<Either<Left, Right>>,
    policy: RetryPolicy,
    sleeper: ThreadSleeper = .system,
    retryIf: @escaping @Sendable (Left) -> Bool = { _ in true }
) -> @Sendable (Input) -> IO<Either<Left, Right>> {
    retryIOEither(f, policy: policy, sleeper: sleeper, retryIf: retryIf)
}

/// The one implementation behind the `IO<Result>` overloads.
private func retryIOResult<Input: Sendable, Value, Failure: Error>(
    _ f: @escaping @Sendable (Input) -> IO<Result<Value, Failure>>,
    policy: RetryPolicy,
    sleeper: ThreadSleeper,
    retryIf: @escaping @Sendable (Failure) -> Bool
) -> @Sendable (Input) -> IO<Result<Value, Failure>> {
    { input in
        IO {
            retryLoop(
                policy: policy, sleeper: sleeper,
                verdict: { RetryVerdict.of($0, retryIf: retryIf) },
                attempt: { f(input).unsafeRun() })
        }
    }
}

/// The one implementation behind the `IO<Either>` overloads.
private func retryIOEither<Input: Sendable, Left, Right>(
    _ f: @escaping @Sendable (Input) -> IO<Either<Left, Right>>,
    policy: RetryPolicy,
    sleeper: ThreadSleeper,
    retryIf: @escaping @Sendable (Left) -> Bool
) -> @Sendable (Input) -> IO<Either<Left, Right>> {
    { input in
        IO {
            retryLoop(
                policy: policy, sleeper: sleeper,
                verdict: { RetryVerdict.of($0, retryIf: retryIf) },
                attempt: { f(input).unsafeRun() })
        }
    }
}
