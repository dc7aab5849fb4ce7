// Raw and Mason measured request by request, alternating, so that both sides see the same machine:
// on a noisy 2-core VM one benchmark after another drifts by ±15 %, more than the difference measured.
import Benchmark
import Foundation

/// The metrics an interleaved benchmark records: each side's time per request, and per pair of
/// requests Mason's throughput as a share of the raw throughput, in per mille.
enum Interleaved {
    static let raw = BenchmarkMetric.custom("raw, time per request (ns)", useScalingFactor: false)
    static let mason = BenchmarkMetric.custom("Mason, time per request (ns)", useScalingFactor: false)
    static let share = BenchmarkMetric.custom(
        "Mason's throughput / raw (‰)", polarity: .prefersLarger, useScalingFactor: false
    )

    /// A configuration recording these metrics, with `setup` run before the benchmark.
    static func configuration(setup: @escaping Benchmark.BenchmarkSetupHook) -> Benchmark.Configuration {
        .init(metrics: [raw, mason, share], maxDuration: .seconds(10), maxIterations: 5_000, setup: setup)
    }

    /// Registers "GET+decode interleaved, `name`": `first` against `second` on the loopback server's
    /// product URL, one request at a time, as ``measure(_:raw:mason:before:requestsPerCall:)`` runs them;
    /// with `alsoConcurrent`, also "GET+decode concurrent (16 in flight), `name`": the same pair in
    /// alternating batches of ``Concurrent/batchSize`` requests.
    static func benchmark(
        _ name: String,
        _ first: @escaping @Sendable (URL) async throws -> Product,
        _ second: @escaping @Sendable (URL) async throws -> Product,
        alsoConcurrent: Bool = false
    ) {
        Benchmark("GET+decode interleaved, \(name)", configuration: configuration(setup: startServer)) { benchmark in
            let url = productURL()
            try await measure(benchmark, raw: { try await first(url) }, mason: { try await second(url) })
        }
        guard alsoConcurrent else { return }
        let concurrentName = "GET+decode concurrent (\(Concurrent.inFlight) in flight), \(name)"
        Benchmark(concurrentName, configuration: configuration(setup: startServer)) { benchmark in
            let url = productURL()
            try await measure(
                benchmark,
                raw: { try await Concurrent.batch(first, url) },
                mason: { try await Concurrent.batch(second, url) },
                requestsPerCall: Concurrent.batchSize
            )
        }
    }

    /// Runs `raw` and `mason` once each per iteration — raw first on even iterations, Mason first on
    /// odd ones — and records their times and the ratio of the pair. `before`, untimed, runs before
    /// each of them; a call that sends several requests says how many in `requestsPerCall`, and its
    /// time is recorded per request.
    static func measure(
        _ benchmark: Benchmark,
        raw: () async throws -> some Any,
        mason: () async throws -> some Any,
        before: () async throws -> Void = {},
        requestsPerCall: Int = 1
    ) async throws {
        let clock = ContinuousClock()
        func time(_ work: () async throws -> some Any) async throws -> Int {
            try await before()
            let start = clock.now
            blackHole(try await work())
            let elapsed = clock.now - start
            return Int(elapsed.components.seconds) * 1_000_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000)
        }
        for iteration in benchmark.scaledIterations {
            let rawTime: Int
            let masonTime: Int
            // `scaledIterations` restarts at 0 on every call of the benchmark's closure: the parity
            // comes from the benchmark's own count.
            if (benchmark.currentIteration &+ iteration).isMultiple(of: 2) {
                rawTime = try await time(raw)
                masonTime = try await time(mason)
            } else {
                masonTime = try await time(mason)
                rawTime = try await time(raw)
            }
            benchmark.measurement(Self.raw, rawTime / requestsPerCall)
            benchmark.measurement(Self.mason, masonTime / requestsPerCall)
            benchmark.measurement(Self.share, rawTime * 1_000 / max(masonTime, 1))
        }
    }
}
