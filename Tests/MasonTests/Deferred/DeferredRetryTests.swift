import Mason
import MasonTesting
import Testing

/// Retry of deferreds on virtual time: attempt counts, the waits, laziness and cancellation.
@Suite(.timeLimit(.minutes(5))) struct DeferredRetryTests {
    enum FetchError: Error, Equatable { case unavailable, forbidden }

    /// A deferred failing `failures` times, then succeeding; counts its attempts.
    final class Flaky: Sendable {
        private let attempts = Locked(0)
        let failures: Int
        init(failing failures: Int) { self.failures = failures }
        var count: Int { attempts.withLock { $0 } }

        func fetch(_ id: Int) -> Deferred<Result<String, FetchError>> {
            Deferred { [self] in
                let attempt = attempts.withLock {
                    $0 += 1; return $0
                }
                return attempt <= failures ? .failure(.unavailable) : .success("item \(id)")
            }
        }
    }

    @Test func retryRunsNothingUntilTheResultRunsAndAttemptsExactlyRetriesPlusOne() async throws {
        let clock = ManualClock()
        let flaky = Flaky(failing: 10)
        let fetch = retry(flaky.fetch, retries: 3, debounce: .linear(2), clock: clock)
        let deferred = fetch(7)
        #expect(flaky.count == 0)

        let task = Task { await deferred.value }
        for _ in 1...3 {
            try await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(2))
        }
        #expect(await task.value == .failure(.unavailable))
        #expect(flaky.count == 4)
        let expected: [Duration] = [.seconds(2), .seconds(2), .seconds(2)]
        #expect(clock.sleeps == expected)
    }

    @Test func retryStopsAtTheFirstSuccess() async throws {
        let clock = ManualClock()
        let flaky = Flaky(failing: 1)
        let deferred = flaky.fetch(1).retrying(RetryPolicy(retries: 5, debounce: .exponential(1)), clock: clock)
        let task = Task { await deferred.value }
        try await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(1))
        #expect(await task.value == .success("item 1"))
        #expect(flaky.count == 2)
    }

    @Test func exponentialDebounceDoublesTheWaitOnVirtualTime() async throws {
        let clock = ManualClock()
        let flaky = Flaky(failing: 3)
        let deferred = flaky.fetch(2).retrying(RetryPolicy(retries: 3, debounce: .exponential(1)), clock: clock)
        let task = Task { await deferred.value }
        for seconds in [1, 2, 4] {
            try await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(seconds))
        }
        #expect(await task.value == .success("item 2"))
        let expected: [Duration] = [.seconds(1), .seconds(2), .seconds(4)]
        #expect(clock.sleeps == expected)
    }

    @Test func theCurriedSeedFormRetriesToo() async {
        let flaky = Flaky(failing: 0)
        let fetch = retry(flaky.fetch)(.exponential(1))(3)  // real clock, but nothing fails: no wait
        #expect(await fetch(4).value == .success("item 4"))
        #expect(flaky.count == 1)
    }

    @Test func failuresRetryIfRejectsAreNotRetried() async {
        let clock = ManualClock()
        let attempts = Locked(0)
        let forbidden = Deferred<Result<Int, FetchError>> {
            attempts.withLock { $0 += 1 }
            return .failure(.forbidden)
        }
        let deferred = forbidden.retrying(.linear, clock: clock, retryIf: { $0 == .unavailable })
        #expect(await deferred.value == .failure(.forbidden))
        #expect(attempts.withLock { $0 } == 1)
    }

    @Test func cancellingDuringTheBackoffWaitEndsTheRetryAtOnce() async throws {
        let clock = ManualClock()
        let flaky = Flaky(failing: 10)
        let deferred = flaky.fetch(3).retrying(RetryPolicy(retries: 5, debounce: .linear(60)), clock: clock)
        let inbox = Inbox<Result<String, FetchError>>()
        deferred.run(inbox.receive)
        try await clock.waitForSleepers(count: 1)
        deferred.cancel()
        #expect(await eventually { !deferred.isRunning })
        #expect(flaky.count == 1)  // no attempt after the cancel
        #expect(inbox.values == [.failure(.unavailable)])  // the last failure, delivered once
        #expect(clock.sleepers() == 0)
    }

    enum CancellableFetchError: Error, Equatable, CancellationRepresentable {
        case unavailable, cancelled
        static var cancellation: Self { .cancelled }
    }

    /// A retry cancelled while it waits reports the cancellation, when its failure can say it — not
    /// the failure it would have retried (a request's `canceledByUser`, not its last 503).
    @Test func aRetryCancelledDuringItsWaitReportsTheCancellationItsFailureCanSay() async throws {
        let clock = ManualClock()
        let attempts = Locked(0)
        let failing = Deferred<Result<String, CancellableFetchError>> {
            attempts.withLock { $0 += 1 }
            return .failure(.unavailable)
        }
        let retrying = failing.retrying(RetryPolicy(retries: 5, debounce: .linear(60)), clock: clock)
        let inbox = Inbox<Result<String, CancellableFetchError>>()
        let run = retrying.run(inbox.receive)
        try await clock.waitForSleepers(count: 1)
        run.cancel()
        await inbox.waitFor(1)
        #expect(inbox.values == [.failure(.cancelled)])
        #expect(attempts.withLock { $0 } == 1)

        let awaited = Task { await retrying.value }  // awaited in a task that is cancelled: the same
        try await clock.waitForSleepers(count: 1)
        awaited.cancel()
        #expect(await awaited.value == .failure(.cancelled))
    }

    /// A cancellation during a delay's wait skips the work when the value can say "cancelled": a
    /// delayed save that was cancelled does not save (before, it ran at once, at the cancel).
    @Test func aCancelledWaitSkipsTheWorkWhenTheValueCanSayCancelled() async throws {
        let clock = ManualClock()
        let fired = Locked(0)
        let save = Deferred<Result<Int, any Error>>.delayed(by: .seconds(10), clock: clock) {
            fired.withLock { $0 += 1 }
            return .success(1)
        }
        let saving = Task { await save.value }
        try await clock.waitForSleepers(count: 1)
        saving.cancel()
        await #expect(throws: CancellationError.self) { try await saving.value.get() }

        let work = Deferred<Result<Int, CancellableFetchError>> {
            fired.withLock { $0 += 1 }
            return .success(2)
        }
        let later = work.delayed(by: .seconds(10), clock: clock)
        let waiting = Task { await later.value }
        try await clock.waitForSleepers(count: 1)
        waiting.cancel()
        #expect(await waiting.value == .failure(.cancelled))
        #expect(fired.withLock { $0 } == 0)
    }

    @Test func cancellingTheSourceDuringTheBackoffWaitEndsTheRetry() async throws {
        let clock = ManualClock()
        let flaky = Flaky(failing: 10)
        let source = flaky.fetch(4)
        let retrying = source.retrying(RetryPolicy(retries: 5, debounce: .linear(60)), clock: clock)
        let inbox = Inbox<Result<String, FetchError>>()
        let run = retrying.run(inbox.receive)
        try await clock.waitForSleepers(count: 1)
        source.cancel()  // between attempts: no run of the source is in flight, the retry is
        #expect(await eventually { !retrying.isRunning })
        #expect(flaky.count == 1)
        #expect(inbox.values == [.failure(.unavailable)])
        #expect(run.isCancelled)
        #expect(clock.sleepers() == 0)
    }

    @Test func cancellingTheSourceDuringAnAttemptEndsTheRetryWithoutAnotherAttempt() async throws {
        let clock = ManualClock()
        let probe = WorkProbe()
        let source = probe.sleeper().map { n -> Result<Int, FetchError> in
            n < 0 ? .failure(.unavailable) : .success(n)
        }
        let retrying = source.retrying(RetryPolicy(retries: 3, debounce: .linear(1)), clock: clock)
        let inbox = Inbox<Result<Int, FetchError>>()
        retrying.run(inbox.receive)
        await probe.waitUntilStarted(1)
        source.cancel()
        await probe.waitUntilCancelled(1)
        #expect(await eventually { !retrying.isRunning })
        #expect(probe.started == 1)
        #expect(inbox.values == [.failure(.unavailable)])
        #expect(clock.sleepers() == 0)
    }

    @Test func eitherDeferredsRetryTheirLeftValues() async throws {
        let clock = ManualClock()
        let attempts = Locked(0)
        let fetch: @Sendable (Int) -> Deferred<Either<FetchError, Int>> = { id in
            Deferred {
                let attempt = attempts.withLock {
                    $0 += 1; return $0
                }
                return attempt < 3 ? .left(.unavailable) : .right(id)
            }
        }
        let task = Task { await retry(fetch, retries: 3, debounce: .linear(1), clock: clock)(9).value }
        for _ in 1...2 {
            try await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(1))
        }
        #expect(await task.value == .right(9))
        #expect(attempts.withLock { $0 } == 3)
    }
}

@Suite(.timeLimit(.minutes(5))) struct DeferredTimeTests {
    @Test func timeoutProducesNilAndCancelsTheWorkWhenTimeRunsOut() async throws {
        let clock = ManualClock()
        let probe = WorkProbe()
        let guarded = probe.sleeper().timeout(after: .seconds(5), clock: clock)
        let task = Task { await guarded.value }
        await probe.waitUntilStarted(1)
        try await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(5))
        #expect(await task.value == nil)
        await probe.waitUntilCancelled(1)
    }

    @Test func timeoutProducesTheValueWhenTheWorkIsInTime() async {
        let clock = ManualClock()
        let quick = Deferred { 42 }.timeout(after: .seconds(5), clock: clock)
        #expect(await quick.value == 42)
        let fallback = Deferred { 7 }.timeout(after: .seconds(1), clock: clock, orElse: 0)
        #expect(await fallback.value == 7)
    }

    @Test func cancellingATimeoutCancelsTheWorkAndTheTimer() async throws {
        let clock = ManualClock()
        let probe = WorkProbe()
        let guarded = probe.sleeper().timeout(after: .seconds(5), clock: clock)
        guarded.run { _ in }
        await probe.waitUntilStarted(1)
        try await clock.waitForSleepers(count: 1)
        guarded.cancel()
        await probe.waitUntilCancelled(1)
        #expect(await eventually { clock.sleepers() == 0 })
    }

    /// A cancelled run is not a timeout: it gets what the cancelled work returned, not the fallback —
    /// even when the timer's cancelled wait ends before the work answers its cancellation.
    @Test func aCancelledTimeoutDeliversTheWorksAnswerNotTheFallback() async throws {
        let clock = ManualClock()
        let answerLate = Inbox<Void>()
        let work = Deferred<Int> {
            do {
                try await Task.sleep(for: .seconds(3600))
                return 1
            } catch {
                await answerLate.waitFor(1)
                return -1
            }
        }
        let guarded = work.timeout(after: .seconds(5), clock: clock, orElse: 0)
        let task = Task { await guarded.value }
        try await clock.waitForSleepers(count: 1)
        task.cancel()
        #expect(await eventually { clock.sleepers() == 0 })
        answerLate.receive(())
        #expect(await task.value == -1)
    }

    @Test func delayedWaitsOnTheClockBeforeRunning() async throws {
        let clock = ManualClock()
        let probe = WorkProbe()
        let later = probe.instant(3).delayed(by: .seconds(10), clock: clock)
        let task = Task { await later.value }
        try await clock.waitForSleepers(count: 1)
        #expect(probe.started == 0)
        clock.advance(by: .seconds(10))
        #expect(await task.value == 3)
        #expect(clock.sleeps == [.seconds(10)])

        let tick = Deferred.delayed(by: .seconds(1), clock: clock) { "tick" }
        let ticking = Task { await tick.value }
        try await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(1))
        #expect(await ticking.value == "tick")
    }

    @Test func cancellingTheSourceDuringTheWaitEndsADelayedRun() async throws {
        let clock = ManualClock()
        let probe = WorkProbe()
        let source = probe.sleeper()
        let later = source.delayed(by: .seconds(10), clock: clock)
        let inbox = Inbox<Int>()
        let run = later.run(inbox.receive)
        try await clock.waitForSleepers(count: 1)
        source.cancel()
        #expect(await eventually { !later.isRunning })
        #expect(run.isCancelled)
        #expect(inbox.values.isEmpty)  // an `Int` cannot say "cancelled": no callback
        #expect(probe.finished == 0)
        #expect(clock.sleepers() == 0)
    }
}
