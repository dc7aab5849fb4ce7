// A 10-step pipeline built with Mason's composition operators, measured beside the same 10 steps
// written as hand-nested calls, in the same process.
import Benchmark
import Mason

// The ten steps: plain, optional and fallible, as a real pipeline mixes them.
@inline(never) @Sendable func parse(_ text: String) -> Int? { Int(text) }
@inline(never) @Sendable func increment(_ n: Int) -> Int { n &+ 1 }
@inline(never) @Sendable func double(_ n: Int) -> Int { n &* 2 }
@inline(never) @Sendable func nonNegative(_ n: Int) -> Int? { n >= 0 ? n : nil }
@inline(never) @Sendable func square(_ n: Int) -> Int { n &* n }
@inline(never) @Sendable func halve(_ n: Int) -> Int { n / 2 }
@inline(never) @Sendable func checked(_ n: Int) -> Result<Int, StepError> { n < 1 << 40 ? .success(n) : .failure(.tooLarge) }
@inline(never) @Sendable func offset(_ n: Int) -> Int { n &+ 7 }
@inline(never) @Sendable func describe(_ n: Int) -> String { String(n) }
@inline(never) @Sendable func measure(_ text: String) -> Int { text.utf8.count }

enum StepError: Error { case tooLarge }

/// The hand-written baseline: the same steps, nested by hand.
@inline(never) func handWritten(_ text: String) -> Result<Int, StepError>? {
    guard let parsed = parse(text) else { return nil }
    guard let positive = nonNegative(double(increment(parsed))) else { return nil }
    switch checked(halve(square(positive))) {
    case .success(let value): return .success(measure(describe(offset(value))))
    case .failure(let error): return .failure(error)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        maxDuration: .seconds(3),
        maxIterations: 1_000_000
    )
    let inputs = (0..<1_000).map(String.init)

    Benchmark("10-step pipeline, hand-nested calls (baseline)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            for input in inputs { blackHole(handWritten(input)) }
        }
    }

    Benchmark("10-step pipeline, Mason operators", configuration: .init(scalingFactor: .kilo)) { benchmark in
        // pipe, >>>, >=> (through Optional, then into a Result-returning step) and Mortar's <<-.
        let front = parse >=> (increment >>> double) >=> nonNegative
        let back = square <<- halve <<- checked <<- offset <<- describe <<- measure
        let pipeline: @Sendable (String) -> Result<Int, StepError>? = front >=> back
        for _ in benchmark.scaledIterations {
            for input in inputs { blackHole(input |> pipeline) }
        }
    }
}
