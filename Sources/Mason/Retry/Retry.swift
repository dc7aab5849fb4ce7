/// Runs an operation until it succeeds, waiting between attempts on a clock: Mason's retry engine.
///
/// The operation runs **exactly once per attempt**, at most `policy.maximumAttempts` times. After a
/// failure, the retry
/// 1. stops and throws the failure if it is a `CancellationError`, if the current task is cancelled,
///    if `retryIf` returns `false`, or if no attempt is left;
/// 2. computes the wait: `delayOverride(failure)` when it returns a duration (a server's
///    `Retry-After`, capped at the policy's `maximumDelay`), otherwise the policy's jittered backoff;
/// 3. stops and throws the failure if that wait would end after the policy's `budget` (measured on
///    `clock` since the first attempt started);
/// 4. sleeps on `clock` (a zero wait does not sleep), then tries again.
///
/// **Cancellation.** A cancellation never starts another attempt. If the task is cancelled while the
/// retry waits, the wait ends at once (any error thrown by `clock.sleep` ends it the same way) and the
/// retry throws the **last failure** — not a `CancellationError`, which `Failure` may not be able to
/// hold; check `Task.isCancelled` to tell the two apart. The first attempt always runs, even in a task
/// that is already cancelled: the operation decides how it reacts.
///
/// Nothing blocks a thread: the wait is `clock.sleep`. Pass `ContinuousClock()` in production and
/// MasonTesting's `ManualClock` in tests, so the delays happen on virtual time.
///
/// ```swift
/// let policy = RetryPolicy(retries: 3, backoff: .exponential(initial: .seconds(1)))
/// let body = try await retrying(policy: policy, clock: ContinuousClock()) {
///     try await download(url)           // tried up to 4 times, waiting 1 s, 2 s, 4 s between
/// }
///
/// // Only retry 5xx responses, and obey the server's Retry-After:
/// let response = try await retrying(
///     policy: .exponential,
///     clock: ContinuousClock(),
///     retryIf: { (error: HTTPError) in error.status >= 500 },
///     delayOverride: { error in error.retryAfter }
/// ) { () async throws(HTTPError) -> Response in
///     try await send(request)
/// }
/// ```
///
/// - Parameters:
///   - isolation: The actor the operation runs on; defaults to the caller's.
///   - policy: How many attempts, and how long to wait between them.
///   - clock: The clock to wait on.
///   - retryIf: Decides whether a failure is worth another attempt (default: every failure is).
///   - delayOverride: A wait chosen by the failure itself, replacing the backoff (default: none).
///   - operation: The work to try; it runs once per attempt.
/// - Returns: The value of the first successful attempt.
/// - Throws: The last failure, when no attempt succeeded.
public func retrying<Value, Failure: Error, C: Clock>(
    isolation: isolated (any Actor)? = #isolation,
    policy: RetryPolicy,
    clock: C,
    retryIf: (Failure) -> Bool = { _ in true },
    delayOverride: (Failure) -> Duration? = { _ in nil },
    operation: () async throws(Failure) -> Value
) async throws(Failure) -> Value where C.Duration == Duration {
    let outcome: Result<Value, Failure> = await retryLoop(
        policy: policy,
        clock: clock,
        verdict: { RetryVerdict.of($0, retryIf: retryIf, delayOverride: delayOverride) },
        attempt: { () async -> Result<Value, Failure> in
            do throws(Failure) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
    )
    return try outcome.get()
}

/// Runs a synchronous operation until it succeeds, **blocking the calling thread** between attempts.
///
/// The synchronous twin of ``retrying(isolation:policy:clock:retryIf:delayOverride:operation:)``, with
/// the same rules (one run per attempt, `CancellationError` and a cancelled current task never
/// retried, `delayOverride` capped at `maximumDelay`, the budget measured with `sleeper.now`), but it
/// waits with `sleeper.sleep`. Use it only off the cooperative thread pool, or with zero delays; in
/// `async` code use the clock-based `retrying`.
///
/// ```swift
/// let config = try retrying(policy: .immediate(retries: 2), sleeper: .system) {
///     try readConfiguration(at: path)   // up to 3 reads, no wait between them
/// }
/// ```
///
/// - Parameters:
///   - policy: How many attempts, and how long to wait between them.
///   - sleeper: How to wait; ``ThreadSleeper/system`` blocks the thread for real.
///   - retryIf: Decides whether a failure is worth another attempt (default: every failure is).
///   - delayOverride: A wait chosen by the failure itself, replacing the backoff (default: none).
///   - operation: The work to try; it runs once per attempt.
/// - Returns: The value of the first successful attempt.
/// - Throws: The last failure, when no attempt succeeded.
public func retrying<Value, Failure: Error>(
    policy: RetryPolicy,
    sleeper: ThreadSleeper,
    retryIf: (Failure) -> Bool = { _ in true },
    delayOverride: (Failure) -> Duration? = { _ in nil },
    operation: () throws(Failure) -> Value
) throws(Failure) -> Value {
    let outcome: Result<Value, Failure> = retryLoop(
        policy: policy,
        sleeper: sleeper,
        verdict: { RetryVerdict.of($0, retryIf: retryIf, delayOverride: delayOverride) },
        attempt: { () -> Result<Value, Failure> in
            do throws(Failure) {
                return .success(try operation())
            } catch {
                return .failure(error)
            }
        }
    )
    return try outcome.get()
}

// MARK: - The loop, shared by every retry in Mason

/// What the retry loop does after an attempt: keep its outcome, or try again.
///
/// Every container reduces its outcome to a verdict (see the `of` functions), so one loop serves
/// `Optional`, `Result`, `Either`, thrown errors and `Deferred`.
enum RetryVerdict: Sendable {
    /// Keep this outcome: a success, a cancellation, or a failure not worth retrying.
    case stop
    /// Try again, after the failure's own delay if it chose one, else after the policy's.
    case retry(delayOverride: Duration?)

    /// `nil` is retried.
    static func of<Value>(_ optional: Value?) -> RetryVerdict {
        optional == nil ? .retry(delayOverride: nil) : .stop
    }

    /// A failure is retried when it is not a `CancellationError` and `retryIf` accepts it.
    static func of<Value, Failure: Error>(
        _ result: Result<Value, Failure>,
        retryIf: (Failure) -> Bool,
        delayOverride: (Failure) -> Duration? = { _ in nil }
    ) -> RetryVerdict {
        switch result {
        case .success:
            return .stop
        case .failure(let failure):
            guard !(failure is CancellationError), retryIf(failure) else { return .stop }
            return .retry(delayOverride: delayOverride(failure))
        }
    }

    /// A left value is retried when it is not a `CancellationError` and `retryIf` accepts it.
    static func of<Left, Right>(
        _ either: Either<Left, Right>,
        retryIf: (Left) -> Bool,
        delayOverride: (Left) -> Duration? = { _ in nil }
    ) -> RetryVerdict {
        switch either {
        case .right:
            return .stop
        case .left(let left):
            guard !(left is CancellationError), retryIf(left) else { return .stop }
            return .retry(delayOverride: delayOverride(left))
        }
    }
}

/// The count of attempts and the decision whether, and after how long, another one may start.
struct RetrySchedule {
    let policy: RetryPolicy
    /// Attempts started so far.
    private(set) var attempts = 1

    init(policy: RetryPolicy) {
        self.policy = policy
    }

    /// The wait before the next attempt, or `nil` when none may start: no attempt left, or the wait
    /// would end after the budget. Counts the next attempt as started when it returns a wait.
    /// - Parameters:
    ///   - delayOverride: The failure's own delay, if it chose one (capped at `maximumDelay`).
    ///   - elapsed: The time since the first attempt started.
    mutating func waitBeforeNextAttempt(delayOverride: Duration?, elapsed: Duration) -> Duration? {
        guard attempts < policy.maximumAttempts else { return nil }
        let wait = delayOverride.map(policy.capped) ?? policy.delay(beforeRetry: attempts)
        if let budget = policy.budget, elapsed + wait > budget { return nil }
        attempts += 1
        return wait
    }
}

/// The asynchronous loop: runs `attempt`, asks `verdict`, waits on `clock`, repeats; returns the last
/// outcome. Never blocks a thread; see ``retrying(isolation:policy:clock:retryIf:delayOverride:operation:)``
/// for the rules.
///
/// Containers built in other files are one-liners on top of it, for example a `Deferred<Either>`:
/// `Deferred { await retryLoop(policy: policy, clock: clock, verdict: { .of($0, retryIf: retryIf) }) { await f(input).value } }`.
func retryLoop<Outcome, C: Clock>(
    isolation: isolated (any Actor)? = #isolation,
    policy: RetryPolicy,
    clock: C,
    verdict: (Outcome) -> RetryVerdict,
    attempt: () async -> Outcome
) async -> Outcome where C.Duration == Duration {
    let start = clock.now
    var schedule = RetrySchedule(policy: policy)
    while true {
        let outcome = await attempt()
        guard case .retry(let delayOverride) = verdict(outcome), !Task.isCancelled,
            let wait = schedule.waitBeforeNextAttempt(
                delayOverride: delayOverride, elapsed: start.duration(to: clock.now))
        else { return outcome }
        if wait > .zero {
            do {
                try await clock.sleep(for: wait)
            } catch {
                return outcome  // cancelled (or the clock failed) during the wait: end at once
            }
        }
        if Task.isCancelled { return outcome }
    }
}

/// The synchronous loop: like the asynchronous one, but waits with `sleeper`, blocking the thread.
func retryLoop<Outcome>(
    policy: RetryPolicy,
    sleeper: ThreadSleeper,
    verdict: (Outcome) -> RetryVerdict,
    attempt: () -> Outcome
) -> Outcome {
    let start = sleeper.now()
    var schedule = RetrySchedule(policy: policy)
    while true {
        let outcome = attempt()
        guard case .retry(let delayOverride) = verdict(outcome), !Task.isCancelled,
            let wait = schedule.waitBeforeNextAttempt(
                delayOverride: delayOverride, elapsed: sleeper.now() - start)
        else { return outcome }
        if wait > .zero { sleeper.sleep(wait) }
        if Task.isCancelled { return outcome }
    }
}
