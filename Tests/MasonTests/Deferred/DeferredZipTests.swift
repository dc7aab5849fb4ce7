import Mason
import MasonTesting
import Testing

@Suite(.timeLimit(.minutes(5))) struct DeferredZipTests {
    @Test func zipRunsChildrenInParallelAndKeepsTheirOrder() async {
        let probe = WorkProbe()
        let zipped = zip(probe.instant(1), Deferred.pure("two"), probe.instant(3), Deferred.pure(4.0), probe.instant(5))
        #expect(probe.started == 0)
        let (a, b, c, d, e) = await zipped.value
        #expect(a == 1 && b == "two" && c == 3 && d == 4.0 && e == 5)
        let total = zip(with: { $0 + $1 + $2 }, probe.instant(1), probe.instant(2), probe.instant(3))
        let sum = await total.value
        #expect(sum == 6)
    }

    @Test func zipOfTwoStartsBothBeforeEitherFinishes() async {
        let probe = WorkProbe()
        let zipped = zip(probe.sleeper(), probe.sleeper())
        let task = Task { await zipped.value }
        await probe.waitUntilStarted(2)  // would hang if the children ran one after the other
        zipped.cancel()
        let (first, second) = await task.value
        #expect(first == -1 && second == -1)
    }

    @Test func cancellingAZipOfFiveCancelsEveryChild() async {
        let probe = WorkProbe()
        let zipped = zip(probe.sleeper(), probe.sleeper(), probe.sleeper(), probe.sleeper(), probe.sleeper())
        let inbox = Inbox<Int>()
        zipped.map { $0.0 }.run(inbox.receive)
        await probe.waitUntilStarted(5)
        zipped.cancel()
        await probe.waitUntilCancelled(5)
        #expect(probe.finished == 0)
    }

    @Test func cancellingAZipAfterMapCancelsEveryChild() async {
        let probe = WorkProbe()
        let mapped = zip(probe.sleeper(), probe.sleeper(), probe.sleeper()).map { $0 + $1 + $2 }
        let inbox = Inbox<Int>()
        mapped.run(inbox.receive)
        await probe.waitUntilStarted(3)
        mapped.cancel()
        await probe.waitUntilCancelled(3)
        #expect(await eventually { !mapped.isRunning })
        #expect(inbox.values.isEmpty)
    }

    @Test func cancellingOneChildCancelsOnlyThatChild() async {
        let probe = WorkProbe()
        let slow = probe.sleeper()
        let fast = Deferred<Int> { 2 }
        let zipped = zip(slow, fast)
        let task = Task { await zipped.value }
        await probe.waitUntilStarted(1)
        slow.cancel()
        let (first, second) = await task.value
        #expect(first == -1 && second == 2)
    }

    @Test func taskCancellationReachesZipChildren() async {
        let probe = WorkProbe()
        let zipped = zip(probe.sleeper(), probe.sleeper())
        let task = Task { await zipped.value }
        await probe.waitUntilStarted(2)
        task.cancel()
        _ = await task.value
        #expect(probe.cancelled == 2)
    }
}

@Suite(.timeLimit(.minutes(5))) struct DeferredTraverseTests {
    @Test func traverseKeepsTheOrderOfItsInputs() async {
        let doubled = traverse(Array(1...50)) { n in Deferred { n * 2 } }
        #expect(await doubled.value == (1...50).map { $0 * 2 })
        #expect(await sequence([Deferred.pure(1), Deferred.pure(2)]).value == [1, 2])
        #expect(await sequence([Deferred<Int>]()).value == [])
    }

    @Test func traverseNeverRunsMoreThanTheLimitAtOnce() async {
        let running = Locked((now: 0, most: 0))
        let work = traverse(Array(0..<40), maxConcurrency: 3) { n in
            Deferred { () async -> Int in
                running.withLock {
                    $0.now += 1; $0.most = max($0.most, $0.now)
                }
                await Task.yield()
                running.withLock { $0.now -= 1 }
                return n
            }
        }
        #expect(await work.value == Array(0..<40))
        #expect(running.withLock { $0.most } <= 3)
    }

    @Test func cancellingATraverseCancelsRunningChildrenAndStartsNoMore() async {
        let probe = WorkProbe()
        let work = traverse(Array(0..<10), maxConcurrency: 2) { _ in probe.sleeper() }
        work.run { _ in }
        await probe.waitUntilStarted(2)
        work.cancel()
        await probe.waitUntilCancelled(2)
        #expect(await eventually { !work.isRunning })
        #expect(probe.started == 2)
    }
}

@Suite(.timeLimit(.minutes(5))) struct DeferredRaceTests {
    @Test func theFirstToFinishWinsAndTheOthersAreCancelled() async {
        let probe = WorkProbe()
        let winner = race(probe.sleeper(1), Deferred { 2 }, probe.sleeper(3))
        #expect(await winner.value == 2)
        await probe.waitUntilCancelled(probe.started)
        #expect(probe.finished == 0)
    }

    /// Cancelling one runner's own deferred takes it out of the race, not the race out of its runners
    /// (before, the cancelled runner's -1 won and the healthy one was cancelled).
    @Test func aRunnerCancelledOnItsOwnDropsOutAndTheOthersRunOn() async throws {
        let clock = ManualClock()
        let probe = WorkProbe()
        let dropping = probe.sleeper(1)
        let steady = Deferred.delayed(by: .seconds(1), clock: clock) { 2 }
        let task = Task { await race(dropping, steady).value }
        await probe.waitUntilStarted(1)
        try await clock.waitForSleepers(count: 1)
        dropping.cancel()
        await probe.waitUntilCancelled(1)
        clock.advance(by: .seconds(1))
        #expect(await task.value == 2)

        let alone = probe.sleeper(3)  // every runner dropped out: the race ends with the last one's value
        let lonely = Task { await race(alone).value }
        await probe.waitUntilStarted(2)
        alone.cancel()
        #expect(await lonely.value == -1)
    }

    @Test func cancellingARaceCancelsEveryRunner() async {
        let probe = WorkProbe()
        let contest = race([probe.sleeper(), probe.sleeper(), probe.sleeper()])
        let task = Task { await contest.value }
        await probe.waitUntilStarted(3)
        contest.cancel()
        #expect(await task.value == -1)
        await probe.waitUntilCancelled(3)
    }
}

/// Traverses 10,000 wide: a few seconds here, over a minute under Thread Sanitizer beside the stress
/// suites (as every suite's five-minute limit allows).
@Suite(.timeLimit(.minutes(5))) struct DeferredWideTraverseTests {
    @Test func traverseTakesReadyValuesAtOnceAndRunsTheRest() async {
        // Even elements are ready (`pure`), odd ones have work: the order is kept, and only the work
        // runs, within the limit.
        let probe = WorkProbe()
        let mixed = traverse(Array(0..<2_000), maxConcurrency: 8) { n in
            n.isMultiple(of: 2) ? Deferred.pure(n) : probe.instant(n)
        }
        #expect(await mixed.value == Array(0..<2_000))
        #expect(probe.started == 1_000)
        #expect(await sequence((0..<10_000).map(Deferred.pure)).value == Array(0..<10_000))
    }

    @Test func cancellingAWideTraverseReachesEveryChild() async {
        let probe = WorkProbe()
        let work = traverse(Array(0..<10_000)) { _ in probe.sleeper() }
        work.run { _ in }
        await probe.waitUntilStarted(10_000)
        work.cancel()
        await probe.waitUntilCancelled(10_000)
        #expect(await eventually { !work.isRunning })
        #expect(probe.finished == 0)
    }
}
