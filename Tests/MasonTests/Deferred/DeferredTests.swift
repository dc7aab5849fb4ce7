import Foundation
import Mason
import Testing

@Suite(.timeLimit(.minutes(5))) struct DeferredTests {
    @Test func nothingRunsUntilTheDeferredIsRunAndEachRunRunsAgain() async {
        let probe = WorkProbe()
        let deferred = probe.instant(20).map { $0 + 1 }.flatMap { Deferred.pure($0 * 2) }
        #expect(probe.started == 0)
        #expect(await deferred.value == 42)
        #expect(await deferred.value == 42)
        #expect(probe.started == 2)
    }

    @Test func runCallsBackOnceWithTheValue() async {
        let inbox = Inbox<Int>()
        Deferred.pure(7).map { $0 * 6 }.run(inbox.receive)
        await inbox.waitFor(1)
        #expect(inbox.values == [42])
    }

    @Test func throwingRunReturnsTheValueWhenNotCancelled() async throws {
        #expect(try await Deferred.pure("mason").run() == "mason")
    }

    @Test func operatorsForwardToTheirNamedTwins() async {
        let mapped = Deferred.pure(2) <&> { $0 * 10 }
        #expect(await mapped.value == 20)
        let bound = Deferred.pure(3) >>- { n in Deferred.pure(n * n) }
        #expect(await bound.value == 9)
        let load: @Sendable (Int) -> Deferred<String> = { Deferred.pure("user \($0)") }
        let shout = load <&> { $0.uppercased() }
        #expect(await shout(7).value == "USER 7")
        let count: @Sendable (String) -> Deferred<Int> = { Deferred.pure($0.count) }
        let both = load >=> count
        #expect(await both(7).value == 6)
        let increment: @Sendable (Int) -> Int = { $0 + 1 }
        let applied = Deferred.pure(increment) <*> Deferred.pure(41)
        #expect(await applied.value == 42)
    }

    @Test func mapTAndFlatMapTWorkInsideResultOptionalAndEither() async {
        let result: Deferred<Result<Int, TestFailure>> = .pureT(20)
        #expect(await result.mapT(describeNumber).value == .success("20"))
        let failed = Deferred<Result<Int, TestFailure>> { .failure(.boom) }
        let probe = WorkProbe()
        let next: @Sendable (Int) -> Deferred<Result<Int, TestFailure>> = { n in
            probe.instant(n).map { .success($0 * 2) }
        }
        #expect(await failed.flatMapT(next).value == .failure(.boom))
        #expect(probe.started == 0)
        #expect(await result.flatMapT(next).value == .success(40))

        let optional: Deferred<Int?> = .pureT(4)
        #expect(await optional.mapT { $0 + 1 }.value == 5)
        #expect(await Deferred<Int?> { nil }.flatMapT { n in Deferred<Int?>.pureT(n) }.value == nil)

        let either: Deferred<Either<String, Int>> = .pureT(1)
        #expect(await either.mapT { $0 + 1 }.value == .right(2))
        #expect(await either.flatMapT { n in Deferred<Either<String, Int>>.pureT(n * 5) }.value == .right(5))
    }

    @Test func callbackInitialiserResumesOnceEvenIfCalledTwice() async {
        let deferred = Deferred<Int> { done in
            done(1)
            done(2)
        }
        #expect(await deferred.value == 1)
    }

    @Test func callbackInitialiserCallsOnCancelWhenTheRunIsCancelled() async {
        let cancelled = Inbox<Bool>()
        let pending = Locked<(@Sendable (Int) -> Void)?>(nil)
        let deferred = Deferred<Int>(
            { done in pending.withLock { $0 = done } },
            onCancel: {
                cancelled.receive(true)
                pending.withLock { $0?(-1) }
            })
        let task = Task { await deferred.value }
        #expect(await eventually { pending.withLock { $0 != nil } })
        task.cancel()
        #expect(await task.value == -1)
        #expect(cancelled.values == [true])
    }

    @Test func callbackInitialiserStopsWorkRegisteredAfterAnEarlyCancel() async {
        // Cancelled before the run began: `onCancel` comes after `register`, so it has work to stop.
        let pending = Locked<(@Sendable (Int) -> Void)?>(nil)
        let cancels = Locked(0)
        let deferred = Deferred<Int>(
            { done in pending.withLock { $0 = done } },
            onCancel: {
                cancels.withLock { $0 += 1 }
                pending.withLock { $0 }?(-1)
            })
        let task = Task { () async -> Int in
            withUnsafeCurrentTask { $0?.cancel() }
            return await deferred.value
        }
        #expect(await task.value == -1)
        #expect(cancels.withLock { $0 } == 1)
    }

    @Test func ioBridgesBothWays() async {
        let fromIO = Deferred(io: IO { 21 }).map { $0 * 2 }
        #expect(await fromIO.value == 42)

        // IO(deferred:) blocks its thread, any thread: from a plain thread…
        let inbox = Inbox<Int>()
        let blocking = IO(deferred: Deferred.pure(40).map { $0 + 2 })
        Thread.detachNewThread { inbox.receive(blocking.unsafeRun()) }
        await inbox.waitFor(1)
        #expect(inbox.values == [42])
        // …or from this task's thread of the cooperative pool.
        #expect(blocking.unsafeRun() == 42)
    }
}

@Suite(.timeLimit(.minutes(5))) struct DeferredFutureTests {
    enum LoadError: Error, Equatable { case missing }

    @Test func aDeferredBecomesAFutureThatStartsAtOnce() async throws {
        let probe = WorkProbe()
        let future = probe.instant(42).future()
        #expect(try await future.value == 42)
        #expect(probe.started == 1)
    }

    @Test func aFailingResultRejectsTheFuture() async {
        let failing = Deferred<Result<Int, LoadError>> { .failure(.missing) }
        await #expect(throws: LoadError.missing) { try await failing.future().value }
    }

    @Test func aCancelledRunRejectsTheFutureWithCancellationError() async {
        let probe = WorkProbe()
        let deferred = probe.sleeper()
        let future = deferred.future()
        await probe.waitUntilStarted(1)
        deferred.cancel()
        await #expect(throws: CancellationError.self) { try await future.value }
    }

    @Test func aCancelledRunOfAResultWhoseFailureCannotSayCancelledStillSettlesItsFuture() async {
        let probe = WorkProbe()
        // The work succeeds even when cancelled (-1); `LoadError` has no cancellation case.
        let deferred = probe.sleeper().map { n -> Result<Int, LoadError> in .success(n) }
        let future = deferred.future()
        await probe.waitUntilStarted(1)
        deferred.cancel()
        await #expect(throws: CancellationError.self) { try await future.value }
    }

    @Test func aFutureBecomesADeferredThatWaitsWithoutRestartingIt() async throws {
        let promise = Promise<Int>()
        let deferred = Deferred(future: promise)
        let task = Task { await deferred.value }
        promise.resolve(with: 7)
        #expect(try await task.value.get() == 7)
        #expect(try await deferred.value.get() == 7)
    }
}
