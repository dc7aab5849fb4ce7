import Mason
import MasonApp
import Testing

/// Each output policy, and cancellation asked for by the pure function itself.
@Suite(.timeLimit(.minutes(5))) struct OutputPolicyTests {
    enum JobIO: IOType {
        enum Input: Sendable {
            case done(Int)
            case start(Int)
        }
        enum Output: Sendable { case job(Int) }
    }

    /// Runs job `n` when its gate opens (a job with no gate sleeps until cancelled, unless it is
    /// `finishing`); records the order jobs start in and how many ran at once.
    final class ProbeHandler: IOHandling {
        typealias IO = JobIO
        let gates: [Int: Gate]
        let finishing: Set<Int>
        let started = AsyncStream<Int>.makeStream()
        private let record = JobRecord()

        init(gates: [Int: Gate] = [:], finishing: Set<Int> = []) {
            self.gates = gates
            self.finishing = finishing
        }

        convenience init() { self.init(gates: [:]) }

        var order: [Int] { record.order }
        var mostAtOnce: Int { record.mostAtOnce }

        func handle(
            output: JobIO.Output, token: IOToken<JobIO>, inputClosure: @escaping @Sendable (JobIO.Input) -> Void
        )
            async throws
        {
            guard case .job(let id) = output else { return }
            record.begin(id)
            defer { record.end() }
            started.continuation.yield(id)
            if let gate = gates[id] {
                await gate.wait()
            } else if !finishing.contains(id) {
                try await Task.sleep(for: .seconds(600))
            }
            inputClosure(.done(id))
        }
    }

    /// A handler whose kind runs one output at a time unless an output asks otherwise.
    final class SerialHandler: IOHandling {
        typealias IO = JobIO
        static var outputPolicy: OutputPolicy { .serial }
        let probe: ProbeHandler

        init() { probe = ProbeHandler() }
        init(probe: ProbeHandler) { self.probe = probe }

        func handle(
            output: JobIO.Output, token: IOToken<JobIO>, inputClosure: @escaping @Sendable (JobIO.Input) -> Void
        )
            async throws
        {
            try await probe.handle(output: output, token: token, inputClosure: inputClosure)
        }
    }

    /// What the jobs ended with, by id.
    struct Ledger: Sendable, Equatable {
        var tokens: [IOToken<JobIO>: Int] = [:]
        var done: [Int] = []
        var cancelled: [Int] = []
        var dropped: [Int] = []
        var interrupted: [Int] = []
    }

    /// What ``InterruptibleHandler`` throws when its output is cancelled.
    struct Interrupted: Error {}

    /// Job 0 runs until cancelled and then throws ``Interrupted`` (as `HTTPIOHandler` throws
    /// `.canceledByUser`); any other job finishes at once.
    final class InterruptibleHandler: IOHandling {
        typealias IO = JobIO
        let started = AsyncStream<Int>.makeStream()

        func handle(
            output: JobIO.Output, token: IOToken<JobIO>, inputClosure: @escaping @Sendable (JobIO.Input) -> Void
        )
            async throws
        {
            guard case .job(let id) = output else { return }
            started.continuation.yield(id)
            if id == 0 {
                do { try await Task.sleep(for: .seconds(600)) } catch { throw Interrupted() }
            }
            inputClosure(.done(id))
        }
    }

    /// Starts jobs `0..<count` at once under `policy`, then records how each ended.
    static func startingJobs(_ count: Int, policy: OutputPolicy?) -> (Ledger, IOContainer<JobIO>) -> (
        Ledger, IOContainer<JobIO>
    ) {
        { ledger, io in
            var ledger = ledger
            guard io.hasInput else {
                var io = io
                for id in 0..<count {
                    let (next, token) =
                        policy.map { io.addingOutput(.job(id), for: JobIO.self, policy: $0) }
                        ?? io.addingOutput(.job(id), for: JobIO.self)
                    io = next
                    ledger.tokens[token] = id
                }
                return (ledger, io)
            }
            record(io, in: &ledger)
            return (ledger, io)
        }
    }

    static func record(_ io: IOContainer<JobIO>, in ledger: inout Ledger) {
        for (token, id) in ledger.tokens {
            if io.input(forToken: token) != nil { ledger.done.append(id) }
            if io.failure(forToken: token) is CancellationError { ledger.cancelled.append(id) }
            if io.failure(forToken: token) is OutputDropped { ledger.dropped.append(id) }
            if io.failure(forToken: token) is Interrupted { ledger.interrupted.append(id) }
        }
    }

    @Test func serialRunsOneAtATimeInOrder() async {
        let gates = Dictionary(uniqueKeysWithValues: (0..<4).map { ($0, Gate()) })
        let probe = ProbeHandler(gates: gates)
        let main = MainFactory.createMain(
            topLevelFunction: Self.startingJobs(4, policy: .serial), initialState: Ledger(), handlers: probe)
        main.start()
        var started = probe.started.stream.makeAsyncIterator()
        for expected in 0..<4 {
            #expect(await started.next() == expected)
            gates[expected]?.open()
        }
        let ledger = await main.run()
        #expect(ledger.done == [0, 1, 2, 3])
        #expect(probe.order == [0, 1, 2, 3])
        #expect(probe.mostAtOnce == 1)
    }

    @Test func aHandlersPolicyIsTheDefaultForItsOutputs() async {
        let gates = Dictionary(uniqueKeysWithValues: (0..<3).map { ($0, Gate()) })
        let probe = ProbeHandler(gates: gates)
        let main = MainFactory.createMain(
            topLevelFunction: Self.startingJobs(3, policy: nil), initialState: Ledger(),
            handlers: SerialHandler(probe: probe))
        main.start()
        var started = probe.started.stream.makeAsyncIterator()
        for expected in 0..<3 {
            #expect(await started.next() == expected)
            gates[expected]?.open()
        }
        #expect(await main.run().done == [0, 1, 2])
        #expect(probe.mostAtOnce == 1)
    }

    @Test func atMostTwoStartsTheNextWhenOneEnds() async {
        let gates = Dictionary(uniqueKeysWithValues: (0..<5).map { ($0, Gate()) })
        let probe = ProbeHandler(gates: gates)
        let main = MainFactory.createMain(
            topLevelFunction: Self.startingJobs(5, policy: .atMost(2)), initialState: Ledger(), handlers: probe)
        main.start()
        var started = probe.started.stream.makeAsyncIterator()
        let first = [await started.next(), await started.next()]
        #expect(Set(first.compactMap { $0 }) == [0, 1])
        // Each job that ends lets exactly the next one in.
        for (ending, next) in [(0, 2), (1, 3), (2, 4)] {
            gates[ending]?.open()
            #expect(await started.next() == next)
        }
        gates[3]?.open()
        gates[4]?.open()
        let ledger = await main.run()
        #expect(ledger.done.sorted() == [0, 1, 2, 3, 4])
        #expect(probe.mostAtOnce == 2)
    }

    @Test func latestWinsCancelsTheOutputsStillRunning() async {
        let probe = ProbeHandler(finishing: [2])
        let function: (Ledger, IOContainer<JobIO>) -> (Ledger, IOContainer<JobIO>) = { ledger, io in
            var ledger = ledger
            guard let id = io.input(of: Int.self, as: JobIO.self) else {
                Self.record(io, in: &ledger)
                return (ledger, io)
            }
            let (next, token) = io.addingOutput(.job(id), for: JobIO.self, policy: .latestWins)
            ledger.tokens[token] = id
            return (ledger, next)
        }
        let main = MainFactory.createMain(topLevelFunction: function, initialState: Ledger(), handlers: probe)
        for id in 0..<3 { main.send(.start(id), as: JobIO.self) }
        let ledger = await main.run()
        #expect(ledger.cancelled.sorted() == [0, 1])
        #expect(ledger.done == [2])
    }

    /// Seed style: `handle` does its work at once and never awaits, so it cannot notice a cancellation.
    final class AtOnceHandler: IOHandling {
        typealias IO = JobIO
        let performed = Locked<[Int]>([])

        func handle(
            output: JobIO.Output, token: IOToken<JobIO>, inputClosure: @escaping @Sendable (JobIO.Input) -> Void
        ) {
            guard case .job(let id) = output else { return }
            performed.withLock { $0.append(id) }
            inputClosure(.done(id))
        }
    }

    // Before the fix every job was performed: each one's task called the handler even though the next
    // job had cancelled it.
    @Test func aLatestWinsBurstInOneRunPerformsOnlyTheLastWithAHandlerThatNeverAwaits() async {
        let handler = AtOnceHandler()
        let function: (Ledger, IOContainer<JobIO>) -> (Ledger, IOContainer<JobIO>) = { ledger, io in
            var ledger = ledger
            var io = io
            guard io.hasInput else {
                for id in 0..<5 { ledger.tokens[io.addOutput(.job(id), for: JobIO.self, policy: .latestWins)] = id }
                return (ledger, io)
            }
            Self.record(io, in: &ledger)
            return (ledger, io)
        }
        let main = MainFactory.createMain(topLevelFunction: function, initialState: Ledger(), handlers: handler)
        let ledger = await main.run()
        #expect(handler.performed.withLock { $0 } == [4])
        #expect(ledger.cancelled.sorted() == [0, 1, 2, 3])
        #expect(ledger.done == [4])
    }

    /// Jobs 0 and 1 go `.serial` (job 0 running, job 1 waiting for it), then an `.start(n)` input adds
    /// job `n` with `.latestWins`.
    static func aSerialQueueThenLatestWins(_ ledger: Ledger, _ io: IOContainer<JobIO>) -> (Ledger, IOContainer<JobIO>) {
        var ledger = ledger
        var io = io
        guard io.hasInput else {
            ledger.tokens[io.addOutput(.job(0), for: JobIO.self, policy: .serial)] = 0
            ledger.tokens[io.addOutput(.job(1), for: JobIO.self, policy: .serial)] = 1
            return (ledger, io)
        }
        if let id = io.input(of: Int.self, as: JobIO.self) {
            ledger.tokens[io.addOutput(.job(id), for: JobIO.self, policy: .latestWins)] = id
            return (ledger, io)
        }
        record(io, in: &ledger)
        return (ledger, io)
    }

    @Test func latestWinsGivesAWaitingOutputCancellationErrorAndARunningOneWhatItsHandlerThrows() async {
        let handler = InterruptibleHandler()
        let main = MainFactory.createMain(
            topLevelFunction: Self.aSerialQueueThenLatestWins, initialState: Ledger(), handlers: handler)
        main.start()
        var started = handler.started.stream.makeAsyncIterator()
        #expect(await started.next() == 0)
        main.send(.start(2), as: JobIO.self)
        let ledger = await main.run()
        #expect(ledger.interrupted == [0], "the running one: what its handler threw")
        #expect(ledger.cancelled == [1], "the waiting one: CancellationError")
        #expect(ledger.done == [2])
    }

    /// Job 0 (`.serial`) runs until job 2 has started; job 1 (`.serial`) waits for it; job 2 comes
    /// last, with `policy`.
    static func aSerialQueueThen(_ policy: OutputPolicy) -> (Ledger, IOContainer<JobIO>) -> (
        Ledger, IOContainer<JobIO>
    ) {
        { ledger, io in
            var ledger = ledger
            var io = io
            guard io.hasInput else {
                ledger.tokens[io.addOutput(.job(0), for: JobIO.self, policy: .serial)] = 0
                ledger.tokens[io.addOutput(.job(1), for: JobIO.self, policy: .serial)] = 1
                ledger.tokens[io.addOutput(.job(2), for: JobIO.self, policy: policy)] = 2
                return (ledger, io)
            }
            record(io, in: &ledger)
            return (ledger, io)
        }
    }

    // Before the fix job 2 queued behind job 1, so job 0 waited for it forever: the suite's time limit
    // fails it.
    @Test(arguments: [OutputPolicy.concurrent, .atMost(2)])
    func anOutputThatFitsStartsAtOnceWhileAStricterOneWaits(policy: OutputPolicy) async {
        let gate = Gate()
        let probe = ProbeHandler(gates: [0: gate], finishing: [1, 2])
        let main = MainFactory.createMain(
            topLevelFunction: Self.aSerialQueueThen(policy), initialState: Ledger(), handlers: probe)
        main.start()
        var started = probe.started.stream.makeAsyncIterator()
        // Jobs 0 and 2 start as two tasks at once: either may be seen first.
        let first: Int? = await started.next()
        let second: Int? = await started.next()
        let firstTwo: Set<Int?> = [first, second]
        #expect(firstTwo == [0, 2], "job 2 starts while job 0 still runs and job 1 waits")
        gate.open()
        #expect(await started.next() == 1)
        let ledger = await main.run()
        #expect(ledger.done.sorted() == [0, 1, 2])
        #expect(probe.order.last == 1)
    }

    /// Starts `main`; once job 0 runs (held by `gate`), sends `-1`, which the app's function answers
    /// by cancelling outputs waiting behind it; once the function has seen those cancellations (it
    /// yields to `sawCancel`), opens the gate and runs the app to its end.
    static func cancellingWhileJobZeroRuns<State: Sendable>(
        _ main: Main<State>, probe: ProbeHandler, gate: Gate, sawCancel: AsyncStream<Void>
    ) async -> State {
        main.start()
        var started = probe.started.stream.makeAsyncIterator()
        #expect(await started.next() == 0)
        main.send(.start(-1), as: JobIO.self)
        var cancels = sawCancel.makeAsyncIterator()
        await cancels.next()
        gate.open()
        return await main.run()
    }

    @Test func cancellingAWaitingOutputLeavesTheRestOfItsQueueInOrder() async {
        let gate = Gate()
        let probe = ProbeHandler(gates: [0: gate], finishing: [2, 3])
        let sawCancel = AsyncStream<Void>.makeStream()
        let function: (Ledger, IOContainer<JobIO>) -> (Ledger, IOContainer<JobIO>) = { ledger, io in
            var ledger = ledger
            var io = io
            guard io.hasInput else {
                for id in 0..<4 { ledger.tokens[io.addOutput(.job(id), for: JobIO.self, policy: .serial)] = id }
                return (ledger, io)
            }
            if io.input(of: Int.self, as: JobIO.self) == -1 {
                io.cancel(ledger.tokens.first { $0.value == 1 }?.key)
                return (ledger, io)
            }
            Self.record(io, in: &ledger)
            if ledger.cancelled == [1] { sawCancel.continuation.yield() }
            return (ledger, io)
        }
        let main = MainFactory.createMain(topLevelFunction: function, initialState: Ledger(), handlers: probe)
        let ledger = await Self.cancellingWhileJobZeroRuns(main, probe: probe, gate: gate, sawCancel: sawCancel.stream)
        #expect(ledger.cancelled == [1])
        #expect(ledger.done == [0, 2, 3])
        #expect(probe.order == [0, 2, 3])
        #expect(probe.mostAtOnce == 1)
    }

    /// A backlog of 3,000 `.serial` outputs runs one at a time, in order, past the points where the
    /// lane drops the entries it has started; two cancelled from its middle never run.
    @Test func aLongSerialBacklogRunsInOrderWithoutWhatWasCancelled() async {
        let gate = Gate()
        let probe = ProbeHandler(gates: [0: gate], finishing: Set(1..<3_000))
        let cancelling: Set<Int> = [1_500, 2_999]
        let sawCancel = AsyncStream<Void>.makeStream()
        struct Jobs: Sendable {
            var tokens: [Int: IOToken<JobIO>] = [:]
            var cancelled: Set<Int> = []
        }
        let function: (Jobs, IOContainer<JobIO>) -> (Jobs, IOContainer<JobIO>) = { jobs, io in
            var (jobs, io) = (jobs, io)
            guard io.hasInput else {
                for id in 0..<3_000 { jobs.tokens[id] = io.addOutput(.job(id), for: JobIO.self, policy: .serial) }
                return (jobs, io)
            }
            if io.input(of: Int.self, as: JobIO.self) == -1 {
                for id in cancelling { io.cancel(jobs.tokens[id]) }
            }
            for id in cancelling where io.failure(forToken: jobs.tokens[id]!) is CancellationError {
                jobs.cancelled.insert(id)
                if jobs.cancelled == cancelling { sawCancel.continuation.yield() }
            }
            return (jobs, io)
        }
        let main = MainFactory.createMain(topLevelFunction: function, initialState: Jobs(), handlers: probe)
        let jobs = await Self.cancellingWhileJobZeroRuns(main, probe: probe, gate: gate, sawCancel: sawCancel.stream)
        #expect(jobs.cancelled == cancelling)
        #expect(probe.order == (0..<3_000).filter { !cancelling.contains($0) })
        #expect(probe.mostAtOnce == 1)
    }

    @Test func dropNewDropsAnOutputWhileOneOfItsKindRuns() async {
        let gate = Gate()
        let probe = ProbeHandler(gates: [0: gate, 1: gate])
        let sawDrop = AsyncStream<Void>.makeStream()
        let function: (Ledger, IOContainer<JobIO>) -> (Ledger, IOContainer<JobIO>) = { ledger, io in
            var ledger = ledger
            guard let id = io.input(of: Int.self, as: JobIO.self) else {
                Self.record(io, in: &ledger)
                if !ledger.dropped.isEmpty { sawDrop.continuation.yield() }
                return (ledger, io)
            }
            let (next, token) = io.addingOutput(.job(id), for: JobIO.self, policy: .dropNew)
            ledger.tokens[token] = id
            return (ledger, next)
        }
        let main = MainFactory.createMain(topLevelFunction: function, initialState: Ledger(), handlers: probe)
        main.send(.start(0), as: JobIO.self)
        main.send(.start(1), as: JobIO.self)
        main.start()
        var drops = sawDrop.stream.makeAsyncIterator()
        await drops.next()
        gate.open()
        let ledger = await main.run()
        #expect(ledger.dropped == [1])
        #expect(ledger.done == [0])
        #expect(probe.order == [0])
    }

    @Test func thePureFunctionCancelsARunningOutputAndAWaitingOne() async {
        let probe = ProbeHandler()
        let function: (Ledger, IOContainer<JobIO>) -> (Ledger, IOContainer<JobIO>) = { ledger, io in
            var ledger = ledger
            guard io.hasInput else {
                let (first, running) = io.addingOutput(.job(0), for: JobIO.self, policy: .serial)
                let (second, waiting) = first.addingOutput(.job(1), for: JobIO.self, policy: .serial)
                ledger.tokens = [running: 0, waiting: 1]
                return (ledger, second)
            }
            if io.input(of: Int.self, as: JobIO.self) == -1 {
                let tokens = ledger.tokens.keys.sorted { $0.id < $1.id }
                return (ledger, tokens.reduce(io) { $0.cancelling($1) })
            }
            Self.record(io, in: &ledger)
            return (ledger, io)
        }
        let main = MainFactory.createMain(topLevelFunction: function, initialState: Ledger(), handlers: probe)
        main.start()
        var started = probe.started.stream.makeAsyncIterator()
        #expect(await started.next() == 0)
        main.send(.start(-1), as: JobIO.self)
        let ledger = await main.run()
        #expect(ledger.cancelled.sorted() == [0, 1])
        #expect(probe.order == [0], "the waiting output never started")
    }
}

extension IOContainer {
    /// The job id of a `.start` input sent from outside (tests drive the function with it).
    fileprivate func input(of _: Int.Type, as kind: OutputPolicyTests.JobIO.Type) -> Int? {
        guard case .start(let id)? = input(of: kind) else { return nil }
        return id
    }
}
