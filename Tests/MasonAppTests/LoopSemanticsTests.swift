import Foundation
import Mason
import MasonApp
import Testing

/// Each rule of the loop (``Main``'s documentation), tested.
@Suite(.timeLimit(.minutes(5))) struct LoopSemanticsTests {
    /// Numbers sent in from outside; the pure function records them.
    struct NumberIO: IOType {
        typealias Input = Int
        typealias Output = Never
    }

    final class NumberIOHandler: IOHandling {
        typealias IO = NumberIO
        func handle(output: Never, token: IOToken<NumberIO>, inputClosure: @escaping @Sendable (Int) -> Void) {}
    }

    /// An output that stays in flight until the test opens the gate.
    struct GateIO: IOType {
        enum Input { case opened }
        enum Output { case wait }
    }

    /// Waits on its own gate: one per app, so that a repeated test starts with it closed.
    final class GateIOHandler: IOHandling {
        typealias IO = GateIO
        let gate: Gate

        init(gate: Gate) { self.gate = gate }
        convenience init() { self.init(gate: Gate()) }

        func handle(
            output: GateIO.Output, token: IOToken<GateIO>, inputClosure: @escaping @Sendable (GateIO.Input) -> Void
        ) async {
            await gate.wait()
            inputClosure(.opened)
        }
    }

    /// A handler that fails.
    struct FailingIO: IOType {
        typealias Input = Void
        enum Output { case fail }
    }

    struct Broken: Error, Equatable {}

    final class FailingIOHandler: IOHandling {
        typealias IO = FailingIO
        func handle(
            output: FailingIO.Output, token: IOToken<FailingIO>,
            inputClosure: @escaping @Sendable (FailingIO.Input) -> Void
        ) throws {
            throw Broken()
        }
    }

    typealias RecorderIO = IOContainer<NumberIO, GateIO>

    /// Records every number in arrival order; with `holdOpen`, its first run asks for a gate, so the
    /// app lives until the test opens it.
    static func recorder(holdOpen: Bool) -> (([Int], RecorderIO) -> ([Int], RecorderIO)) {
        { numbers, io in
            if !io.hasInput {
                return holdOpen ? (numbers, io.addingOutput(.wait, for: GateIO.self).io) : (numbers, io)
            }
            guard let number = io.input(of: NumberIO.self) else { return (numbers, io) }
            return (numbers + [number], io)
        }
    }

    @Test func theFirstRunHasNoInputAndAnAppWithNothingToDoEnds() async {
        let runs = Locked<Int>(0)
        let function: (Int, IOContainer<NumberIO>) -> (Int, IOContainer<NumberIO>) = { state, io in
            runs.withLock { $0 += 1 }
            #expect(!io.hasInput)
            return (state + 1, io)
        }
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: 41, handlerTypes: NumberIOHandler.self)
        #expect(await main.run() == 42)
        #expect(runs.withLock { $0 } == 1)
    }

    @Test func inputsSentBeforeStartAreQueuedAndRunInOrder() async {
        let main = MainFactory.createMain(
            topLevelFunction: Self.recorder(holdOpen: false),
            initialState: [],
            handlerTypes: (NumberIOHandler.self, GateIOHandler.self)
        )
        for number in 1...1_000 { #expect(main.send(number, as: NumberIO.self)) }
        let numbers = await main.run()
        #expect(numbers == Array(1...1_000))
    }

    @Test func anInputAfterTheEndIsIgnoredWithADiagnostic() async {
        let main = MainFactory.createMain(
            topLevelFunction: Self.recorder(holdOpen: false),
            initialState: [],
            handlerTypes: (NumberIOHandler.self, GateIOHandler.self)
        )
        #expect(await main.run() == [])
        #expect(main.hasEnded)
        #expect(!main.send(7, as: NumberIO.self))
        #expect(main.diagnostics.count == 1)
        #expect(main.diagnostics.first?.contains("after the app ended") == true)
        #expect(await main.run() == [], "run() after the end returns the final state")
    }

    struct Attempt: Sendable {
        var token: IOToken<FailingIO>?
        var outcome = ""
    }

    /// An output of a kind the app has no handler for fails its token with ``UnhandledOutput``, which
    /// the pure function sees in a later run. (Before, it was dropped with a diagnostic only: the app
    /// ended with its state still waiting on that token.)
    @Test func anOutputOfAKindWithoutAHandlerFailsItsToken() async {
        typealias Numbers = IOContainer<NumberIO>
        struct Waiting: Sendable {
            var token: IOToken<FailingIO>?
            var failure: String?
        }
        let function: (Waiting, Numbers) -> (Waiting, Numbers) = { state, io in
            var (state, io) = (state, io)
            guard io.hasInput else {
                state.token = io.addOutput(.fail, for: FailingIO.self)  // the app has no FailingIO handler
                return (state, io)
            }
            if let token = state.token, let failure = io.failure(forToken: token) as? UnhandledOutput {
                state.failure = failure.kind
            }
            return (state, io)
        }
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: Waiting(), handlers: NumberIOHandler())
        #expect(await main.run().failure?.hasSuffix("FailingIO.Output") == true)
        #expect(main.diagnostics.contains { $0.contains("no handler performs") })
    }

    @Test func aThrowingHandlerBecomesAnInput() async {
        let function: (Attempt, IOContainer<FailingIO>) -> (Attempt, IOContainer<FailingIO>) = { state, io in
            guard io.hasInput, let token = state.token else {
                let (next, token) = io.addingOutput(.fail, for: FailingIO.self)
                return (Attempt(token: token, outcome: "asked"), next)
            }
            let failure = io.failure(forToken: token)
            return (
                Attempt(token: nil, outcome: failure is Broken ? "saw Broken" : "saw \(String(describing: failure))"),
                io
            )
        }
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: Attempt(), handlerTypes: FailingIOHandler.self)
        #expect(await main.run().outcome == "saw Broken")
    }

    @Test func sixteenThreadsSendAtOnceAndEachSendersOrderIsKept() async {
        let gate = Gate()
        let main = MainFactory.createMain(
            topLevelFunction: Self.recorder(holdOpen: true),
            initialState: [],
            handlers: NumberIOHandler(), GateIOHandler(gate: gate)
        )
        main.start()
        let refused = Locked<Int>(0)
        let done = DispatchGroup()
        for sender in 0..<16 {
            done.enter()
            let thread = Thread {
                for index in 0..<1_000 where !main.send(sender * 1_000 + index, as: NumberIO.self) {
                    refused.withLock { $0 += 1 }
                }
                done.leave()
            }
            thread.start()
        }
        await withCheckedContinuation { continuation in
            done.notify(queue: .global()) { continuation.resume() }
        }
        gate.open()
        let numbers = await main.run()
        #expect(refused.withLock { $0 } == 0, "the gate held the app open until every sender was done")
        #expect(numbers.count == 16_000)
        for sender in 0..<16 {
            let mine = numbers.filter { $0 / 1_000 == sender }
            #expect(mine == Array((sender * 1_000)..<(sender * 1_000 + 1_000)), "sender \(sender)'s order")
        }
    }
}

/// A gate tasks wait on until it opens (once).
final class Gate: Sendable {
    private let state = Locked<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let openNow = state.withLock { state in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if openNow { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// The bounded history of runs, and handlers given as instances.
@Suite(.timeLimit(.minutes(5))) struct HistoryTests {
    @Test func theLastRunsAreKeptWithTheirInputsAndStates() async {
        let main = MainFactory.createMain(
            topLevelFunction: LoopSemanticsTests.recorder(holdOpen: false),
            initialState: [],
            handlers: LoopSemanticsTests.NumberIOHandler(), LoopSemanticsTests.GateIOHandler(),
            historyLimit: 3
        )
        for number in 1...5 { main.send(number, as: LoopSemanticsTests.NumberIO.self) }
        #expect(await main.run() == [1, 2, 3, 4, 5])
        let history = main.history
        #expect(history.map { $0.input as? Int } == [3, 4, 5])
        #expect(history.map(\.state) == [[1, 2, 3], [1, 2, 3, 4], [1, 2, 3, 4, 5]])
    }

    /// A limit meaning "keep everything" works: before, the trim computed twice the limit, which
    /// overflowed and trapped at the first run.
    @Test func aHistoryLimitOfIntMaxKeepsEveryRun() async {
        let main = MainFactory.createMain(
            topLevelFunction: LoopSemanticsTests.recorder(holdOpen: false), initialState: [],
            handlers: LoopSemanticsTests.NumberIOHandler(), LoopSemanticsTests.GateIOHandler(), historyLimit: .max)
        main.send(1, as: LoopSemanticsTests.NumberIO.self)
        #expect(await main.run() == [1])
        #expect(main.history.count == 2)
    }

    @Test func noHistoryUnlessAsked() async {
        let main = MainFactory.createMain(
            topLevelFunction: LoopSemanticsTests.recorder(holdOpen: false),
            initialState: [],
            handlerTypes: (LoopSemanticsTests.NumberIOHandler.self, LoopSemanticsTests.GateIOHandler.self)
        )
        main.send(1, as: LoopSemanticsTests.NumberIO.self)
        #expect(await main.run() == [1])
        #expect(main.history.isEmpty)
    }
}

/// The README's `run(io:) -> (self: Self, io: IO)?` form: `nil` ignores an input.
@Suite(.timeLimit(.minutes(5))) struct OptionalRunTests {
    struct Evens: Sendable, Equatable {
        var numbers: [Int] = []

        func run(io: IOContainer<LoopSemanticsTests.NumberIO>) -> (
            self: Evens, io: IOContainer<LoopSemanticsTests.NumberIO>
        )? {
            guard let number = io.input(of: LoopSemanticsTests.NumberIO.self), number.isMultiple(of: 2) else {
                return nil
            }
            return (Evens(numbers: numbers + [number]), io)
        }
    }

    @Test func aNilResultLeavesTheStateAsItWas() async {
        let main = MainFactory.createMain(
            topLevelFunction: { $0.run(io: $1) },
            initialState: Evens(),
            handlerTypes: LoopSemanticsTests.NumberIOHandler.self
        )
        for number in 1...6 { main.send(number, as: LoopSemanticsTests.NumberIO.self) }
        #expect(await main.run() == Evens(numbers: [2, 4, 6]))
    }
}
