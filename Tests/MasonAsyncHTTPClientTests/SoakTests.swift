import Foundation
import Mason
import MasonAsyncHTTPClient
import MasonNetwork
import MasonTestServer
import MasonTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// 10,000 requests per transport (URLSession and async-http-client), 64 at a time, against the loopback server injecting 503 and 429 with
/// `Retry-After` (seconds and HTTP date), dropped connections, slow bodies, 500s, 404s and malformed
/// JSON: each request ends exactly once, in a success or a typed error, and the test ends by itself
/// (every request has a timeout; waits run on an `ImmediateClock`).
@Suite(.timeLimit(.minutes(20))) struct SoakTests {
    private struct Product: Decodable, Sendable {
        let id: Int
        let name: String
    }

    /// What request `index` meets at the server, and how it must end.
    private enum Scenario: Int, CaseIterable {
        case unavailableThenFine, throttledUntilDateThenFine, droppedThenFine, slowBody
        case alwaysFailing, malformed, missing, fine1, fine2, fine3

        init(_ index: Int) { self = Scenario.allCases[index % Scenario.allCases.count] }

        var script: FaultScript? {
            switch self {
            case .unavailableThenFine: [.retryAfter(seconds: 1, status: 503), .passThrough]
            case .throttledUntilDateThenFine:
                [.retryAfter(date: Date().addingTimeInterval(2), status: 429), .passThrough]
            case .droppedThenFine: [.dropConnection, .passThrough]
            case .slowBody: .always(.slowBody(chunks: 3, interval: .milliseconds(1)))
            case .alwaysFailing: .always(.status(500))
            case .malformed: .always(.malformedJSON)
            case .missing: .always(.status(404))
            case .fine1, .fine2, .fine3: nil
            }
        }

        /// Whether `outcome` is the one this scenario must end in.
        func accepts(_ outcome: Result<Product, NetworkRequestError>, index: Int) -> Bool {
            switch (self, outcome) {
            case (.alwaysFailing, .failure(let failure)): failure.statusCode == 500
            case (.missing, .failure(let failure)): failure.statusCode == 404
            case (.malformed, .failure(.decodingFailed)): true
            case (.alwaysFailing, _), (.missing, _), (.malformed, _): false
            case (_, .success(let product)): product.id == index
            case (_, .failure): false
            }
        }
    }

    /// Counts how often each request completed.
    private final class Completions: Sendable {
        private let counts = Locked<[Int: Int]>([:])
        func record(_ index: Int) { counts.withLock { $0[index, default: 0] += 1 } }
        var all: [Int: Int] { counts.withLock { $0 } }
    }

    private static let total = 10_000
    private static let concurrency = 64

    private typealias TransportKind = TransportConformanceTests.TransportKind

    /// A transport of `kind` that lets every worker have a connection.
    private static func transport(_ kind: TransportKind) -> any Transport {
        guard let timeoutPolicy = kind.timeoutPolicy else {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = concurrency
            return URLSessionTransport(configuration: configuration)
        }
        return AsyncHTTPClientTransport(timeoutPolicy: timeoutPolicy)
    }

    @Test(arguments: TransportKind.allCases)
    private func tenThousandRequestsUnderFaultsEachEndOnceInASuccessOrATypedError(_ kind: TransportKind) async throws {
        func exercise(_ server: LoopbackServer) async throws {
            for index in 0..<Self.total {
                if let script = Scenario(index).script { server.inject(script, forID: "soak-\(index)") }
            }
            let base = Self.transport(kind)
            let policy = HTTPRetryPolicy(
                schedule: RetryPolicy(retries: 3, backoff: .exponential(initial: .milliseconds(50)), jitter: .full))
            let completions = Completions()

            let wrong: [String] = await withTaskGroup(of: [String].self) { group in
                let next = Locked(0)
                for _ in 0..<Self.concurrency {
                    group.addTask {
                        var wrong: [String] = []
                        while true {
                            let index = next.withLock { value -> Int in
                                defer { value += 1 }
                                return value
                            }
                            guard index < Self.total else { return wrong }
                            // One clock per request, so each request's retry budget counts its own waits.
                            let transport = base.retrying(policy, clock: ImmediateClock())
                            var request = URLRequest(url: server.url("/products/\(index)", id: "soak-\(index)"))
                            // Generous: 56 of the 64 workers queue for the shared client's 8
                            // connections, and that wait counts against the timeout (under TSan).
                            request.timeoutInterval = 300
                            let deferred: Deferred<Result<Product, NetworkRequestError>> =
                                requestAsync(request, transport: transport) <&> decodeJsonData
                            let outcome = await withCheckedContinuation { continuation in
                                deferred.run { outcome in
                                    completions.record(index)
                                    continuation.resume(returning: outcome)  // a second completion would trap here
                                }
                            }
                            if !Scenario(index).accepts(outcome, index: index) {
                                wrong.append("request \(index) (\(Scenario(index))): \(outcome)")
                            }
                        }
                    }
                }
                var all: [String] = []
                for await part in group { all += part }
                return all
            }

            let counts = completions.all
            #expect(counts.count == Self.total, "lost: \(Self.total - counts.count)")
            #expect(counts.values.allSatisfy { $0 == 1 }, "completed more than once")
            let wrongCount = wrong.count
            #expect(wrongCount == 0, "wrong outcomes, the first: \(wrong.prefix(3))")
            // A 503 then a success: the 503 was retried (two requests at least; under Thread Sanitizer an
            // attempt of the first burst can also time out and be retried, within the budget of four);
            // a 500 every time: four (three retries).
            let retriedOnce: Int = server.requests(id: "soak-0").count
            let retriedThrice: Int = server.requests(id: "soak-4").count
            #expect((2...4).contains(retriedOnce))
            #expect(retriedThrice == 4)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }
}
