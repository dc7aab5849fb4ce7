// Retry over functions returning `Either`: a left value is retried.
// Synchronous: these block the calling thread between attempts (see `ThreadSleeper`).

/// Retries a function returning an `Either` until it returns a right value: FunNetworking's
/// `retry(f, retries:, debounce:)` for `Either`.
///
/// The returned function calls `f` at most `retries + 1` times, stopping at the first right value or at
/// a left `CancellationError`, and **blocks the calling thread** between the calls with `sleeper` (by
/// default for real; tests pass a recording sleeper). It returns the last left value when every
/// attempt fails.
///
/// ```swift
/// let lookup = retry(lookUpUser, retries: 3, debounce: .linear(2))
/// lookup(42)   // .right(user), or the 4th .left, attempts 2 s apart
/// ```
/// - Parameters:
///   - f: The function to retry.
///   - retries: How many times to call `f` again after the first call (negative means none).
///   - debounce: The wait before each retry: `.linear(s)` is `s` seconds each time, `.exponential(s)` doubles.
///   - sleeper: How to wait between attempts; ``ThreadSleeper/system`` blocks the thread.
/// - Returns: A function with `f`'s signature that retries.
public func retry<Input, Left, Right>(
    _ f: @escaping @Sendable (Input) -> Either<Left, Right>,
    retries: Int,
    debounce: Debounce,
    sleeper: ThreadSleeper = .system
) -> @Sendable (Input) -> Either<Left, Right> {
    retryEither(f, policy: RetryPolicy(retries: retries, debounce: debounce), sleeper: sleeper, retryIf: { _ in true })
}

/// The curried form of `retry(_:retries:debounce:sleeper:)`:
/// `retry(f)(debounce)(retries)`, as in FunNetworking. Waits with ``ThreadSleeper/system``.
///
/// ```swift
/// let lookup = retry(lookUpUser)(.linear(1))(2)
/// lookup(42)   // up to 3 attempts, 1 s apart
/// ```
/// - Parameter f: The function to retry.
/// - Returns: A function taking the debounce, then the number of retries, then `f`'s input.
public func retry<Input, Left, Right>(
    _ f: @escaping @Sendable (Input) -> Either<Left, Right>
) -> @Sendable (Debounce) -> @Sendable (Int) -> @Sendable (Input) -> Either<Left, Right> {
    { debounce in
        { retries in
            retryEither(
                f, policy: RetryPolicy(retries: retries, debounce: debounce), sleeper: .system, retryIf: { _ in true })
        }
    }
}

/// Retries a function returning an `Either` under a ``RetryPolicy``, blocking the calling thread
/// between attempts; only left values accepted by `retryIf` are retried.
///
/// ```swift
/// let lookup = retry(lookUpUser, policy: .immediate(retries: 2), retryIf: { $0 != .notFound })
/// lookup(42)   // a .left(.notFound) is returned at once
/// ```
/// - Parameters:
///   - f: The function to retry.
///   - policy: How many attempts, and how long to wait between them.
///   - sleeper: How to wait between attempts; ``ThreadSleeper/system`` blocks the thread.
///   - retryIf: Decides whether a left value is worth another attempt (default: every one is).
/// - Returns: A function with `f`'s signature that retries.
public func retry<Input, Left, Right>(
    _ f: @escaping @Sendable (Input) -> Either<Left, Right>,
    policy: RetryPolicy,
    sleeper: ThreadSleeper = .system,
    retryIf: @escaping @Sendable (Left) -> Bool = { _ in true }
) -> @Sendable (Input) -> Either<Left, Right> {
    retryEither(f, policy: policy, sleeper: sleeper, retryIf: retryIf)
}

/// The one implementation behind the `Either` overloads.
private func retryEither<Input, Left, Right>(
    _ f: @escaping @Sendable (Input) -> Either<Left, Right>,
    policy: RetryPolicy,
    sleeper: ThreadSleeper,
    retryIf: @escaping @Sendable (Left) -> Bool
) -> @Sendable (Input) -> Either<Left, Right> {
    { input in
        retryLoop(
            policy: policy, sleeper: sleeper,
            verdict: { RetryVerdict.of($0, retryIf: retryIf) },
            attempt: { f(input) })
    }
}
