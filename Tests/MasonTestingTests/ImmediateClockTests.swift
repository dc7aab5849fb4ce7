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

    /// 64 tasks sleep five times a second each, ten clocks over: every sleep counts in full, whichever
    /// order the sleepers take turns in. (Before the fix each wait was measured from the clock's time
    /// when the sleep took its lock, which the other sleepers had moved: 266-320 s.)
    @Test(arguments: [false, true])
    func concurrentSleepersEachAddTheirOwnDuration(throughGenericCode: Bool) async {
        for _ in 0..<10 {
            let clock = ImmediateClock()
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<64 {
                    group.addTask {
                        for _ in 0..<5 {
                            if throughGenericCode {
                                try? await Self.sleep(on: clock, for: .seconds(1))
                            } else {
                                try? await clock.sleep(for: .seconds(1))
                            }
                        }
                    }
                }
            }
            #expect(clock.totalSlept == .seconds(320))
            #expect(clock.sleepCount == 320)
            #expect(clock.now.offset == .seconds(320))
        }
    }

    /// A sleep as generic code makes it: `Clock.sleep(for:)`, which reads `now` and sleeps until a deadline.
    private static func sleep<C: Clock>(on clock: C, for duration: C.Duration) async throws {
        try await clock.sleep(for: duration)
    }

    // Before the fix the read that filled the table of reads forgot them all, this task's too: its
    // sleep then measured from the clock's time, moved by another sleeper, and the total came out
    // 10 s, not 15. The older half goes now; a recent read stays.
    @Test func aRecentReadOutlivesAFullTableOfReads() async throws {
        let clock = ImmediateClock()
        let (read, reader) = AsyncStream<Void>.makeStream()
        var reads = read.makeAsyncIterator()
        await withTaskGroup(of: Void.self) { group in
            @Sendable func readAndStay() async {
                _ = clock.now
                reader.yield()
                try? await Task.sleep(for: .seconds(600))  // alive, so no other task takes its identity
            }
            for _ in 0..<4_095 { group.addTask(operation: readAndStay) }
            for _ in 0..<4_095 { await reads.next() }
            let deadline = clock.now.advanced(by: .seconds(5))  // the 4,096th read
            group.addTask(operation: readAndStay)  // the table is full: the older reads go
            await reads.next()
            try? await Task { try await clock.sleep(for: .seconds(10)) }.value
            try? await clock.sleep(until: deadline)
            #expect(clock.totalSlept == .seconds(15))
            group.cancelAll()
        }
    }

    @Test func aSleepUntilADeadlineAfterASleepWaitsOnlyTheRest() async throws {
        let clock = ImmediateClock()
        let start = clock.now
        try await clock.sleep(for: .seconds(2))
        try await clock.sleep(until: start.advanced(by: .seconds(5)))
        #expect(clock.totalSlept == .seconds(5), "as on a real clock: 2 s, then 3 s more until 5 s")
        #expect(clock.now.offset == .seconds(5))
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
