import Mason
import Testing

/// Cancellation stops the work — observed by a step that sleeps until it is cancelled — through every
/// combinator, and a cancelled run delivers nothing produced after the cancel.
@Suite(.timeLimit(.minutes(5))) struct DeferredCancellationTests {
    enum APIError: Error, Equatable, CancellationRepresentable {
        case offline, cancelled
        static var cancellation: APIError { .cancelled }
    }

    @Test func cancelStopsASleepingStepAndTheCallbackIsNotCalled() async {
        let probe = WorkProbe()
        let inbox = Inbox<Int>()
        let deferred = probe.sleeper()
        deferred.run(inbox.receive)
        await probe.waitUntilStarted(1)
        deferred.cancel()
        await probe.waitUntilCancelled(1)
        #expect(await eventually { deferred.isRunning == false })
        #expect(inbox.values.isEmpty)
        #expect(probe.finished == 0)
    }

    @Test func cancellingOneRunLeavesOtherRunsAlone() async {
        let probe = WorkProbe()
        let deferred = probe.sleeper()
        let first = deferred.run { _ in }
        deferred.run { _ in }
        await probe.waitUntilStarted(2)
        first.cancel()
        await probe.waitUntilCancelled(1)
        #expect(deferred.isRunning)
        #expect(probe.cancelled == 1)
        deferred.cancel()
        await probe.waitUntilCancelled(2)
    }

    @Test func cancellationSurvivesMapInBothDirections() async {
        let probe = WorkProbe()
        let source = probe.sleeper()
        let mapped = source.map { $0 * 2 }.map(String.init)
        mapped.run { _ in }
        await probe.waitUntilStarted(1)
        mapped.cancel()
        await probe.waitUntilCancelled(1)

        mapped.run { _ in }
        await probe.waitUntilStarted(2)
        source.cancel()
        await probe.waitUntilCancelled(2)
        #expect(await eventually { mapped.isRunning == false })
        #expect(probe.finished == 0)
    }

    @Test func cancellationReachesWorkThreeHundredStepsAway() async {
        // Past 256 steps the work and its first steps become the erased head of the program.
        let probe = WorkProbe()
        let source = probe.sleeper()
        var far = source.map { $0 }
        for _ in 1..<300 { far = far.map { $0 + 1 } }
        far.run { _ in }
        await probe.waitUntilStarted(1)
        source.cancel()
        await probe.waitUntilCancelled(1)
        #expect(await eventually { far.isRunning == false })
    }

    @Test func aCancellationHandlerThatCancelsTheSameFamilyAgainEndsTheRun() async {
        // A task's cancellation handlers run inside `cancel()`, on its thread: this one comes back to
        // the same family while that `cancel()` is still working through it.
        let probe = WorkProbe()
        let family = Locked<Deferred<Int>?>(nil)
        let deferred = Deferred<Int> {
            await withTaskCancellationHandler {
                await probe.sleeper().value
            } onCancel: {
                family.withLock { $0 }?.cancel()
            }
        }
        family.withLock { $0 = deferred }
        deferred.run { _ in }
        await probe.waitUntilStarted(1)
        deferred.cancel()
        await probe.waitUntilCancelled(1)
        #expect(await eventually { deferred.isRunning == false })
    }

    @Test func cancellationReachesTheInnerStepOfFlatMap() async {
        let probe = WorkProbe()
        let chained = Deferred.pure(1).flatMap { _ in probe.sleeper() }.map { $0 + 1 }
        let inbox = Inbox<Int>()
        chained.run(inbox.receive)
        await probe.waitUntilStarted(1)
        chained.cancel()
        await probe.waitUntilCancelled(1)
        #expect(await eventually { chained.isRunning == false })
        #expect(inbox.values.isEmpty)
    }

    /// One registration covers a whole run: an inner deferred anywhere in a long chain — nested, or
    /// past 256 steps in a frozen segment — is still reached by cancelling the chain, or the task.
    @Test(arguments: [0, 299, 599])
    func cancellationReachesTheInnerDeferredAtAnyStepOfALongFlatMapChain(sleepingStep: Int) async {
        let probe = WorkProbe()
        var chain = Deferred.pure(0)
        for step in 0..<600 {
            chain = chain.flatMap { value in
                step == sleepingStep ? probe.sleeper().map { _ in value + 1 } : Deferred { value + 1 }
            }
        }
        let inbox = Inbox<Int>()
        chain.run(inbox.receive)
        await probe.waitUntilStarted(1)
        chain.cancel()
        await probe.waitUntilCancelled(1)
        #expect(await eventually { chain.isRunning == false })
        #expect(inbox.values.isEmpty)

        let task = Task { await chain.value }
        await probe.waitUntilStarted(2)
        task.cancel()
        await probe.waitUntilCancelled(2)
        _ = await task.value
        #expect(probe.finished == 0)
    }

    /// An inner deferred keeps its own family: cancelling it reaches its run inside another chain.
    @Test func cancellingAnInnerDeferredReachesItsRunInsideAFlatMap() async {
        let probe = WorkProbe()
        let inner = probe.sleeper()
        let chain = Deferred.pure(1).flatMap { _ in inner }.map { $0 + 1 }
        chain.run { _ in }
        await probe.waitUntilStarted(1)
        #expect(inner.isRunning)
        inner.cancel()
        await probe.waitUntilCancelled(1)
        #expect(await eventually { chain.isRunning == false })
    }

    @Test func swiftTaskCancellationStopsTheWork() async {
        let probe = WorkProbe()
        let deferred = probe.sleeper().map { $0 * 10 }
        let task = Task { await deferred.value }
        await probe.waitUntilStarted(1)
        task.cancel()
        #expect(await task.value == -10)
        #expect(probe.cancelled == 1)
    }

    @Test func throwingRunThrowsCancellationErrorWhenCancelled() async {
        let probe = WorkProbe()
        let deferred = probe.sleeper()
        let task = Task { try await deferred.run() }
        await probe.waitUntilStarted(1)
        deferred.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    /// The typed deferred's work reports its own failure when cancelled (as a request reports
    /// `canceledByUser`): that failure is delivered. The others produce a success under cancellation,
    /// which is replaced by the failure type's cancellation.
    @Test func aCancelledResultRunReportsTheFailureCancellationOnce() async {
        let probe = WorkProbe()
        let typed = probe.sleeper().map { n -> Result<Int, APIError> in n > 0 ? .success(n) : .failure(.offline) }
        let typedInbox = Inbox<Result<Int, APIError>>()
        typed.run(typedInbox.receive)
        let untyped = probe.sleeper().map { n -> Result<Int, any Error> in .success(n) }
        let untypedInbox = Inbox<Result<Int, any Error>>()
        untyped.run(untypedInbox.receive)
        let either = probe.sleeper().map { n -> Either<APIError, Int> in .right(n) }
        let eitherInbox = Inbox<Either<APIError, Int>>()
        either.run(eitherInbox.receive)
        await probe.waitUntilStarted(3)

        let requests: [any AnyCancellableDeferred] = [typed, untyped, either]
        requests.cancelAll()
        await typedInbox.waitFor(1)
        await untypedInbox.waitFor(1)
        await eitherInbox.waitFor(1)
        #expect(typedInbox.values == [.failure(.offline)])
        #expect(throws: CancellationError.self) { try untypedInbox.values[0].get() }
        #expect(eitherInbox.values == [.left(.cancelled)])
        #expect(await eventually { !typed.isRunning && !untyped.isRunning && !either.isRunning })
        #expect(typedInbox.values.count == 1 && untypedInbox.values.count == 1 && eitherInbox.values.count == 1)
    }

    /// `cancel()` cancels the registered tasks outside the family's lock, so a run that ends meanwhile
    /// must wait to unregister until no `cancel()` may still hold its task. Runs end and cancels come
    /// in a tight loop from four tasks each; every run must end (a lost wake-up hangs the suite past
    /// its time limit), nothing may stay registered, and a run after the storm is not cancelled (a
    /// `cancel()` left counted would make its unregistering wait for ever).
    @Test func cancelsRacingWithRunsThatEndLeaveEveryRunEnded() async {
        let deferred = Deferred { Task.isCancelled ? 0 : 1 }.map { $0 * 2 }
        let runsPerTask = 2_000
        let finishedRuns = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var runs = 0
                    for _ in 0..<runsPerTask {
                        _ = await deferred.value
                        runs += 1
                    }
                    return runs
                }
                group.addTask {
                    for _ in 0..<runsPerTask { deferred.cancel() }
                    return 0
                }
            }
            return await group.reduce(0, +)
        }
        #expect(finishedRuns == 4 * runsPerTask)
        #expect(deferred.isRunning == false)
        #expect(await deferred.value == 2)
        #expect(deferred.isRunning == false)
    }

    @Test func cancellingBeforeARunDoesNotCancelLaterRuns() async {
        let deferred = Deferred { Task.isCancelled ? -1 : 5 }.map { $0 }
        deferred.cancel()
        #expect(await deferred.value == 5)
        let inbox = Inbox<Int>()
        let run = deferred.run(inbox.receive)
        await inbox.waitFor(1)
        #expect(inbox.values == [5])
        #expect(!run.isCancelled)
    }

    @Test func cancellingASharedInnerDeferredReportsTheCancellationToTheRun() async {
        let probe = WorkProbe()
        let inner = probe.sleeper()
        let chain = Deferred.pure(1).flatMap { _ in inner }.map { n -> Result<Int, APIError> in .success(n) }
        let inbox = Inbox<Result<Int, APIError>>()
        let run = chain.run(inbox.receive)
        await probe.waitUntilStarted(1)
        inner.cancel()
        await inbox.waitFor(1)
        #expect(inbox.values == [.failure(.cancelled)])  // not the success the work made after the cancel
        #expect(run.isCancelled)
    }

    @Test func aTraverseCancelledBeforeItBeginsStartsNoChild() async {
        let probe = WorkProbe()
        for maxConcurrency in [2, nil] {
            let task = Task { () async -> [Int] in
                withUnsafeCurrentTask { $0?.cancel() }
                return await traverse(Array(0..<10), maxConcurrency: maxConcurrency) { _ in probe.sleeper() }.value
            }
            #expect(await task.value.isEmpty)
        }
        #expect(probe.started == 0)
    }

    @Test func tenThousandInFlightDeferredsCancelledAtOnceAllEndPromptly() async {
        let probe = WorkProbe()
        let count = 10_000
        let inbox = Inbox<Result<Int, APIError>>()
        let deferreds = (0..<count).map { _ in
            probe.sleeper().map { n -> Result<Int, APIError> in .success(n) }
        }
        for deferred in deferreds { deferred.run(inbox.receive) }
        await probe.waitUntilStarted(count)

        deferreds.map { $0 as any AnyCancellableDeferred }.cancelAll()
        await inbox.waitFor(count)
        #expect(probe.cancelled == count)
        #expect(probe.finished == 0)
        #expect(inbox.values.allSatisfy { $0 == .failure(.cancelled) })
        #expect(await eventually { deferreds.allSatisfy { $0.isRunning == false } })
        #expect(inbox.values.count == count)
    }
}
