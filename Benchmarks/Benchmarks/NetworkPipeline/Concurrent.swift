// Throughput with many requests in flight, as a server talking to another service sends them: raw and
// Mason in alternating batches (`Interleaved.benchmark(…, alsoConcurrent: true)`), each batch a fixed
// number of requests spread over a fixed number of tasks. One request at a time measures latency, and
// every request then runs Mason's code cold; here the machine is busy with requests, as it is when
// throughput matters.
import Benchmark
import Foundation

enum Concurrent {
    /// Requests in flight at once: the tasks of a batch.
    static let inFlight = 16
    /// Requests a task sends one after another, in each batch.
    static let requestsPerTask = 16
    /// Requests in a batch.
    static var batchSize: Int { inFlight * requestsPerTask }

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
