import MasonApp
import Synchronization
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
        static let sawCancellation = Mutex<Bool>(false)

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
        var slow: IOToken<SlowIO>?
        var answered = 0
        var result = "running"
    }

    /// An output that outlives thousands of newer ones is still found by its token (the loop keeps
    /// running outputs by token number, and moves such a one out of the way of the newer ones).
    @Test func anOutputOutlivingThousandsOfNewerOnesIsStillCancelledByItsToken() async {
        let quickOutputs = 5_000
        typealias IO = IOContainer<SlowIO, QuickIO>
        let function: (LongOutcome, IO) -> (LongOutcome, IO) = { state, io in
            var state = state
            var io = io
            guard let slow = state.slow else {
                state.slow = io.addOutput(.work, for: SlowIO.self)
                for number in 0..<quickOutputs { io.addOutput(.ping(number), for: QuickIO.self) }
                return (state, io)
            }
            if io.input(of: QuickIO.self) != nil {
                state.answered += 1
                if state.answered == quickOutputs { io.cancel(slow) }
            } else if io.failure(forToken: slow) is CancellationError {
                state.result = "cancelled"
            } else if io.input(forToken: slow) != nil {
                state.result = "finished"
            }
            return (state, io)
        }
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: LongOutcome(),
            handlerTypes: (SlowIOHandler.self, QuickIOHandler.self))
        let final = await main.run()
        #expect(final.answered == quickOutputs)
        #expect(final.result == "cancelled")
        #expect(main.diagnostics.isEmpty)
    }
}
