import Mason
import MasonTesting
import Testing

@Suite(.timeLimit(.minutes(5))) struct RetryTests {
    /// The failures of the operations under test; `attempt` numbers them from 1.
    enum Failure: Error, Equatable {
        case transient(attempt: Int)
        case permanent(attempt: Int)
        case tooManyRequests(retryAfter: Duration)
    }

    /// Counts attempts from any thread.
    final class Attempts: Sendable {
        private let count = Locked(0)
        var value: Int { count.withLock { $0 } }
        func next() -> Int {
            count.withLock {
                $0 += 1; return $0
            }
        }
    }

    /// The typed failure a task ended with, if any.
    private static func failure<Value>(_ result: Result<Value, any Error>) -> Failure? {
        guard case .failure(let error) = result else { return nil }
        return error as? Failure
    }

    /// Waits for each expected backoff on `clock` in turn and advances past it.
    private static func drive(_ clock: ManualClock, through delays: [Duration]) async throws {
        for delay in delays {
            try await clock.waitForSleepers(count: 1)
            clock.advance(by: delay)
        }
    }

    // MARK: Attempts and delays on virtual time

    @Test func aFailingOperationRunsExactlyRetriesPlusOneTimes() async throws {
        let clock = ManualClock()
        let attempts = Attempts()
        let policy = RetryPolicy(retries: 3, backoff: .constant(.seconds(1)))
        let task = Task { () async throws(Failure) -> Int in
            try await retrying(policy: policy, clock: clock) { () async throws(Failure) -> Int in
                throw .transient(attempt: attempts.next())
            }
        }
        try await Self.drive(clock, through: [.seconds(1), .seconds(1), .seconds(1)])
        let result = await task.result
        #expect(Self.failure(result) == .transient(attempt: 4), "the last failure is thrown")
        #expect(attempts.value == 4)
        #expect(clock.sleeps == [.seconds(1), .seconds(1), .seconds(1)] as [Duration])
        #expect(clock.sleepers() == 0)
    }

    @Test func exponentialBackoffWaitsThePolicysDelaysOnTheClock() async throws {
        let clock = ManualClock()
        let attempts = Attempts()
        let policy = RetryPolicy(retries: 4, backoff: .exponential(initial: .milliseconds(250)))
        let task = Task { () async throws(Failure) -> Int in
            try await retrying(policy: policy, clock: clock) { () async throws(Failure) -> Int in
                throw .transient(attempt: attempts.next())
            }
        }
        let expected: [Duration] = [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2)]
        try await Self.drive(clock, through: expected)
        _ = await task.result
        #expect(clock.sleeps == expected)
        #expect(clock.now.offset == .milliseconds(3750))
        #expect(attempts.value == 5)
    }

    @Test func theNextAttemptWaitsForTheWholeDelay() async throws {
        let clock = ManualClock()
        let attempts = Attempts()
        let task = Task { () async throws(Failure) -> Int in
            try await retrying(policy: RetryPolicy(retries: 1, backoff: .constant(.seconds(10))), clock: clock) {
                () async throws(Failure) -> Int in
                let attempt = attempts.next()
                if attempt == 1 { throw .transient(attempt: attempt) }
                return attempt
            }
        }
        try await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(9))
        #expect(clock.sleepers() == 1)
        #expect(attempts.value == 1, "no second attempt before the delay is over")
        clock.advance(by: .seconds(1))
        #expect(try await task.value == 2)
    }

    @Test func aSuccessEndsTheRetryWithItsValue() async throws {
        let clock = ManualClock()
        let attempts = Attempts()
        let task = Task { () async throws(Failure) -> String in
            try await retrying(policy: RetryPolicy(retries: 5, backoff: .constant(.seconds(1))), clock: clock) {
                () async throws(Failure) -> String in
                let attempt = attempts.next()
                guard attempt == 3 else { throw .transient(attempt: attempt) }
                return "third time lucky"
            }
        }
        try await Self.drive(clock, through: [.seconds(1), .seconds(1)])
        #expect(try await task.value == "third time lucky")
        #expect(attempts.value == 3)
        #expect(clock.sleeps.count == 2)
    }

    @Test func aZeroDelayDoesNotSleep() async {
        let clock = ManualClock()
        let attempts = Attempts()
        let result = await Task { () async throws(Failure) -> Int in
            try await retrying(policy: .immediate(retries: 2), clock: clock) { () async throws(Failure) -> Int in
                throw .transient(attempt: attempts.next())
            }
        }.result
        #expect(Self.failure(result) == .transient(attempt: 3))
        #expect(clock.sleeps.isEmpty)
    }

    @Test func theInjectedRandomSourceJittersTheWaits() async throws {
        let clock = ManualClock()
        let policy = RetryPolicy(retries: 2, backoff: .constant(.seconds(4)), jitter: .full, random: { 0.25 })
        let task = Task { () async throws(Failure) -> Int in
            try await retrying(policy: policy, clock: clock) { () async throws(Failure) -> Int in
                throw .transient(attempt: 0)
            }
        }
        try await Self.drive(clock, through: [.seconds(1), .seconds(1)])
        _ = await task.result
        #expect(clock.sleeps == [.seconds(1), .seconds(1)] as [Duration])
    }

    @MainActor @Test func theOperationRunsOnTheCallersActorAndMayMutateItsState() async throws {
        var attempts = 0  // not Sendable-safe state: fine, every attempt runs on the main actor
        let value = try await retrying(policy: .immediate(retries: 3), clock: ManualClock()) {
            () async throws(Failure) -> Int in
            MainActor.assertIsolated()
            attempts += 1
            if attempts < 3 { throw .transient(attempt: attempts) }
            return attempts
        }
        #expect(value == 3)
        #expect(attempts == 3)
    }

    // MARK: Which failures are retried

    @Test func retryIfStopsAtTheFirstFailureItRejects() async throws {
        let clock = ManualClock()
        let attempts = Attempts()
        let task = Task { () async throws(Failure) -> Int in
            try await retrying(
                policy: RetryPolicy(retries: 5, backoff: .constant(.seconds(1))),
                clock: clock,
                retryIf: { (failure: Failure) in if case .transient = failure { true } else { false } }
            ) { () async throws(Failure) -> Int in
                let attempt = attempts.next()
                throw attempt < 3 ? .transient(attempt: attempt) : .permanent(attempt: attempt)
            }
        }
        try await Self.drive(clock, through: [.seconds(1), .seconds(1)])
        #expect(Self.failure(await task.result) == .permanent(attempt: 3))
        #expect(attempts.value == 3)
    }

    @Test func aRejectedFirstFailureIsThrownWithoutWaiting() async {
        let clock = ManualClock()
        let attempts = Attempts()
        let result = await Task { () async throws(Failure) -> Int in
            try await retrying(
                policy: RetryPolicy(retries: 5, backoff: .constant(.seconds(1))), clock: clock,
                retryIf: { (_: Failure) in false }
            ) { () async throws(Failure) -> Int in
                throw .permanent(attempt: attempts.next())
            }
        }.result
        #expect(Self.failure(result) == .permanent(attempt: 1))
        #expect(clock.sleeps.isEmpty)
    }

    @Test func delayOverrideReplacesTheBackoffAndIsCapped() async throws {
        let clock = ManualClock()
        let attempts = Attempts()
        let policy = RetryPolicy(retries: 3, backoff: .constant(.seconds(1)), maximumDelay: .seconds(30))
        let retryAfter: [Duration] = [.seconds(7), .seconds(120)]
        let task = Task { () async throws(Failure) -> Int in
            try await retrying(
                policy: policy, clock: clock,
                delayOverride: { (failure: Failure) -> Duration? in
                    if case .tooManyRequests(let wait) = failure { wait } else { nil }
                }
            ) { () async throws(Failure) -> Int in
                let attempt = attempts.next()
                if attempt <= retryAfter.count { throw .tooManyRequests(retryAfter: retryAfter[attempt - 1]) }
                throw .transient(attempt: attempt)
            }
        }
        try await Self.drive(clock, through: [.seconds(7), .seconds(30), .seconds(1)])
        #expect(Self.failure(await task.result) == .transient(attempt: 4))
        #expect(clock.sleeps == [.seconds(7), .seconds(30), .seconds(1)] as [Duration])
    }

    // MARK: Budget

    @Test func noRetryStartsWhoseWaitWouldExceedTheBudget() async throws {
        let clock = ManualClock()
        let attempts = Attempts()
        let policy = RetryPolicy(retries: 10, backoff: .constant(.seconds(2)), budget: .seconds(5))
        let task = Task { () async throws(Failure) -> Int in
            try await retrying(policy: policy, clock: clock) { () async throws(Failure) -> Int in
                throw .transient(attempt: attempts.next())
            }
        }
        try await Self.drive(clock, through: [.seconds(2), .seconds(2)])
        #expect(Self.failure(await task.result) == .transient(attempt: 3), "a third wait would end at 6 s > 5 s")
        #expect(clock.sleeps == [.seconds(2), .seconds(2)] as [Duration])
    }

    @Test func theBudgetCountsTheTimeTheAttemptsTake() async throws {
        let clock = ManualClock()
        let attempts = Attempts()
        let policy = RetryPolicy(retries: 10, backoff: .constant(.seconds(1)), budget: .seconds(10))
        let task = Task { () async throws(Failure) -> Int in
            try await retrying(policy: policy, clock: clock) { () async throws(Failure) -> Int in
                clock.advance(by: .seconds(3))  // each attempt takes 3 s of virtual time
                throw .transient(attempt: attempts.next())
            }
        }
        try await Self.drive(clock, through: [.seconds(1), .seconds(1)])
        // Attempts end at 3 s, 7 s, 11 s; after the third, 11 s + 1 s is past the budget.
        #expect(Self.failure(await task.result) == .transient(attempt: 3))
        #expect(clock.now.offset == .seconds(11))
    }

    // MARK: Cancellation

    @Test func cancellingDuringAWaitEndsTheRetryAtOnceWithTheLastFailure() async throws {
        let clock = ManualClock()
        let attempts = Attempts()
        let task = Task { () async throws(Failure) -> Int in
            try await retrying(policy: RetryPolicy(retries: 5, backoff: .constant(.seconds(3600))), clock: clock) {
                () async throws(Failure) -> Int in
                throw .transient(attempt: attempts.next())
            }
        }
        try await clock.waitForSleepers(count: 1)
        task.cancel()
        #expect(Self.failure(await task.result) == .transient(attempt: 1))
        #expect(attempts.value == 1, "no attempt after the cancellation")
        #expect(clock.now == ManualClock.Instant(), "ended without time moving")
        #expect(clock.sleepers() == 0)
    }

    @Test func aCancellationErrorIsNeverRetried() async {
        let clock = ManualClock()
        let attempts = Attempts()
        let result = await Task { () async throws -> Int in
            try await retrying(policy: RetryPolicy(retries: 5, backoff: .constant(.seconds(1))), clock: clock) {
                () async throws -> Int in
                _ = attempts.next()
                throw CancellationError()
            }
        }.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(attempts.value == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func aCancelledTaskIsNeverRetriedEvenWithoutADelay() async {
        let clock = ManualClock()
        let attempts = Attempts()
        let result = await Task { () async throws(Failure) -> Int in
            try await retrying(policy: .immediate(retries: 5), clock: clock) { () async throws(Failure) -> Int in
                withUnsafeCurrentTask { $0?.cancel() }
                throw .transient(attempt: attempts.next())
            }
        }.result
        #expect(Self.failure(result) == .transient(attempt: 1))
        #expect(attempts.value == 1)
    }

    @Test func theFirstAttemptRunsEvenInACancelledTask() async {
        let clock = ManualClock()
        let attempts = Attempts()
        let result = await Task { () async throws(Failure) -> Int in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await retrying(policy: .immediate(retries: 5), clock: clock) { () async throws(Failure) -> Int in
                throw .transient(attempt: attempts.next())
            }
        }.result
        #expect(Self.failure(result) == .transient(attempt: 1))
    }

    // MARK: The synchronous engine

    @Test func theSynchronousEngineWaitsWithItsSleeper() {
        let clock = ManualClock()
        let attempts = Attempts()
        let policy = RetryPolicy(retries: 3, backoff: .exponential(initial: .seconds(1)))
        #expect(throws: Failure.transient(attempt: 4)) {
            try retrying(policy: policy, sleeper: clock.threadSleeper) { () throws(Failure) -> Int in
                throw .transient(attempt: attempts.next())
            }
        }
        #expect(attempts.value == 4)
        #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(4)] as [Duration])
    }

    @Test func theSynchronousEngineHonoursRetryIfOverrideAndBudget() {
        let clock = ManualClock()
        let attempts = Attempts()
        let policy = RetryPolicy(
            retries: 10, backoff: .constant(.seconds(1)), maximumDelay: .seconds(5), budget: .seconds(12))
        let result = Result { () throws(Failure) -> Int in
            try retrying(
                policy: policy, sleeper: clock.threadSleeper,
                retryIf: { (failure: Failure) in failure != .permanent(attempt: 0) },
                delayOverride: { (_: Failure) -> Duration? in .seconds(60) }
            ) { () throws(Failure) -> Int in
                throw .transient(attempt: attempts.next())
            }
        }
        // Each wait is 60 s capped to 5 s; after 10 s of waits a third would end at 15 s > 12 s.
        #expect(result == .failure(.transient(attempt: 3)))
        #expect(clock.sleeps == [.seconds(5), .seconds(5)] as [Duration])
    }

    @Test func theSynchronousEngineReturnsTheFirstSuccess() throws {
        let attempts = Attempts()
        let value = try retrying(policy: .immediate(retries: 4), sleeper: ManualClock().threadSleeper) {
            () throws(Failure) -> Int in
            let attempt = attempts.next()
            if attempt < 2 { throw .transient(attempt: attempt) }
            return attempt * 10
        }
        #expect(value == 20)
        #expect(attempts.value == 2)
    }

    @Test func theSystemSleeperReturnsForZeroAndReadsAMonotonicClock() {
        let first = ThreadSleeper.system.now()
        ThreadSleeper.system.sleep(.zero)
        ThreadSleeper.system.sleep(.seconds(-1))
        #expect(ThreadSleeper.system.now() >= first)
    }
}
