import Foundation
import Mason
import MasonNetwork
import MasonTestServer
import MasonTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `AuthenticatingTransport` against the loopback server's `GET /secure`, which accepts one bearer token.
@Suite(.timeLimit(.minutes(5))) struct AuthenticatingTransportTests {
    private struct RefreshFailed: Error, CustomStringConvertible {
        var description: String { "the refresh token was revoked" }
    }

    private let base = URLSessionTransport(configuration: .ephemeral)

    private static func request(_ url: URL) -> URLRequest {
        URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 300)
    }

    private static func authorized(_ token: String) -> Data {
        Data(#"{"authorized":true,"token":"\#(token)"}"#.utf8)
    }

    /// Sends `count` requests to `/secure` at once, request `i` tagged with the id `"r<i>"`.
    private static func sendConcurrently(
        _ count: Int, to server: LoopbackServer, through transport: some Transport
    ) async -> [Result<Data, NetworkRequestError>] {
        await withTaskGroup(of: Result<Data, NetworkRequestError>.self) { group in
            for index in 0..<count {
                let request = Self.request(server.url(LoopbackServer.securePath, id: "r\(index)"))
                group.addTask { await requestAsync(request, transport: transport).value }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func aValidTokenIsSentAndNeedsNoRefresh() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            server.acceptToken("t1")
            let authenticator = Authenticator(credential: .bearer("t1")) { _ in .bearer("t2") }
            let transport = base.authenticated(by: authenticator)
            let result = await requestAsync(Self.request(server.url("/secure")), transport: transport).value
            #expect(result == .success(Self.authorized("t1")))
            #expect(authenticator.refreshCount == 0)
            #expect(server.requests(path: "/secure").map { $0.header("Authorization") } == ["Bearer t1"])
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func fiftyConcurrentRequestsWithAnExpiredTokenShareOneRefresh() async throws {
        try await LoopbackServer.withRunning { server in
            server.acceptToken("t2")  // t1 has expired
            let authenticator = Authenticator(credential: .bearer("t1")) { _ in .bearer("t2") }
            let results = await Self.sendConcurrently(50, to: server, through: base.authenticated(by: authenticator))
            #expect(results.count == 50)
            let expected: Result<Data, NetworkRequestError> = .success(Self.authorized("t2"))
            #expect(results.allSatisfy { $0 == expected })
            #expect(authenticator.refreshCount == 1)
            for index in 0..<50 {
                let sent = server.requests(id: "r\(index)").map { $0.header("Authorization") }
                #expect(sent == ["Bearer t1", "Bearer t2"] || sent == ["Bearer t2"], "r\(index): \(sent)")
            }
        }
    }

    @Test func aFailedRefreshEndsEveryWaitingRequestWithAuthenticationFailed() async throws {
        try await LoopbackServer.withRunning { server in
            server.acceptToken("t2")
            let box = Locked<Authenticator?>(nil)
            let refreshing = Authenticator(credential: .bearer("t1")) { _ in
                // Hold the refresh open until all fifty rejected requests wait for it, then fail.
                await box.withLock { $0 }?.waitForWaiters(count: 50)
                throw RefreshFailed()
            }
            box.withLock { $0 = refreshing }
            let results = await Self.sendConcurrently(50, to: server, through: base.authenticated(by: refreshing))
            #expect(results.count == 50)
            let expected: Result<Data, NetworkRequestError> =
                .failure(.authenticationFailed(description: "the refresh token was revoked"))
            #expect(results.allSatisfy { $0 == expected })
            #expect(refreshing.refreshCount == 1)
            #expect(server.requestCount(path: "/secure") == 50)  // nothing was sent again
        }
    }

    /// A stub's downloads, recording each file it hands out.
    private struct RecordingDownloads: Transport {
        let stub: StubTransport
        let files = Locked<[URL]>([])

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) { try await stub.send(request) }

        func download(_ request: URLRequest) async throws -> (URL, HTTPURLResponse) {
            let answer = try await stub.download(request)
            files.withLock { $0.append(answer.0) }
            return answer
        }
    }

    // Before the fix the 401's file stayed in the temporary directory, its URL given to no one.
    @Test func aDownloadWhoseRefreshFailsLeavesNoFileBehind() async throws {
        let base = RecordingDownloads(stub: StubTransport(.text("denied", status: 401)))
        let authenticator = Authenticator(credential: .bearer("t1")) { _ in throw RefreshFailed() }
        await #expect(throws: NetworkRequestError.self) {
            _ = try await base.authenticated(by: authenticator).download(
                Self.request(URL(string: "https://a.example/r")!))
        }
        let files = base.files.withLock { $0 }
        #expect(files.count == 1)
        #expect(files.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
    }

    @Test func aSecond401AfterTheRefreshIsReportedAsInvalidResponse() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            server.acceptToken("t3")
            let authenticator = Authenticator(credential: .bearer("t1")) { _ in .bearer("t2") }
            let transport = base.authenticated(by: authenticator)
            let result = await requestAsync(Self.request(server.url("/secure", id: "twice")), transport: transport)
                .value
            guard case .failure(.invalidResponse(let response)) = result else {
                Issue.record("expected invalidResponse, got \(result)")
                return
            }
            #expect(response.status == 401)
            #expect(response.value(forHeader: "WWW-Authenticate") == #"Bearer realm="loopback""#)
            #expect(response.text == #"{"error":"Unauthorized","status":401}"#)
            let sent: [String?] = server.requests(id: "twice").map { $0.header("Authorization") }
            #expect(sent == ["Bearer t1", "Bearer t2"])
            #expect(authenticator.refreshCount == 1)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    /// A request whose body is a stream is not sent again after a 401: the stream was read by the first
    /// attempt. (Before, it went a second time, with nothing left to send.)
    @Test func aRequestWithAStreamedBodyIsNotSentAgainAfterA401() async throws {
        try await LoopbackServer.withRunning { server in
            server.inject(.status(401), at: "/echo")
            let authenticator = Authenticator(credential: .bearer("t1")) { _ in .bearer("t2") }
            var upload = Self.request(server.url("/echo"))
            upload.httpMethod = "PUT"
            upload.httpBodyStream = InputStream(data: Data(String(repeating: "x", count: 150_000).utf8))
            let result = await requestAsync(upload, transport: base.authenticated(by: authenticator)).value
            #expect(result.failure?.statusCode == 401)
            #expect(server.requests(path: "/echo").count == 1)
        }
    }

    @Test func withoutACredentialTheFirstRequestGoesBareAndTheRefreshProvidesOne() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            server.acceptToken("fresh")
            let authenticator = Authenticator { rejected in
                rejected == nil ? .bearer("fresh") : .bearer("wrong")
            }
            let transport = base.authenticated(by: authenticator)
            let result = await requestAsync(Self.request(server.url("/secure", id: "bare")), transport: transport).value
            #expect(result == .success(Self.authorized("fresh")))
            #expect(server.requests(id: "bare").map { $0.header("Authorization") } == [nil, "Bearer fresh"])
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func theRequestsOwnAuthorizationIsReplaced() async throws {
        try await LoopbackServer.withRunning { server in
            server.acceptToken("t1")
            let authenticator = Authenticator(credential: .bearer("t1")) { _ in .bearer("t2") }
            let request = Self.request(server.url("/secure")) |> authorization(.basic(username: "a", password: "b"))
            let result = await requestAsync(request, transport: base.authenticated(by: authenticator)).value
            #expect(result == .success(Self.authorized("t1")))
        }
    }

    @Test func cancellingWhileWaitingForARefreshReportsCanceledByUser() async throws {
        try await LoopbackServer.withRunning { server in
            server.acceptToken("t2")
            let (started, refreshStarted) = AsyncStream<Void>.makeStream()
            let (gate, openGate) = AsyncStream<Void>.makeStream()
            let authenticator = Authenticator(credential: .bearer("t1")) { _ in
                refreshStarted.yield()
                for await _ in gate { break }
                return .bearer("t2")
            }
            let transport = base.authenticated(by: authenticator)
            let request = Self.request(server.url("/secure", id: "leave"))
            let task = Task { await requestAsync(request, transport: transport).value }
            for await _ in started { break }  // the request got its 401 and waits for the refresh
            task.cancel()
            #expect(await task.value == .failure(.canceledByUser))
            openGate.yield()
            openGate.finish()
            #expect(server.requestCount(id: "leave") == 1)
        }
    }

    @Test func aRetryingTransportInsideRetriesTheRenewedRequest() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            server.acceptToken("t2")
            // 1st: 401 from /secure (t1); 2nd: 503 with t2; 3rd: 200 with t2.
            server.inject([.passThrough, .status(503)], forID: "both")
            let clock = ManualClock()
            let authenticator = Authenticator(credential: .bearer("t1")) { _ in .bearer("t2") }
            let transport = base.retrying(.standard, clock: clock).authenticated(by: authenticator)
            let request = Self.request(server.url("/secure", id: "both"))
            let task = Task { await requestAsync(request, transport: transport).value }
            try await clock.waitForSleepers(count: 1)
            clock.run()
            #expect(await task.value == .success(Self.authorized("t2")))
            #expect(
                server.requests(id: "both").map { $0.header("Authorization") }
                    == ["Bearer t1", "Bearer t2", "Bearer t2"])
            #expect(authenticator.refreshCount == 1)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }
}
