import Foundation
import MasonApp
import MasonAppNetwork
import MasonNetwork
import MasonTestServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTPIOHandler against the loopback server: a body comes back as an input, a failure as the
/// request's error, a cancelled request as `.canceledByUser`.
@Suite(.timeLimit(.minutes(5))) struct HTTPIOTests {
    struct Outcomes: Sendable {
        var tokens: [IOToken<HTTPIO>] = []
        var results: [Int: String] = [:]
        var cancelled = false
    }

    /// Sends each request at start; records, by index, the body or the error each gave. Cancels the
    /// requests in `cancelling` once every other one has answered: they are on the wire by then. (A
    /// request cancelled in the run that adds it is never sent: it gets `CancellationError`.)
    static func app(_ requests: [URLRequest], cancelling: Set<Int> = []) -> (
        Outcomes, IOContainer<HTTPIO>
    ) -> (Outcomes, IOContainer<HTTPIO>) {
        { outcomes, io in
            var io = io
            var outcomes = outcomes
            guard io.hasInput else {
                for request in requests { outcomes.tokens.append(io.addOutput(.request(request), for: HTTPIO.self)) }
                return (outcomes, io)
            }
            for (index, token) in outcomes.tokens.enumerated() {
                if case .response(let body)? = io.input(forToken: token) {
                    outcomes.results[index] = String(decoding: body, as: UTF8.self)
                }
                if let error = io.failure(forToken: token) { outcomes.results[index] = "\(error)" }
            }
            if !outcomes.cancelled, outcomes.results.count == requests.count - cancelling.count {
                outcomes.cancelled = true
                for index in cancelling { io.cancel(outcomes.tokens[index]) }
            }
            return (outcomes, io)
        }
    }

    @Test func aBodyAFailureAndACancellationReachThePureFunction() async throws {
        try await LoopbackServer.withRunning { server in
            let requests = [
                URLRequest(url: server.url("/ip", query: ["format": "json"])),
                URLRequest(url: server.url("/ip", fault: .status(404))),
                URLRequest(url: server.url("/ip", fault: .delay(.seconds(60))))
            ]
            let main = MainFactory.createMain(
                topLevelFunction: Self.app(requests, cancelling: [2]), initialState: Outcomes(),
                handlers: HTTPIOHandler(transport: URLSessionTransport.shared))
            let outcomes = await main.run().results
            #expect(outcomes[0] == #"{"ip":"10.0.0.7"}"#)
            #expect(outcomes[1]?.contains("404") == true, "\(outcomes[1] ?? "nil")")
            #expect(outcomes[2] == NetworkRequestError.canceledByUser.description, "\(outcomes[2] ?? "nil")")
        }
    }
}
