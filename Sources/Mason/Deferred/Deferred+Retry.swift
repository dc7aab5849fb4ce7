// Retry over deferreds of `Result` and `Either`: lazy, non-blocking, on an injected clock.

extension Deferred {
    /// Runs the deferred again while it fails, waiting between attempts as `policy` says.
    ///
    /// Lazy: nothing runs until the returned deferred runs; each of its runs makes the attempts
    /// again, each attempt running this deferred exactly once. Waits on `clock` (never blocks a
    /// thread), never retries a `CancellationError`, and a cancellation — even during a wait — ends
    /// the retry at once: with `.failure(.cancellation)` when `Failure` is ``CancellationRepresentable``
    /// (`CancellationError` for `any Error`) — not with the failure it would have retried, which is
    /// not what ended it — else with the last failure. Cancelling this deferred (the source) cancels
    /// the retries running it, waits included.
    ///
    /// ```swift
    /// let robust = fetchProfile(id).retrying(.exponential(initial: .seconds(1)), clock: ContinuousClock())
    /// ```
    /// - Parameters:
    ///   - policy: How many attempts, and how long to wait between them.
    ///   - clock: The clock to wait on; inject a `ManualClock` in tests.
    ///   - retryIf: Which failures are worth another attempt (default: all).
    ///   - delayOverride: A failure's own wait (such as `Retry-After`), still capped by the policy.
    /// - Returns: The retrying deferred.
    public func retrying<Success, Failure: Error, C: Clock>(
        _ policy: RetryPolicy,
        clock: C = ContinuousClock(),
        retryIf: @escaping @Sendable (Failure) -> Bool = { _ in true },
        delayOverride: @escaping @Sendable (Failure) -> Duration? = { _ in nil }
    ) -> Deferred where Value == Result<Success, Failure>, C.Duration == Duration {
        // The whole retry, waits included, is a run of this deferred: its `cancel()` ends it.
        Deferred {
            await self.scope.executing {
                let verdict = { (outcome: Value) in
                    RetryVerdict.of(outcome, retryIf: retryIf, delayOverride: delayOverride)
                }
                let outcome = await retryLoop(policy: policy, clock: clock, verdict: verdict) {
                    await self.execute(registered: true)
                }
                return Self.retried(outcome, verdict: verdict)
            }
        }
    }

    /// Runs the deferred again while it produces a left value, waiting between attempts as `policy`
    /// says; see ``retrying(_:clock:retryIf:delayOverride:)-(_,_,_,_)`` for the rules.
    ///
    /// ```swift
    /// let robust = fetchHostE().retrying(.linear, clock: ContinuousClock())
    /// ```
    /// - Parameters:
    ///   - policy: How many attempts, and how long to wait between them.
    ///   - clock: The clock to wait on.
    ///   - retryIf: Which left values are worth another attempt (default: all).
    /// - Returns: The retrying deferred.
    public func retrying<Left, Right, C: Clock>(
        _ policy: RetryPolicy,
        clock: C = ContinuousClock(),
        retryIf: @escaping @Sendable (Left) -> Bool = { _ in true }
    ) -> Deferred where Value == Either<Left, Right>, C.Duration == Duration {
        Deferred {
            await self.scope.executing {
                let verdict = { (outcome: Value) in RetryVerdict.of(outcome, retryIf: retryIf) }
                let outcome = await retryLoop(policy: policy, clock: clock, verdict: verdict) {
                    await self.execute(registered: true)
                }
                return Self.retried(outcome, verdict: verdict)
            }
        }
    }

    /// What a retry produces: its last outcome, unless the run was cancelled and that outcome is one
    /// it would retry (even with no attempt left) — then the value's cancellation, where it has one.
    private static func retried(_ outcome: Value, verdict: (Value) -> RetryVerdict) -> Value {
        guard Task.isCancelled, case .retry = verdict(outcome), let cancelled = cancelledWithoutWork else {
            return outcome
        }
        return cancelled
    }
}

/// FunNetworking's `retry(requestAsyncR, retries: 3, debounce: .linear(5))`: a function whose
/// deferred is retried on failure — lazily, without blocking, on `clock`.
///
/// ```swift
/// let fetch = retry(requestAsyncR, retries: 3, debounce: .linear(5))
/// fetch(request).run { result in … }   // up to 4 attempts, 5 s apart
/// ```
/// - Parameters:
///   - f: Builds the deferred for an input.
///   - retries: How many times to try again after the first attempt.
///   - debounce: The wait between attempts (`.linear`: constant; `.exponential`: doubling).
///   - clock: The clock to wait on.
/// - Returns: The retrying function.
public func retry<Input, Success, Failure: Error, C: Clock>(
    _ f: @escaping @Sendable (Input) -> Deferred<Result<Success, Failure>>,
    retries: Int,
    debounce: Debounce,
    clock: C = ContinuousClock()
) -> @Sendable (Input) -> Deferred<Result<Success, Failure>> where C.Duration == Duration {
    let policy = RetryPolicy(retries: retries, debounce: debounce)
    return { f($0).retrying(policy, clock: clock) }
}

/// FunNetworking's `retry(requestAsyncE, retries:, debounce:)` for deferreds of `Either`.
///
/// ```swift
/// let fetch = retry(requestAsyncE, retries: 3, debounce: .exponential(1))
/// ```
/// - Parameters:
///   - f: Builds the deferred for an input.
///   - retries: How many times to try again after the first attempt.
///   - debounce: The wait between attempts.
///   - clock: The clock to wait on.
/// - Returns: The retrying function.
public func retry<Input, Left, Right, C: Clock>(
    _ f: @escaping @Sendable (Input) -> Deferred<Either<Left, Right>>,
    retries: Int,
    debounce: Debounce,
    clock: C = ContinuousClock()
) -> @Sendable (Input) -> Deferred<Either<Left, Right>> where C.Duration == Duration {
    let policy = RetryPolicy(retries: retries, debounce: debounce)
    return { f($0).retrying(policy, clock: clock) }
}

/// The seed's curried form: `retry(requestAsyncR)(.linear(5))(3)`.
///
/// ```swift
/// let fetch = retry(requestAsyncR)(.linear(5))(3)
/// ```
/// - Parameter f: Builds the deferred for an input.
/// - Returns: A function taking the debounce, then the number of retries.
public func retry<Input, Success, Failure: Error>(
    _ f: @escaping @Sendable (Input) -> Deferred<Result<Success, Failure>>
) -> @Sendable (Debounce) -> @Sendable (Int) -> @Sendable (Input) -> Deferred<Result<Success, Failure>> {
    { debounce in { retries in retry(f, retries: retries, debounce: debounce) } }
}

/// The seed's curried form for deferreds of `Either`: `retry(requestAsyncE)(.linear(5))(3)`.
///
/// ```swift
/// let fetch = retry(requestAsyncE)(.exponential(1))(3)
/// ```
/// - Parameter f: Builds the deferred for an input.
/// - Returns: A function taking the debounce, then the number of retries.
public func retry<Input, Left, Right>(
    _ f: @escaping @Sendable (Input) -> Deferred<Either<Left, Right>>
) -> @Sendable (Debounce) -> @Sendable (Int) -> @Sendable (Input) -> Deferred<Either<Left, Right>> {
    { debounce in { retries in retry(f, retries: retries, debounce: debounce) } }
}
