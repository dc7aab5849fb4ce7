import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTestServer
import MasonTesting
import Testing

/// The synchronous requests block their caller but not Swift's cooperative pool: sixteen at once from
/// a task group — its two threads on a two-core machine, each blocked — all finish, on both transports,
/// through retrying and single flight (which start tasks of their own).
@Suite struct BlockingRequestTests {
    private typealias TransportKind = TransportConformanceTests.TransportKind

    @Test(arguments: [TransportKind.urlSession, .asyncHTTPClient])
    private func sixteenBlockingRequestsFromPoolThreadsAllFinish(_ kind: TransportKind) async throws {
        // The server must not need the pool the blocked callers hold, as if it ran in another process.
        try await LoopbackServer.withRunning({ $0.runsOnItsOwnThread = true }) { server in
            let policy = HTTPRetryPolicy(schedule: RetryPolicy(retries: 1, backoff: .constant(.milliseconds(20))))
            let transport = kind.make().retrying(policy).singleFlight()
            let bodies = await withTaskGroup(of: Result<Data, NetworkRequestError>.self) { group in
                for index in 0..<16 {
                    // Each request waits 100 ms at the server, so all sixteen are in flight together;
                    // every fourth first meets a 503 and is retried after a sleep.
                    let fault: Fault = index % 4 == 0 ? .status(503) : .delay(.milliseconds(100))
                    let url = server.url("/products/\(index)", id: "blocking-\(index)", fault: fault)
                    // 300 s: a timeout under load would be retried and could fail a request meant to succeed.
                    let blocking = requestSync(URLRequest(url: url, timeoutInterval: 300), transport: transport)
                    group.addTask { blocking.unsafeRun() }
                }
                return await group.reduce(into: [Result<Data, NetworkRequestError>]()) { $0.append($1) }
            }
            #expect(bodies.count == 16)
            #expect(bodies.filter { (try? $0.get()) != nil }.count == 12)
            #expect(bodies.filter { (try? $0.get()) == nil }.allSatisfy { $0.statusCode == 503 })
        }
    }
}

extension Result<Data, NetworkRequestError> {
    fileprivate var statusCode: Int? {
        if case .failure(let failure) = self { failure.statusCode } else { nil }
    }
}
