import Mason
import MasonTesting
import Testing

@Suite(.timeLimit(.minutes(5))) struct ManualClockTests {
    /// A task sleeping `duration` on `clock`; its value says whether the sleep ended normally.
    private static func sleeper(on clock: ManualClock, for duration: Duration) -> Task<Bool, Never> {
        Task {
            do {
                try await clock.sleep(for: duration)
                return true
            } catch {
                return false
            }
        }
    }

    @Test func timeStartsAtTheOriginAndMovesOnlyWhenAdvanced() {
        let clock = ManualClock()
        #expect(clock.now == ManualClock.Instant())
        clock.advance(by: .seconds(3))
        #expect(clock.now.offset == .seconds(3))
        clock.advance(to: ManualClock.Instant(offset: .seconds(10)))
        #expect(clock.now.offset == .seconds(10))
        clock.advance(to: ManualClock.Instant(offset: .seconds(4)))
        #expect(clock.now.offset == .seconds(10), "time never goes backwards")
        #expect(ManualClock(now: .init(offset: .seconds(7))).now.offset == .seconds(7))
        #expect(clock.minimumResolution == .zero)
    }

    @Test func instantsCompareAndMeasureDurations() {
        let start = ManualClock.Instant(offset: .seconds(2))
        let later = start.advanced(by: .milliseconds(1500))
        #expect(start < later)
        #expect(start.duration(to: later) == .milliseconds(1500))
        #expect(later.duration(to: start) == .milliseconds(-1500))
        #expect(later.description == Duration.milliseconds(3500).description)
    }

    @Test func sleepSuspendsUntilTimeReachesTheDeadline() async throws {
        let clock = ManualClock()
        let task = Self.sleeper(on: clock, for: .seconds(5))
        try await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(4))
        #expect(clock.sleepers() == 1, "4 s of 5 s: still asleep")
        clock.advance(by: .seconds(1))
        #expect(clock.sleepers() == 0)
        #expect(await task.value)
        #expect(clock.sleeps == [.seconds(5)] as [Duration])
    }

    @Test func advancingWakesOnlyTheSleepersThatAreDue() async throws {
        let clock = ManualClock()
        let short = Self.sleeper(on: clock, for: .seconds(1))
        let long = Self.sleeper(on: clock, for: .seconds(3))
        let same = Self.sleeper(on: clock, for: .seconds(1))
        try await clock.waitForSleepers(count: 3)
        clock.advance(by: .seconds(2))
        #expect(await short.value)
        #expect(await same.value)
        #expect(clock.sleepers() == 1)
        clock.advance(to: ManualClock.Instant(offset: .seconds(3)))
        #expect(await long.value)
        #expect(clock.sleepers() == 0)
    }

    @Test func runWakesEverySleeperAndMovesToTheLatestDeadline() async throws {
        let clock = ManualClock()
        let tasks = [7, 2, 5].map { Self.sleeper(on: clock, for: .seconds($0)) }
        try await clock.waitForSleepers(count: 3)
        clock.run()
        #expect(clock.now.offset == .seconds(7))
        for task in tasks { #expect(await task.value) }
        clock.run()
        #expect(clock.now.offset == .seconds(7), "with no sleeper, run() leaves time alone")
    }

    @Test func aDeadlineAlreadyReachedReturnsAtOnce() async throws {
        let clock = ManualClock(now: .init(offset: .seconds(10)))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(4)))
        try await clock.sleep(for: .zero)
        #expect(clock.sleepers() == 0)
        #expect(clock.sleeps == [.zero, .zero] as [Duration])
    }

    @Test func cancellingASleeperThrowsAtOnceWithoutAdvancing() async throws {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(for: .seconds(3600)) }
        try await clock.waitForSleepers(count: 1)
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleepers() == 0)
        #expect(clock.now == ManualClock.Instant())
    }

    @Test func aTaskCancelledBeforeSleepingThrowsWithoutSleeping() async {
        let clock = ManualClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleepers() == 0)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func waitForSleepersReturnsOnceEnoughTasksSleep() async throws {
        let clock = ManualClock()
        try await clock.waitForSleepers(count: 0)
        let first = Self.sleeper(on: clock, for: .seconds(1))
        let second = Self.sleeper(on: clock, for: .seconds(1))
        try await clock.waitForSleepers(count: 2)
        #expect(clock.sleepers() == 2)
        clock.advance(by: .seconds(1))
        #expect(await first.value)
        #expect(await second.value)
    }

    @Test func waitForSleepersThrowsWhenItsTaskIsCancelled() async {
        let clock = ManualClock()
        let waiting = Task { try await clock.waitForSleepers(count: 1) }
        waiting.cancel()
        let result = await waiting.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func waitingForTheNextSleepSkipsSleepersAlreadyWoken() async throws {
        let clock = ManualClock()
        let task = Task {
            for seconds in 1...3 { try await clock.sleep(for: .seconds(seconds)) }
        }
        for seconds in 1...3 {
            try await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(seconds))
        }
        try await task.value
        #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(3)] as [Duration])
        #expect(clock.now.offset == .seconds(6))
    }

    @Test func threadSleeperRecordsAndAdvancesWithoutBlocking() async throws {
        let clock = ManualClock()
        let task = Self.sleeper(on: clock, for: .seconds(2))
        try await clock.waitForSleepers(count: 1)
        let sleeper = clock.threadSleeper
        sleeper.sleep(.seconds(1))
        #expect(clock.sleepers() == 1)
        sleeper.sleep(.seconds(1))
        #expect(await task.value, "a synchronous sleep moves the same virtual time")
        #expect(sleeper.now() == .seconds(2))
        #expect(clock.sleeps == [.seconds(2), .seconds(1), .seconds(1)] as [Duration])
    }

    @Test func manySleepersOnManyThreadsAllWakeAtTheirDeadlines() async throws {
        let clock = ManualClock()
        let deadlines = (0..<500).map { Duration.milliseconds(($0 * 7919) % 1000 + 1) }
        let tasks = deadlines.map { Self.sleeper(on: clock, for: $0) }
        try await clock.waitForSleepers(count: deadlines.count)
        for step in 1...10 {
            clock.advance(to: ManualClock.Instant(offset: .milliseconds(step * 100)))
            let pending = deadlines.filter { $0 > .milliseconds(step * 100) }.count
            #expect(clock.sleepers() == pending)
        }
        for task in tasks { #expect(await task.value) }
    }

    @Test func sleepersCancelledConcurrentlyWithAdvancingEachEndExactlyOnce() async throws {
        let clock = ManualClock()
        let tasks = (0..<200).map { _ in Self.sleeper(on: clock, for: .seconds(1)) }
        try await clock.waitForSleepers(count: tasks.count)
        async let advanced: Void = clock.advance(by: .seconds(1))
        for task in tasks.prefix(100) { task.cancel() }
        await advanced
        var woken = 0
        for task in tasks where await task.value { woken += 1 }
        #expect(woken >= 100 && woken <= 200)
        #expect(clock.sleepers() == 0)
    }
}
