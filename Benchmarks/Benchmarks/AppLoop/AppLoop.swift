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

    Benchmark("100,000 inputs each handing one output to a no-op handler, MasonApp loop") { benchmark in
        for _ in benchmark.scaledIterations {
            let main = MainFactory.createMain(
                topLevelFunction: addAndOutput, initialState: 0, handlerTypes: NoOpHandler.self)
            for number in 0..<inputs { main.send(number, as: NumberIO.self) }
            blackHole(await main.run())
        }
    }
}
