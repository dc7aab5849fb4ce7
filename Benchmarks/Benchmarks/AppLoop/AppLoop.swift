// MasonApp's loop (issue 23's goals: ≥ 5 M inputs/s from one sender, ≥ 1 M/s from 8 senders, ≥ 1 M
// outputs/s to a no-op handler) against a raw loop calling the same pure function, in the same run.
import Benchmark
import Foundation
import MasonApp
import Synchronization

struct NumberIO: IOType {
    typealias Input = Int
    enum Output { case ignore(Int) }
}

final class NoOpHandler: IOHandling {
    typealias IO = NumberIO
    func handle(output: NumberIO.Output, token: IOToken<NumberIO>, inputClosure: @escaping @Sendable (Int) -> Void) {}
}

/// The same, synchronous: its outputs are performed in turn by one task of its own, not a task each.
final class SynchronousNoOpHandler: SynchronousIOHandling {
    typealias IO = NumberIO
    func handle(output: NumberIO.Output, token: IOToken<NumberIO>, inputClosure: @escaping @Sendable (Int) -> Void) {}
}

typealias IO = IOContainer<NumberIO>

/// The trivial update: adds the input to the state, asks for nothing.
func add(_ sum: Int, _ io: IO) -> (Int, IO) {
    (sum &+ (io.input(of: NumberIO.self) ?? 0), io)
}

/// The same, and one output per input for a handler that does nothing.
func addAndOutput(_ sum: Int, _ io: IO) -> (Int, IO) {
    guard let number = io.input(of: NumberIO.self) else { return (sum, io) }
    return (sum &+ number, io.addingOutput(.ignore(number), for: NumberIO.self).io)
}

let inputs = 100_000

/// Asks, in its first run, for 100,000 outputs that run one at a time: a backlog the loop's lane
/// works through.
func queueSerialOutputs(_ sum: Int, _ io: IO) -> (Int, IO) {
    guard !io.hasInput else { return (sum, io) }
    var io = io
    for number in 0..<inputs { io.addOutput(.ignore(number), for: NumberIO.self, policy: .serial) }
    return (sum, io)
}

/// Counts down from a number, from any thread.
final class Countdown: Sendable {
    private let remaining: Mutex<Int>

    init(_ count: Int) { remaining = Mutex(count) }

    /// Whether this was the last.
    func tick() -> Bool {
        remaining.withLock {
            $0 -= 1; return $0 == 0
        }
    }
}

/// What the floor's tasks call: an async function the optimiser cannot see into.
@inline(never) func noOp(_ number: Int) async { blackHole(number) }

/// The no-op handler of the by-hand floor: an async function the optimiser cannot see into, which lets
/// the input closure escape as a real handler's may (so its context is made on the heap, as Mason's).
@inline(never) func handOutput(
    _ output: NumberIO.Output, token: UInt64, inputClosure: @escaping @Sendable (Int) -> Void
) async {
    blackHole(output)
    if keepsInputClosures { keptInputClosure = inputClosure }
}

/// Never true: the store it guards lets the closure escape in the optimiser's eyes (a generic
/// `blackHole` would add a reabstraction thunk's allocation Mason does not pay).
let keepsInputClosures = CommandLine.arguments.count > 1_000
nonisolated(unsafe) var keptInputClosure: (@Sendable (Int) -> Void)?

/// The same work as the loop's outputs, by hand (the floor for that row): each output in a task of its
/// own, registered by token number so that it could be cancelled, counted in flight so that the end
/// can be told, and handed to the handler with an input closure.
final class HandDispatch: Sendable {
    struct Shared {
        /// By token: the task, or `nil` while it is being made.
        var running: [UInt64: Task<Void, Never>?] = [:]
        var inFlight = 1  // the producer's own count, given back when it has dispatched everything
        var waiter: CheckedContinuation<Void, Never>?
    }
    let shared = Mutex(Shared())

    func dispatch(_ output: NumberIO.Output, token: UInt64) {
        shared.withLock { shared in
            shared.inFlight += 1
            shared.running[token] = .some(nil)
        }
        let task = Task.detached {
            await handOutput(output, token: token, inputClosure: { blackHole(($0, token)) })
            self.finish(token)
        }
        shared.withLock { shared in
            // Registered unless it has finished already.
            if shared.running[token] != nil { shared.running[token] = task }
        }
    }

    func finish(_ token: UInt64) {
        let waiter: CheckedContinuation<Void, Never>? = shared.withLock { shared in
            shared.running[token] = nil
            shared.inFlight -= 1
            guard shared.inFlight == 0 else { return nil }
            defer { shared.waiter = nil }
            return shared.waiter
        }
        waiter?.resume()
    }

    /// Gives the producer's count back and waits until no output is in flight.
    func waitForAll() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let idle = shared.withLock { shared in
                shared.inFlight -= 1
                if shared.inFlight > 0 { shared.waiter = waiter }
                return shared.inFlight == 0
            }
            if idle { waiter.resume() }
        }
    }
}

/// Where a by-hand floor registers its outputs' tasks by token number, so that one could be cancelled.
protocol TaskRegistry {
    init()
    /// Registers `token`, its task not made yet.
    mutating func reserve(_ token: UInt64)
    /// Sets the task of `token`, unless it has finished already.
    mutating func set(_ task: Task<Void, Never>, for token: UInt64)
    mutating func remove(_ token: UInt64)
}

/// The registry hand-written code reaches for first: a dictionary.
struct DictionaryRegistry: TaskRegistry {
    /// By token: the task, or `nil` while it is being made.
    var running: [UInt64: Task<Void, Never>?] = [:]

    mutating func reserve(_ token: UInt64) { running[token] = .some(nil) }

    mutating func set(_ task: Task<Void, Never>, for token: UInt64) {
        if running[token] != nil { running[token] = task }
    }

    mutating func remove(_ token: UInt64) { running[token] = nil }
}

/// The registry a careful hand would write for numbers handed out in order (as MasonApp's
/// `RunRegistry`): a window of slots indexed by `token - base`, no hashing. (Without MasonApp's
/// fallback for an output that outlives many newer ones: every output here ends soon.)
struct WindowRegistry: TaskRegistry {
    /// Slot `start + i` is token `base + i`: `nil` if finished, `.some(nil)` while its task is made.
    var window: [Task<Void, Never>??] = []
    var start = 0
    var base: UInt64 = 0
    var count = 0

    mutating func reserve(_ token: UInt64) {
        if count == 0 {
            window.removeAll(keepingCapacity: true)
            start = 0
            base = token
        }
        let slot = start + Int(token - base)
        if slot == window.count { window.append(.some(nil)) } else { window[slot] = .some(nil) }
        count += 1
    }

    mutating func set(_ task: Task<Void, Never>, for token: UInt64) {
        guard let slot = slot(of: token), window[slot] != nil else { return }
        window[slot] = .some(task)
    }

    mutating func remove(_ token: UInt64) {
        guard let slot = slot(of: token), window[slot] != nil else { return }
        window[slot] = nil
        count -= 1
        while start < window.count, window[start] == nil {
            start += 1
            base += 1
        }
        if start > 1_024, start * 2 > window.count {
            window.removeFirst(start)
            start = 0
        }
    }

    private func slot(of token: UInt64) -> Int? {
        guard token >= base, token - base < UInt64(window.count - start) else { return nil }
        return start + Int(token - base)
    }
}

/// The by-hand floor with the loop's end rule: an output stays in flight until its task has run *and*
/// the input closure its handler got is gone (a handler may keep that closure and send later, as a
/// timer does, and the app must not end meanwhile). So each output has an object whose `deinit`
/// settles it, held by the task and by the input closure; the task is registered by token, as above.
final class TicketDispatch<Registry: TaskRegistry>: Sendable {
    struct Shared {
        var running = Registry()
        var waiter: CheckedContinuation<Void, Never>?
    }
    let shared = Mutex(Shared())
    /// Outputs in flight, and the producer's own count, given back when it has dispatched everything.
    let inFlight = Atomic<Int>(1)

    /// One output in flight: settled when the last of its task and its input closure lets it go.
    final class Ticket: Sendable {
        let token: UInt64
        let dispatcher: TicketDispatch

        init(token: UInt64, dispatcher: TicketDispatch) {
            self.token = token
            self.dispatcher = dispatcher
        }

        deinit { dispatcher.settle() }
    }

    func dispatch(_ output: NumberIO.Output, token: UInt64) {
        inFlight.add(1, ordering: .relaxed)
        shared.withLock { $0.running.reserve(token) }
        let ticket = Ticket(token: token, dispatcher: self)
        let task = Task.detached {
            await handOutput(output, token: ticket.token, inputClosure: { blackHole(($0, ticket)) })
            ticket.dispatcher.finish(ticket.token)
        }
        shared.withLock { $0.running.set(task, for: token) }
    }

    func finish(_ token: UInt64) {
        shared.withLock { $0.running.remove(token) }
    }

    func settle() {
        guard inFlight.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 else { return }
        let waiter = shared.withLock { shared in
            defer { shared.waiter = nil }
            return shared.waiter
        }
        waiter?.resume()
    }

    /// Gives the producer's count back and waits until no output is in flight.
    func waitForAll() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            shared.withLock { $0.waiter = waiter }
            settle()
        }
    }
}

/// The pure function's work for the by-hand floors, written in line: the sum of `numbers`, and one
/// output each, handed to `dispatch` with its token number.
@inline(__always)
func sumDispatchingEach(_ numbers: some Sequence<Int>, _ dispatch: (NumberIO.Output, UInt64) -> Void) -> Int {
    var sum = 0
    for number in numbers {
        sum &+= number
        dispatch(.ignore(number), UInt64(number))
    }
    return sum
}

/// The input path a loop needs, by hand: each input appended to a queue under a lock as it is sent,
/// then the whole queue taken at once (what the loop does when it wakes).
func queuedInputs() -> [Int] {
    let queue = Mutex<[Int]>([])
    for number in 0..<inputs { queue.withLock { $0.append(number) } }
    return queue.withLock { queue in
        var taken: [Int] = []
        swap(&taken, &queue)
        return taken
    }
}

/// The whole loop by hand in Mason's shape, its outputs' tasks registered in a `Registry`.
func queuedLoopByHand<Registry: TaskRegistry>(registry: Registry.Type) async {
    let queued = queuedInputs()
    await Task.detached {
        let dispatcher = TicketDispatch<Registry>()
        blackHole(sumDispatchingEach(queued, dispatcher.dispatch))
        await dispatcher.waitForAll()
    }.value
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(10), maxIterations: 30)

    Benchmark("100,000 inputs, raw loop calling the pure function (baseline)") { benchmark in
        for _ in benchmark.scaledIterations {
            var sum = 0
            for number in 0..<inputs { (sum, _) = add(sum, IO(input: number, as: NumberIO.self)) }
            blackHole(sum)
        }
    }

    Benchmark("100,000 inputs from one sender, MasonApp loop") { benchmark in
        for _ in benchmark.scaledIterations {
            let main = MainFactory.createMain(topLevelFunction: add, initialState: 0, handlerTypes: NoOpHandler.self)
            for number in 0..<inputs { main.send(number, as: NumberIO.self) }
            blackHole(await main.run())
        }
    }

    Benchmark("100,000 inputs from 8 senders at once, MasonApp loop") { benchmark in
        for _ in benchmark.scaledIterations {
            let main = MainFactory.createMain(topLevelFunction: add, initialState: 0, handlerTypes: NoOpHandler.self)
            await withTaskGroup(of: Void.self) { group in
                for sender in 0..<8 {
                    group.addTask {
                        for number in stride(from: sender, to: inputs, by: 8) { main.send(number, as: NumberIO.self) }
                    }
                }
            }
            blackHole(await main.run())
        }
    }

    Benchmark("100,000 outputs, raw: a detached task each calling a no-op async function (floor)") { benchmark in
        for _ in benchmark.scaledIterations {
            let remaining = Countdown(inputs)
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                for number in 0..<inputs {
                    Task.detached {
                        await noOp(number)
                        if remaining.tick() { done.resume() }
                    }
                }
            }
        }
    }

    Benchmark("100,000 outputs, the same work by hand: registered, counted, an input closure each (floor)") {
        benchmark in
        for _ in benchmark.scaledIterations {
            let dispatcher = HandDispatch()
            blackHole(sumDispatchingEach(0..<inputs, dispatcher.dispatch))
            await dispatcher.waitForAll()
        }
    }

    Benchmark("100,000 outputs, by hand with the loop's end rule: a ticket each, held by its input closure (floor)") {
        benchmark in
        for _ in benchmark.scaledIterations {
            let dispatcher = TicketDispatch<DictionaryRegistry>()
            blackHole(sumDispatchingEach(0..<inputs, dispatcher.dispatch))
            await dispatcher.waitForAll()
        }
    }

    // The whole loop by hand, in Mason's shape: the inputs queued as they are sent, on the caller's
    // thread, and the loop's part — take them, run the function, dispatch — in a task of the pool, where
    // Mason's loop runs (the floors above dispatch from the caller's thread, which the benchmark runs
    // outside the pool: a third thread on 2 cores).
    Benchmark("100,000 outputs, by hand with the end rule, the inputs queued, the loop in a task (floor)") {
        benchmark in
        for _ in benchmark.scaledIterations { await queuedLoopByHand(registry: DictionaryRegistry.self) }
    }

    // The same, its tasks registered in a window by token number instead of a dictionary (as MasonApp's
    // are since 824a570).
    Benchmark("100,000 outputs, the floor above with a window registry (floor)") { benchmark in
        for _ in benchmark.scaledIterations { await queuedLoopByHand(registry: WindowRegistry.self) }
    }

    Benchmark("100,000 inputs each handing one output to a no-op handler, MasonApp loop") { benchmark in
        for _ in benchmark.scaledIterations {
            let main = MainFactory.createMain(
                topLevelFunction: addAndOutput, initialState: 0, handlerTypes: NoOpHandler.self)
            for number in 0..<inputs { main.send(number, as: NumberIO.self) }
            blackHole(await main.run())
        }
    }

    // The synchronous kind's baseline: the pure function asking for the outputs, called in a loop,
    // nothing performing them.
    Benchmark("100,000 inputs, raw loop calling the pure function that asks for an output each (baseline)") {
        benchmark in
        for _ in benchmark.scaledIterations {
            var sum = 0
            for number in 0..<inputs {
                let (next, io) = addAndOutput(sum, IO(input: number, as: NumberIO.self))
                sum = next
                blackHole(io)
            }
            blackHole(sum)
        }
    }

    Benchmark("100,000 inputs each handing one output to a synchronous no-op handler, MasonApp loop") { benchmark in
        for _ in benchmark.scaledIterations {
            let main = MainFactory.createMain(
                topLevelFunction: addAndOutput, initialState: 0, handlerTypes: SynchronousNoOpHandler.self)
            for number in 0..<inputs { main.send(number, as: NumberIO.self) }
            blackHole(await main.run())
        }
    }

    Benchmark("100,000 .serial outputs asked for in one run, MasonApp loop") { benchmark in
        for _ in benchmark.scaledIterations {
            let main = MainFactory.createMain(
                topLevelFunction: queueSerialOutputs, initialState: 0, handlerTypes: NoOpHandler.self)
            blackHole(await main.run())
        }
    }
}
