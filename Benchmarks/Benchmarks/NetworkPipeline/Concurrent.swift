// Throughput with many requests in flight, as a server talking to another service sends them: raw and
// Mason in alternating batches, each batch a fixed number of requests spread over a fixed number of
// tasks. One request at a time (Interleaved.swift) measures latency, and every request there runs
// Mason's code cold; here the machine is busy with requests, as it is when throughput matters.
import Benchmark
import Foundation

enum Concurrent {
    /// Requests in flight at once: the tasks of a batch.
    static let inFlight = 16
    /// Requests a task sends one after another, in each batch.
    static let requestsPerTask = 16
    /// Requests in a batch.
    static var batchSize: Int { inFlight * requestsPerTask }

    /// Registers "GET+decode concurrent, `name`": batches of `first` against batches of `second` on the
    /// loopback server's product URL, alternating as
    /// ``Interleaved/measure(_:raw:mason:before:requestsPerCall:)`` runs them, with the time of a batch
    /// recorded per request.
    static func benchmark(
        _ name: String,
        _ first: @escaping @Sendable (URL) async throws -> Product,
        _ second: @escaping @Sendable (URL) async throws -> Product
    ) {
        let configuration = Interleaved.configuration(setup: startServer)
        Benchmark("GET+decode concurrent (\(inFlight) in flight), \(name)", configuration: configuration) { benchmark in
            let url = productURL()
            try await Interleaved.measure(
                benchmark, raw: { try await batch(first, url) }, mason: { try await batch(second, url) },
                requestsPerCall: batchSize
            )
        }
    }

    /// Sends ``batchSize`` requests with `fetch`, ``inFlight`` at a time, and returns how many succeeded.
    static func batch(_ fetch: @escaping @Sendable (URL) async throws -> Product, _ url: URL) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<inFlight {
                group.addTask {
                    for _ in 0..<requestsPerTask { blackHole(try await fetch(url)) }
                    return requestsPerTask
                }
            }
            return try await group.reduce(0, +)
        }
    }
}
