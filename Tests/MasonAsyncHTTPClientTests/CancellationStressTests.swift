import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonAsyncHTTPClient
import MasonNetwork
import MasonTestServer
import MasonTesting
import Testing

/// Cancelling a busy load, on both transports: 2,000 mixed requests (successes, 404s, malformed JSON,
/// 503 then a success, 1 % held by the server until the client goes away), 64 in flight through logging
/// and retrying, and the task that owns them cancelled once half have ended. Every request that started
/// ends exactly once — in its own outcome or `.canceledByUser` — within 2 s of the cancel; the process
/// never hangs (URLSession's cancellation once deadlocked here); and 100 requests on the same transport
/// afterwards all succeed. Repeated `MASON_STRESS_REPETITIONS` times (20 by default; CI's run under
/// Thread Sanitizer takes fewer).
@Suite(.timeLimit(.minutes(20))) struct CancellationStressTests {
    private struct Product: Decodable, Equatable, Sendable {
        let id: Int
        let name: String
    }

    private static let total = 2_000
    private static let concurrency = 64
    private static let repetitions =
        ProcessInfo.processInfo.environment["MASON_STRESS_REPETITIONS"].flatMap { Int($0) } ?? 20

    /// What request `index` meets at the server, and how it may end.
    private enum Scenario {
        case fine, missing, malformed, unavailableThenFine, held

        init(_ index: Int) {
            switch index % 100 {
            case 7: self = .held
            case 0..<10: self = .missing
            case 10..<20: self = .malformed
            case 20..<30: self = .unavailableThenFine
            default: self = .fine
            }
        }

        var script: FaultScript? {
            switch self {
            case .fine: nil
            case .missing: .always(.status(404))
            case .malformed: .always(.malformedJSON)
            case .unavailableThenFine: [.status(503), .passThrough]
            case .held: .always(.neverRespond)
            }
        }

        /// Whether `outcome` is one this scenario may end in: its own, or the cancellation.
        func accepts(_ outcome: Result<Product, NetworkRequestError>, index: Int) -> Bool {
            if outcome == .failure(.canceledByUser) { return true }
            return switch (self, outcome) {
            case (.missing, .failure(let failure)): failure.statusCode == 404
            case (.malformed, .failure(.decodingFailed)): true
            case (.fine, .success(let product)), (.unavailableThenFine, .success(let product)): product.id == index
            default: false
            }
        }
    }

    /// Each request's outcomes (a second one is a failure) and when the last of them came.
    private final class Ledger: Sendable {
        private struct State {
            var outcomes: [Int: [Result<Product, NetworkRequestError>]] = [:]
            var lastEnd: ContinuousClock.Instant?
        }

        private let state = Locked(State())

        func record(_ index: Int, _ outcome: Result<Product, NetworkRequestError>) {
            let now = ContinuousClock.now
            state.withLock { state in
                state.outcomes[index, default: []].append(outcome)
                state.lastEnd = now
            }
        }

        var ended: Int { state.withLock { $0.outcomes.count } }
        var outcomes: [Int: [Result<Product, NetworkRequestError>]] { state.withLock { $0.outcomes } }
        var lastEnd: ContinuousClock.Instant? { state.withLock { $0.lastEnd } }
    }

    private typealias TransportKind = TransportConformanceTests.TransportKind

    @Test(arguments: [TransportKind.urlSession, .asyncHTTPClient])
    private func cancellingABusyLoadEndsEveryRequestOnceAndLeavesTheTransportWorking(_ kind: TransportKind) async throws
    {
        try await Self.withTransport(kind) { base in
            try await LoopbackServer.withRunning { server in
                let recorder = LogRecorder()
                let policy = HTTPRetryPolicy(schedule: RetryPolicy(retries: 2, backoff: .constant(.milliseconds(5))))
                let transport = base.logging(to: recorder.logger(level: .info)).retrying(policy)
                for repetition in 0..<Self.repetitions {
                    let passed = try await Self.cancelMidway(repetition, through: transport, server: server)
                    guard passed else { return }  // the first failing repetition says enough
                }
                try await Self.expectAllSucceed(through: transport, server: server)
            }
        }
    }

    /// Runs `body` with a transport of `kind` that lets all 64 workers have a connection.
    private static func withTransport(_ kind: TransportKind, _ body: (any Transport) async throws -> Void) async throws
    {
        guard let timeoutPolicy = kind.timeoutPolicy else {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = concurrency
            return try await body(URLSessionTransport(configuration: configuration))
        }
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = concurrency
        try await HTTPClient.withHTTPClient(configuration: configuration) { client in
            try await body(AsyncHTTPClientTransport(client: client, timeoutPolicy: timeoutPolicy))
        }
    }

    /// One repetition: the load, cancelled once half of it has ended. Returns whether it passed.
    private static func cancelMidway(
        _ repetition: Int, through transport: any Transport, server: LoopbackServer
    ) async throws -> Bool {
        let id: @Sendable (Int) -> String = { index in "stress-\(repetition)-\(index)" }
        for index in 0..<total {
            if let script = Scenario(index).script { server.inject(script, forID: id(index)) }
        }
        let ledger = Ledger()
        let owner = Task { await load(through: transport, server: server, id: id, ledger: ledger) }
        while ledger.ended < total / 2 {
            try await Task.sleep(for: .milliseconds(2))
        }
        let cancelled = ContinuousClock.now
        owner.cancel()
        // The owner must end; a deadlock would keep it (and this test) waiting for ever.
        let started = await valueOf(owner, within: .seconds(120))
        guard let started else {
            Issue.record("repetition \(repetition): the load did not end within 120 s of the cancel")
            return false
        }
        let outcomes = ledger.outcomes
        let lost = started.subtracting(outcomes.keys)
        let twice = outcomes.filter { $0.value.count > 1 }.keys.sorted()
        let wrong = outcomes.filter { index, outcomes in
            !outcomes.allSatisfy { Scenario(index).accepts($0, index: index) }
        }
        let held = outcomes.filter { Scenario($0.key) == .held }
        let lastEnd = ledger.lastEnd ?? cancelled
        let late = lastEnd - cancelled
        #expect(lost.isEmpty, "repetition \(repetition): never ended: \(lost.sorted().prefix(5))")
        #expect(twice.isEmpty, "repetition \(repetition): ended twice: \(twice.prefix(5))")
        #expect(wrong.isEmpty, "repetition \(repetition): wrong outcomes: \(wrong.prefix(3))")
        #expect(held.values.allSatisfy { $0 == [.failure(.canceledByUser)] }, "repetition \(repetition): \(held)")
        #expect(late <= .seconds(30), "repetition \(repetition): the last request ended \(late) after the cancel")
        return lost.isEmpty && twice.isEmpty && wrong.isEmpty && late <= .seconds(30)
    }

    /// The load: 64 workers taking the next request until all have started or the task is cancelled.
    /// Returns the requests that started.
    private static func load(
        through transport: any Transport, server: LoopbackServer, id: @escaping @Sendable (Int) -> String,
        ledger: Ledger
    ) async -> Set<Int> {
        let next = Locked(0)
        return await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    var started: [Int] = []
                    while !Task.isCancelled {
                        let index = next.withLock { value -> Int in
                            defer { value += 1 }
                            return value
                        }
                        guard index < total else { break }
                        started.append(index)
                        // 300 s: only the cancel may end a held request, never its timeout on a slow machine.
                        let request = URLRequest(
                            url: server.url("/products/\(index)", id: id(index)), timeoutInterval: 300)
                        let fetch: Deferred<Result<Product, NetworkRequestError>> =
                            requestAsync(request, transport: transport) <&> decodeJsonData
                        ledger.record(index, await fetch.value)
                    }
                    return started
                }
            }
            var all = Set<Int>()
            for await started in group { all.formUnion(started) }
            return all
        }
    }

    /// 100 requests, 64 at a time, all of which must succeed.
    private static func expectAllSucceed(through transport: any Transport, server: LoopbackServer) async throws {
        let failures: [String] = await withTaskGroup(of: String?.self) { group in
            for index in 0..<100 {
                if index >= concurrency, let failure = await group.next() {
                    if let failure { return [failure] }
                }
                group.addTask {
                    let request = URLRequest(url: server.url("/products/\(index)", id: "after-\(index)"))
                    let fetch: Deferred<Result<Product, NetworkRequestError>> =
                        requestAsync(request, transport: transport) <&> decodeJsonData
                    let outcome = await fetch.value
                    return outcome.map(\.id) == .success(index) ? nil : "request \(index): \(outcome)"
                }
            }
            return await group.compactMap { $0 }.reduce(into: []) { $0.append($1) }
        }
        #expect(failures.isEmpty, "after the cancellations: \(failures.prefix(3))")
    }

    /// The value of `task`, or `nil` if it has not ended within `limit`.
    private static func valueOf<Value: Sendable>(_ task: Task<Value, Never>, within limit: Duration) async -> Value? {
        let outcome = Locked<Value??>(nil)
        let ended = AsyncStream<Void>.makeStream()
        Task {
            let value = await task.value
            outcome.withLock { $0 = .some(value) }
            ended.continuation.yield()
        }
        Task {
            try? await Task.sleep(for: limit)
            ended.continuation.yield()
        }
        for await _ in ended.stream { break }
        return outcome.withLock { $0 ?? nil }
    }
}
