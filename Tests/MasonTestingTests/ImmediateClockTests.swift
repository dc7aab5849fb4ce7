import Mason
import MasonTesting
import Testing

@Suite struct ImmediateClockTests {
    @Test func aSleepReturnsAtOnceAndMovesTimeForward() async throws {
        let clock = ImmediateClock()
        try await clock.sleep(for: .seconds(30))
        try await clock.sleep(for: .milliseconds(500))
        #expect(clock.now.offset == .milliseconds(30_500))
        #expect(clock.totalSlept == .milliseconds(30_500))
        #expect(clock.sleepCount == 2)
    }

    @Test func aDeadlineInThePastLeavesTimeAlone() async throws {
        let clock = ImmediateClock(now: ManualClock.Instant(offset: .seconds(10)))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(3)))
        #expect(clock.now.offset == .seconds(10))
        #expect(clock.sleepCount == 0)
    }

    @Test func aCancelledTaskThrowsInsteadOfSleeping() async {
        let clock = ImmediateClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.now.offset == .zero)
    }

    @Test func retryWaitsAddUpOnVirtualTime() async throws {
        let clock = ImmediateClock()
        let attempts = Counter()
        let policy = RetryPolicy(retries: 3, backoff: .constant(.seconds(2)))
        let value: Int = try await retrying(policy: policy, clock: clock) { () throws(CounterError) -> Int in
            let attempt = attempts.next()
            if attempt < 4 { throw CounterError() }
            return attempt
        }
        #expect(value == 4)
        #expect(clock.totalSlept == .seconds(6))
    }

    private struct CounterError: Error {}

    private final class Counter: Sendable {
        private let count = Locked(0)
        func next() -> Int {
            count.withLock {
                $0 += 1; return $0
            }
        }
    }
}
