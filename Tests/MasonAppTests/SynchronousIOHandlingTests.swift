import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Mason
import MasonApp
import Testing

/// A ``SynchronousIOHandling`` handler: its outputs in order, one at a time, in one task of their kind;
/// the policies and cancellation reach the outputs that wait.
///
/// Serialized: a test here holds its handler's thread (a pool thread) while the pure function works,
/// which is what puts outputs in the queue; two at once could hold every thread of a 2-core pool.
@Suite(.serialized, .timeLimit(.minutes(5))) struct SynchronousIOHandlingTests {
    enum JobIO: IOType {
        enum Input: Sendable {
            case done(Int)
            /// Sent by the held job when its turn comes, before it holds: the pure function acts on it.
            case holding(Int)
        }
        enum Output: Sendable { case job(Int) }
    }

    struct Failed: Error {}

    /// Performs jobs and records their order and how many ran at once. Job `holding`, when its turn
    /// comes, sends `.holding`, gives its token to `held`, and holds the thread until `release` is
    /// signalled; a job in `failing` throws. With `lingering`, each job takes 50 µs, so that two
    /// performed at once would overlap.
    final class RecordingHandler: SynchronousIOHandling {
        typealias IO = JobIO
        let holding: Int?
        let failing: Set<Int>
        let lingering: Bool
        let release = DispatchSemaphore(value: 0)
        let held = AsyncStream<IOToken<JobIO>>.makeStream()
        private let record = JobRecord()

        init(holding: Int? = nil, failing: Set<Int> = [], lingering: Bool = false) {
            self.holding = holding
            self.failing = failing
            self.lingering = lingering
        }

        convenience init() { self.init(holding: nil) }

        var order: [Int] { record.order }
        var mostAtOnce: Int { record.mostAtOnce }

        func handle(
            output: JobIO.Output, token: IOToken<JobIO>, inputClosure: @escaping @Sendable (JobIO.Input) -> Void
        )
            throws
        {
            guard case .job(let id) = output else { return }
            record.begin(id)
            defer { record.end() }
            if lingering { usleep(50) }
            if failing.contains(id) { throw Failed() }
            if id == holding {
                inputClosure(.holding(id))
                held.continuation.yield(token)
                if release.wait(timeout: .now() + .seconds(120)) == .timedOut {
                    Issue.record("job \(id) was never released")
                }
            }
            inputClosure(.done(id))
        }
    }

    /// What the jobs ended with, by id.
    struct Ledger: Sendable, Equatable {
        var tokens: [IOToken<JobIO>: Int] = [:]
        var done: [Int] = []
        var cancelled: [Int] = []
        var dropped: [Int] = []
        var failed: [Int] = []
    }

    static func record(_ io: IOContainer<JobIO>, in ledger: inout Ledger) {
        for (token, id) in ledger.tokens {
            if case .done? = io.input(forToken: token) { ledger.done.append(id) }
            if io.failure(forToken: token) is CancellationError { ledger.cancelled.append(id) }
            if io.failure(forToken: token) is OutputDropped { ledger.dropped.append(id) }
            if io.failure(forToken: token) is Failed { ledger.failed.append(id) }
        }
    }

    /// Adds jobs `ids` when the app starts (with `policy`, or the handler's); when the held job says it
    /// holds, `onHolding` may add or cancel outputs; when `releaseWhen` first holds of the ledger, the
    /// held job is released.
    static func app(
        _ handler: RecordingHandler, jobs ids: Range<Int>, policy: OutputPolicy? = nil,
        onHolding: @escaping @Sendable (inout IOContainer<JobIO>, inout Ledger) -> Void = { _, _ in },
        releaseWhen: @escaping @Sendable (Ledger) -> Bool = { _ in false }
    ) -> (Ledger, IOContainer<JobIO>) -> (Ledger, IOContainer<JobIO>) {
        { ledger, io in
            var ledger = ledger
            var io = io
            guard io.hasInput else {
                for id in ids {
                    ledger.tokens[io.addOutput(.job(id), for: JobIO.self, policy: policy)] = id
                }
                return (ledger, io)
            }
            if case .holding? = io.input(of: JobIO.self) {
                onHolding(&io, &ledger)
                return (ledger, io)
            }
            let released = releaseWhen(ledger)
            record(io, in: &ledger)
            if !released, releaseWhen(ledger) { handler.release.signal() }
            return (ledger, io)
        }
    }

    @Test(arguments: [nil, OutputPolicy.concurrent, .atMost(4)])
    func outputsArePerformedOneAtATimeInTheOrderAskedWhateverThePolicy(policy: OutputPolicy?) async {
        let handler = RecordingHandler(lingering: true)
        let main = MainFactory.createMain(
            topLevelFunction: Self.app(handler, jobs: 0..<200, policy: policy), initialState: Ledger(),
            handlers: handler)
        let ledger = await main.run()
        #expect(handler.order == Array(0..<200))
        #expect(handler.mostAtOnce == 1)
        #expect(ledger.done == Array(0..<200), "each input comes back with its output's token, in order")
    }

    @Test func aThrowBecomesAnInputAndTheNextOutputsRunOn() async {
        let handler = RecordingHandler(failing: [1])
        let main = MainFactory.createMain(
            topLevelFunction: Self.app(handler, jobs: 0..<3), initialState: Ledger(), handlers: handler)
        let ledger = await main.run()
        #expect(ledger.failed == [1])
        #expect(ledger.done == [0, 2])
    }

    /// Keeps the input closure of the output it performs, as a listener would.
    final class KeepingHandler: SynchronousIOHandling {
        typealias IO = JobIO
        let kept = Locked<(@Sendable (JobIO.Input) -> Void)?>(nil)
        let performed = AsyncStream<Void>.makeStream()

        func handle(
            output: JobIO.Output, token: IOToken<JobIO>, inputClosure: @escaping @Sendable (JobIO.Input) -> Void
        ) {
            kept.withLock { $0 = inputClosure }
            performed.continuation.yield()
        }
    }

    @Test func anOutputStaysInFlightWhileItsInputClosureIsHeld() async throws {
        let handler = KeepingHandler()
        let function: (Ledger, IOContainer<JobIO>) -> (Ledger, IOContainer<JobIO>) = { ledger, io in
            var ledger = ledger
            var io = io
            guard io.hasInput else {
                ledger.tokens[io.addOutput(.job(7), for: JobIO.self)] = 7
                return (ledger, io)
            }
            Self.record(io, in: &ledger)
            return (ledger, io)
        }
        let main = MainFactory.createMain(topLevelFunction: function, initialState: Ledger(), handlers: handler)
        main.start()
        var performed = handler.performed.stream.makeAsyncIterator()
        await performed.next()
        // Time for `handle` to return and, were the output settled then, for the app to end.
        try await Task.sleep(for: .milliseconds(50))
        #expect(!main.hasEnded, "the held closure keeps the output in flight")
        handler.kept.withLock { $0?(.done(7)) }
        handler.kept.withLock { $0 = nil }
        #expect(await main.run().done == [7])
    }

    @Test func latestWinsCancelsTheOutputsThatWaitAndNotTheOneBeingPerformed() async {
        let handler = RecordingHandler(holding: 0)
        let function = Self.app(
            handler, jobs: 0..<4,
            onHolding: { io, ledger in ledger.tokens[io.addOutput(.job(9), for: JobIO.self, policy: .latestWins)] = 9 },
            releaseWhen: { $0.cancelled.count == 3 })
        let main = MainFactory.createMain(topLevelFunction: function, initialState: Ledger(), handlers: handler)
        let ledger = await main.run()
        #expect(ledger.cancelled.sorted() == [1, 2, 3])
        #expect(ledger.done == [0, 9])
        #expect(handler.order == [0, 9])
    }

    /// A `.latestWins` output cancelled in its own run still supersedes the outputs that wait, as an
    /// `IOHandling` handler's does.
    @Test func aLatestWinsOutputCancelledInItsOwnRunStillSupersedesWhatWaits() async {
        let handler = RecordingHandler(holding: 0)
        let function = Self.app(
            handler, jobs: 0..<2,
            onHolding: { io, ledger in
                let last = io.addOutput(.job(9), for: JobIO.self, policy: .latestWins)
                ledger.tokens[last] = 9
                io.cancel(last)
            },
            releaseWhen: { $0.cancelled.count == 2 })
        let main = MainFactory.createMain(topLevelFunction: function, initialState: Ledger(), handlers: handler)
        let ledger = await main.run()
        #expect(ledger.cancelled.sorted() == [1, 9])
        #expect(ledger.done == [0])
        #expect(handler.order == [0])
    }

    @Test func dropNewDropsAnOutputWhileOneOfItsKindIsPerformed() async {
        let handler = RecordingHandler(holding: 0)
        let function = Self.app(
            handler, jobs: 0..<1,
            onHolding: { io, ledger in ledger.tokens[io.addOutput(.job(9), for: JobIO.self, policy: .dropNew)] = 9 },
            releaseWhen: { $0.dropped == [9] })
        let main = MainFactory.createMain(topLevelFunction: function, initialState: Ledger(), handlers: handler)
        let ledger = await main.run()
        #expect(ledger.dropped == [9])
        #expect(ledger.done == [0])
        #expect(handler.order == [0])
    }

    @Test func cancellingReachesAWaitingOutputButNotTheOneBeingPerformed() async {
        let handler = RecordingHandler(holding: 0)
        let sawCancel = AsyncStream<Void>.makeStream()
        let function = Self.app(
            handler, jobs: 0..<3,
            onHolding: { io, ledger in io.cancel(ledger.tokens.first { $0.value == 1 }?.key) },
            releaseWhen: { ledger in
                guard ledger.cancelled == [1] else { return false }
                sawCancel.continuation.yield()
                return true
            })
        let main = MainFactory.createMain(topLevelFunction: function, initialState: Ledger(), handlers: handler)
        main.start()
        var held = handler.held.stream.makeAsyncIterator()
        let running = await held.next()
        #expect(running.map { main.cancel($0) } == false, "a `handle` that runs cannot be stopped")
        var cancels = sawCancel.stream.makeAsyncIterator()
        await cancels.next()
        let ledger = await main.run()
        #expect(ledger.cancelled == [1])
        #expect(ledger.done == [0, 2])
        #expect(handler.order == [0, 2])
    }

    enum PingIO: IOType {
        typealias Input = Void
        enum Output: Sendable { case ping }
    }

    /// An `IOHandling` handler beside the synchronous one: each output releases the held job.
    final class PingHandler: IOHandling {
        typealias IO = PingIO
        let release: DispatchSemaphore

        init(release: DispatchSemaphore) { self.release = release }
        convenience init() { self.init(release: DispatchSemaphore(value: 0)) }

        func handle(
            output: PingIO.Output, token: IOToken<PingIO>, inputClosure: @escaping @Sendable (PingIO.Input) -> Void
        ) async {
            release.signal()
        }
    }

    // Were the kinds performed by one task, the held job would wait for the ping behind it until its
    // 120 s timeout, which records an issue.
    @Test func outputsOfAnotherKindRunWhileOneIsPerformed() async {
        let handler = RecordingHandler(holding: 0)
        let function: (Int, IOContainer<JobIO, PingIO>) -> (Int, IOContainer<JobIO, PingIO>) = { pings, io in
            var io = io
            guard io.hasInput else {
                io.addOutput(.job(0), for: JobIO.self)
                return (pings, io)
            }
            guard case .holding? = io.input(of: JobIO.self) else { return (pings, io) }
            io.addOutput(.ping, for: PingIO.self)
            return (pings + 1, io)
        }
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: 0, handlers: handler, PingHandler(release: handler.release))
        #expect(await main.run() == 1)
        #expect(handler.order == [0])
    }

    /// An output its own run cancels, or a later `.latestWins` output of the run supersedes, never
    /// reaches the handler, however soon the handler's task takes what is queued. (Before, the task
    /// took it while the run's other outputs — 2,000 pings here — were handed out, before the run's
    /// cancellations were applied: the handler performed it, and its token never failed.)
    @Test(arguments: [false, true])
    func anOutputCancelledInItsOwnRunNeverReachesTheHandler(superseded: Bool) async {
        let handler = RecordingHandler()
        typealias Both = IOContainer<JobIO, PingIO>
        let function: (Ledger, Both) -> (Ledger, Both) = { ledger, io in
            var (ledger, io) = (ledger, io)
            guard io.hasInput else {
                let first = io.addOutput(.job(0), for: JobIO.self, policy: superseded ? .latestWins : nil)
                ledger.tokens[first] = 0
                for _ in 0..<2_000 { io.addOutput(.ping, for: PingIO.self) }
                if superseded {
                    ledger.tokens[io.addOutput(.job(1), for: JobIO.self, policy: .latestWins)] = 1
                } else {
                    io.cancel(first)
                }
                return (ledger, io)
            }
            for (token, id) in ledger.tokens {
                if case .done? = io.input(forToken: token) { ledger.done.append(id) }
                if io.failure(forToken: token) is CancellationError { ledger.cancelled.append(id) }
            }
            return (ledger, io)
        }
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: Ledger(), handlers: handler, PingHandler())
        let ledger = await main.run()
        #expect(handler.order == (superseded ? [1] : []))
        #expect(ledger.cancelled == [0])
        #expect(ledger.done == (superseded ? [1] : []))
    }
}
