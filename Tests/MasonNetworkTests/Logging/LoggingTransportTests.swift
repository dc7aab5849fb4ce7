import Foundation
import Logging
import Mason
import MasonNetwork
import MasonTestServer
import MasonTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `LoggingTransport` against the real loopback server: one line per request and per response,
/// and no credential in any line.
@Suite(.timeLimit(.minutes(5))) struct LoggingTransportTests {
    private let base = URLSessionTransport(configuration: .ephemeral)

    private func request(_ url: URL) -> URLRequest {
        URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 300)
    }

    @Test func oneLineForTheRequestAndOneForTheResponseSharingANumber() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let recorder = LogRecorder()
            let transport = base.logging(to: recorder.logger())
            let url = server.url("/", query: ["name": "Jane"])
            let result = await requestAsync(request(url), transport: transport).value
            #expect((try? result.get()) != nil)
            let entries: [LogRecorder.Entry] = recorder.entries
            try #require(entries.count == 2)
            let target: String = url.absoluteString
            let requestLine: String = entries[0].message
            let responseLine: String = entries[1].message
            #expect(requestLine == "→ GET " + target)
            #expect(responseLine.hasPrefix("← 200 GET " + target + " ("))
            #expect(responseLine.contains(" bytes, "))
            #expect(entries[0].level == .info)
            let requestNumber: String? = entries[0].metadata["mason.request"]
            let responseNumber: String? = entries[1].metadata["mason.request"]
            #expect(requestNumber != nil)
            let paired: Bool = requestNumber == responseNumber
            #expect(paired)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func theResponseLineTimesTheExchangeOnTheInjectedClock() async throws {
        try await LoopbackServer.withRunning { server in
            let recorder = LogRecorder()
            let transport = base.logging(to: recorder.logger(), clock: ManualClock())
            _ = await requestAsync(request(server.url("/ip")), transport: transport).value
            let responseLine: String = recorder.messages.last ?? ""
            #expect(responseLine.hasSuffix(" bytes, 0.0 ms)"))  // virtual time did not move
        }
    }

    @Test func credentialsNeverReachTheLog() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let recorder = LogRecorder()
            let transport = base.logging(to: recorder.logger())
            let url = server.url("/headers", query: ["access_token": "query-secret"])
            let basic = request(url) |> authorization(.basic(username: "guest", password: "guest"))
            let bearer =
                request(url) |> authorization(.bearer("bearer-secret")) |> setHeader("c=cookie-secret", for: "Cookie")
            _ = await requestAsync(basic, transport: transport).value
            _ = await requestAsync(bearer, transport: transport).value
            // The server did receive the credentials…
            let seen = server.lastRequest(path: "/headers")?.headers.first { $0.key.lowercased() == "authorization" }?
                .value
            #expect(seen == "Bearer bearer-secret")
            // …and the log shows only that they were there.
            let lines: [String] = recorder.entries.map(\.text)
            #expect(lines.count == 4)
            for secret in ["Z3Vlc3Q6Z3Vlc3Q=", "bearer-secret", "query-secret", "cookie-secret"] {
                #expect(!lines.contains { $0.contains(secret) }, "\(secret) leaked into the log")
            }
            let requestHeaders = recorder.entries[2].metadata["http.request.headers"] ?? ""
            #expect(requestHeaders.contains("Authorization: <redacted>"))
            #expect(requestHeaders.contains("Cookie: <redacted>"))
            #expect(recorder.entries[2].message.contains("access_token=<redacted>"))
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func aNonSuccessStatusIsLoggedAsAResponse() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let recorder = LogRecorder()
            let transport = base.logging(to: recorder.logger())
            let url = server.url("/products/1", fault: .status(503))
            let result = await requestAsync(request(url), transport: transport).value
            #expect(result.failure?.statusCode == 503)
            let last: String = recorder.messages.last ?? ""
            #expect(last.hasPrefix("← 503 GET "))
            // A server failing is a failure line's level; a 404 is an answer's (before, both were .info).
            #expect(recorder.entries.last?.level == .warning)
            _ = await requestAsync(request(server.url("/products/1", fault: .status(404))), transport: transport).value
            #expect(recorder.entries.last?.level == .info)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func aTransportFailureIsLoggedAtTheFailureLevel() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let recorder = LogRecorder()
            let transport = base.logging(to: recorder.logger(), failureLevel: .error)
            let url = server.url("/products/1", fault: .dropConnection)
            let result = await requestAsync(request(url), transport: transport).value
            #expect(result.failure != nil)
            let last = try #require(recorder.entries.last)
            #expect(last.level == .error)
            #expect(last.message.hasPrefix("✕ GET \(url.absoluteString): "))
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func aCancelledRequestIsLoggedAsCancelledAtTheNormalLevel() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let recorder = LogRecorder()
            let transport = base.logging(to: recorder.logger())
            let url = server.url("/products/1", fault: .neverRespond)
            let pending = requestAsync(request(url), transport: transport)
            let task = Task { await pending.value }
            try await server.waitForRequests(1)
            task.cancel()
            let result = await task.value
            #expect(result == .failure(.canceledByUser))
            let last = try #require(recorder.entries.last)
            #expect(last.message == "✕ GET \(url.absoluteString): cancelled")
            #expect(last.level == .info)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func linesBelowTheLoggersLevelAreDropped() async throws {
        try await LoopbackServer.withRunning { server in
            let recorder = LogRecorder()
            let transport = base.logging(to: recorder.logger(level: .notice), level: .debug)
            _ = await requestAsync(request(server.url("/ip")), transport: transport).value
            #expect(recorder.entries.isEmpty)
        }
    }

    /// A refresh that failed with the token endpoint's answer: the failure line says what happened,
    /// and none of that answer's secrets (a cookie, a refresh token in its URL). (Before, the line held
    /// the whole error as Swift prints it: every header and the URL as it was.)
    @Test func aFailedRefreshLeavesNoSecretInTheFailureLine() async throws {
        let recorder = LogRecorder()
        let authenticator = Authenticator(credential: .bearer("old")) { _ in
            throw NetworkRequestError.invalidResponse(
                HTTPResponseDetails(
                    status: 400, headers: ["Set-Cookie": "sid=cookie-secret"],
                    body: Data(#"{"error":"invalid_grant"}"#.utf8),
                    url: URL(string: "https://idp.example.com/token?refresh_token=refresh-secret")))
        }
        let transport = StubTransport.sequence([.status(401)]).authenticated(by: authenticator)
            .logging(to: recorder.logger())
        let request = URLRequest(url: try #require(URL(string: "https://api.example.com/x")))
        _ = await requestAsync(request, transport: transport).value
        let failure: String = recorder.entries.last?.text ?? ""
        #expect(failure.hasPrefix("✕ GET"), "\(failure)")
        #expect(failure.contains("invalid_grant"), "\(failure)")
        #expect(!recorder.entries.contains { $0.text.contains("cookie-secret") || $0.text.contains("refresh-secret") })
    }
}
