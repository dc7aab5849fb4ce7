import Mason
import MasonApp
import Testing

/// Cancelling an output by its token cancels its handler's task: the handler sees it, and the pure
/// function gets the handler's error as an input.
@Suite(.timeLimit(.minutes(5))) struct CancellationTests {
    struct SlowIO: IOType {
        enum Input { case finished }
        enum Output { case work }
    }

    final class SlowIOHandler: IOHandling {
        typealias IO = SlowIO
        static let started = AsyncStream<IOToken<SlowIO>>.makeStream()
        static let sawCancellation = Locked<Bool>(false)

        func handle(
            output: SlowIO.Output, token: IOToken<SlowIO>, inputClosure: @escaping @Sendable (SlowIO.Input) -> Void
        ) async throws {
            Self.started.continuation.yield(token)
            do {
                try await Task.sleep(for: .seconds(600))
            } catch {
                Self.sawCancellation.withLock { $0 = true }
                throw error
            }
            inputClosure(.finished)
        }
    }

    struct Outcome: Sendable {
        var token: IOToken<SlowIO>?
        var result = "running"
    }

    @Test func cancellingAnOutputCancelsItsHandlersTask() async throws {
        let function: (Outcome, IOContainer<SlowIO>) -> (Outcome, IOContainer<SlowIO>) = { state, io in
            guard let token = state.token else {
                let (next, token) = io.addingOutput(.work, for: SlowIO.self)
                return (Outcome(token: token), next)
            }
            if io.failure(forToken: token) is CancellationError {
                return (Outcome(token: token, result: "cancelled"), io)
            }
            return (Outcome(token: token, result: "finished"), io)
        }
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: Outcome(), handlerTypes: SlowIOHandler.self)
        main.start()
        var started = SlowIOHandler.started.stream.makeAsyncIterator()
        let token = try #require(await started.next())
        #expect(main.cancel(token))
        let final = await main.run()
        #expect(final.result == "cancelled")
        #expect(SlowIOHandler.sawCancellation.withLock { $0 })
        #expect(!main.cancel(token), "nothing left to cancel")
    }

    /// Seed style: `handle` does its work at once and never awaits, so it cannot notice a cancellation.
    final class AtOnceIOHandler: IOHandling {
        typealias IO = SlowIO
        let performed = Locked<Int>(0)

        func handle(
            output: SlowIO.Output, token: IOToken<SlowIO>, inputClosure: @escaping @Sendable (SlowIO.Input) -> Void
        ) {
            performed.withLock { $0 += 1 }
            inputClosure(.finished)
        }
    }

    // Before the fix the handler performed it: its task called `handle` although it was cancelled.
    @Test func anOutputAddedAndCancelledInOneRunNeverReachesItsHandler() async {
        let function: (Outcome, IOContainer<SlowIO>) -> (Outcome, IOContainer<SlowIO>) = { state, io in
            var io = io
            guard let token = state.token else {
                let token = io.addOutput(.work, for: SlowIO.self)
                io.cancel(token)
                return (Outcome(token: token), io)
            }
            let result = io.failure(forToken: token) is CancellationError ? "cancelled" : "finished"
            return (
                Outcome(token: token, result: state.result == "running" ? result : state.result + ", " + result), io
            )
        }
        let handler = AtOnceIOHandler()
        let main = MainFactory.createMain(topLevelFunction: function, initialState: Outcome(), handlers: handler)
        #expect(await main.run().result == "cancelled")
        #expect(handler.performed.withLock { $0 } == 0)
    }

    /// Its handler holds each output until the output is cancelled.
    struct HeldIO: IOType {
        enum Input { case finished }
        enum Output { case hold }
    }

    final class HeldIOHandler: IOHandling {
        typealias IO = HeldIO
        let started = AsyncStream<Void>.makeStream()

        func handle(
            output: HeldIO.Output, token: IOToken<HeldIO>, inputClosure: @escaping @Sendable (HeldIO.Input) -> Void
        ) async throws {
            started.continuation.yield()
            try await Task.sleep(for: .seconds(600))
            inputClosure(.finished)
        }
    }

    struct QuickIO: IOType {
        typealias Input = Int
        enum Output { case ping(Int) }
    }

    final class QuickIOHandler: IOHandling {
        typealias IO = QuickIO

        func handle(
            output: QuickIO.Output, token: IOToken<QuickIO>, inputClosure: @escaping @Sendable (Int) -> Void
        ) {
            if case .ping(let number) = output { inputClosure(number) }
        }
    }

    struct LongOutcome: Sendable {
        var held: IOToken<HeldIO>?
        var answered = 0
        var result = "running"
    }

    /// An output that outlives thousands of newer ones is still found by its token (the loop keeps
    /// running outputs by token number, and moves such a one out of the way of the newer ones).
    @Test func anOutputOutlivingThousandsOfNewerOnesIsStillCancelledByItsToken() async {
        let quickOutputs = 5_000
        typealias IO = IOContainer<HeldIO, QuickIO>
        let function: (LongOutcome, IO) -> (LongOutcome, IO) = { state, io in
            var state = state
            var io = io
            guard let held = state.held else {
                state.held = io.addOutput(.hold, for: HeldIO.self)
                for number in 0..<quickOutputs { io.addOutput(.ping(number), for: QuickIO.self) }
                return (state, io)
            }
            if io.input(of: QuickIO.self) != nil {
                state.answered += 1
                if state.answered == quickOutputs { io.cancel(held) }
            } else if io.failure(forToken: held) is CancellationError {
                state.result = "cancelled"
            } else if io.input(forToken: held) != nil {
                state.result = "finished"
            }
            return (state, io)
        }
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: LongOutcome(),
            handlerTypes: (HeldIOHandler.self, QuickIOHandler.self))
        let final = await main.run()
        #expect(final.answered == quickOutputs)
        #expect(final.result == "cancelled")
        #expect(main.diagnostics.isEmpty)
    }

    /// One at a time: output 0 runs until its gate opens, and output 1 then starts.
    struct StepIO: IOType {
        enum Input { case done(Int), cancelBoth }
        enum Output { case step(Int) }
    }

    final class SerialStepHandler: IOHandling {
        typealias IO = StepIO
        static var outputPolicy: OutputPolicy { .serial }
        let gate = Gate()
        let started = AsyncStream<Int>.makeStream()

        func handle(
            output: StepIO.Output, token: IOToken<StepIO>, inputClosure: @escaping @Sendable (StepIO.Input) -> Void
        ) async throws {
            guard case .step(let number) = output else { return }
            started.continuation.yield(number)
            if number == 0 { await gate.wait() } else { try await Task.sleep(for: .seconds(600)) }
            inputClosure(.done(number))
        }
    }

    struct StepLedger: Sendable {
        var steps: [IOToken<StepIO>] = []
        var held: IOToken<HeldIO>?
        var done: [Int] = []
        var cancelled: [String] = []
    }

    /// An output that waited for its turn starts after a newer output of another kind: it is
    /// registered behind the newer one, and still reached by its token.
    @Test func anOutputThatWaitedBehindANewerOneIsStillCancelledByItsToken() async {
        typealias IO = IOContainer<StepIO, HeldIO>
        let function: (StepLedger, IO) -> (StepLedger, IO) = { ledger, io in
            var ledger = ledger
            var io = io
            guard let held = ledger.held else {
                ledger.steps = [io.addOutput(.step(0), for: StepIO.self), io.addOutput(.step(1), for: StepIO.self)]
                ledger.held = io.addOutput(.hold, for: HeldIO.self)
                return (ledger, io)
            }
            switch io.input(of: StepIO.self) {
            case .done(let number): ledger.done.append(number)
            case .cancelBoth:
                io.cancel(ledger.steps[1])
                io.cancel(held)
            case nil: break
            }
            if io.failure(forToken: ledger.steps[1]) is CancellationError { ledger.cancelled.append("step 1") }
            if io.failure(forToken: held) is CancellationError { ledger.cancelled.append("held") }
            return (ledger, io)
        }
        let steps = SerialStepHandler()
        let holder = HeldIOHandler()
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: StepLedger(), handlers: steps, holder)
        main.start()
        var started = steps.started.stream.makeAsyncIterator()
        var held = holder.started.stream.makeAsyncIterator()
        #expect(await started.next() == 0)
        await held.next()
        steps.gate.open()
        #expect(await started.next() == 1)
        main.send(.cancelBoth, as: StepIO.self)
        let ledger = await main.run()
        #expect(ledger.done == [0])
        #expect(ledger.cancelled.sorted() == ["held", "step 1"])
        #expect(main.diagnostics.isEmpty)
    }
}
