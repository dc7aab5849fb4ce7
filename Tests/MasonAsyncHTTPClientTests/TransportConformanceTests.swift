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

/// The behaviour every ``Transport`` owes MasonNetwork, checked against the real `LoopbackServer` for
/// both transports: `URLSessionTransport` and `AsyncHTTPClientTransport`, the latter with each of its
/// timeout policies.
@Suite(.timeLimit(.minutes(5))) struct TransportConformanceTests {
    /// The transports under test.
    enum TransportKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case urlSession
        case asyncHTTPClient
        /// `AsyncHTTPClientTransport` with `timeoutPolicy: .headDeadline`.
        case asyncHTTPClientHeadDeadline

        var testDescription: String { rawValue }

        /// A transport of this kind with the given limits.
        func make(maximumBodySize: Int? = TransportConformanceTests.limit, maximumDownloadSize: Int? = nil)
            -> any Transport
        {
            guard let timeoutPolicy else {
                return URLSessionTransport(
                    configuration: .ephemeral, maximumBodySize: maximumBodySize,
                    maximumDownloadSize: maximumDownloadSize)
            }
            return AsyncHTTPClientTransport(
                maximumBodySize: maximumBodySize, maximumDownloadSize: maximumDownloadSize, timeoutPolicy: timeoutPolicy
            )
        }

        /// The timeout policy of this kind's transport on async-http-client, or `nil` for URLSession.
        var timeoutPolicy: AsyncHTTPClientTransport.TimeoutPolicy? {
            switch self {
            case .urlSession: nil
            case .asyncHTTPClient: .idle
            case .asyncHTTPClientHeadDeadline: .headDeadline
            }
        }

        /// Runs `body` with a transport of this kind that reports a failed connection at once. URLSession
        /// always does; async-http-client's pool retries a failed connection until the request's timeout
        /// (`retryConnectionEstablishment`, on by default), so its transport here sends through a client
        /// of its own with that turned off. Its connect timeout is long (the default is 10 s): a refused
        /// connection fails at once, but under Thread Sanitizer, with the whole suite starting beside it,
        /// the refusal once took longer to be seen and the test got `.timedOut` (CI).
        func withTransportFailingConnectionsAtOnce<Result>(_ body: (any Transport) async throws -> Result) async throws
            -> Result
        {
            guard let timeoutPolicy else { return try await body(make()) }
            var configuration = HTTPClient.Configuration()
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.timeout.connect = .seconds(240)
            return try await HTTPClient.withHTTPClient(configuration: configuration) { client in
                try await body(AsyncHTTPClientTransport(client: client, timeoutPolicy: timeoutPolicy))
            }
        }

        /// Runs `body` with a transport of this kind whose wait for a stalled body ends within seconds.
        /// The request's timeout does that for every kind but the head-deadline one, whose body only the
        /// client's read timeout bounds (90 s on `HTTPClient.shared`): its transport here sends through a
        /// client of its own that waits half a second (whichever timeout fires, the failure is `.timedOut`).
        func withTransportTimingOutStalledBodies<Result>(_ body: (any Transport) async throws -> Result) async throws
            -> Result
        {
            guard timeoutPolicy == .headDeadline else { return try await body(make()) }
            var configuration = HTTPClient.Configuration()
            configuration.timeout.read = .milliseconds(500)
            return try await HTTPClient.withHTTPClient(configuration: configuration) { client in
                try await body(AsyncHTTPClientTransport(client: client, timeoutPolicy: .headDeadline))
            }
        }

        /// The code of a connection the server closed without answering. FoundationNetworking (libcurl)
        /// reports an empty reply as a bad server response; async-http-client as a lost connection.
        var droppedConnectionCode: URLError.Code {
            switch self {
            case .urlSession: .badServerResponse
            case .asyncHTTPClient, .asyncHTTPClientHeadDeadline: .networkConnectionLost
            }
        }
    }

    private struct AgeGuess: Decodable, Equatable, Sendable {
        let name: String
        let age: Int
    }

    private struct Note: Codable, Equatable, Sendable {
        let title: String
    }

    /// What the server's `/echo` route answers (the fields these tests read).
    private struct Echo: Decodable, Sendable {
        let method: String
        let headers: [String: String]
        let body: String?
    }

    static let limit = 64 * 1024

    private static func request(_ url: URL, timeout: TimeInterval = 300) -> URLRequest {
        URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    }

    /// Fails the test unless `result` failed with `.failed` and `code`.
    private static func expectFailure<Value>(
        _ result: Result<Value, NetworkRequestError>, code: URLError.Code,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .failure(.failed(_, let actual)) = result else {
            Issue.record("expected .failed(code: \(code)), got \(result)", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == code, sourceLocation: sourceLocation)
    }

    @Test(arguments: TransportKind.allCases)
    func aGETSendsItsHeadersAndItsJSONAnswerDecodes(kind: TransportKind) async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let transport = kind.make()
            let request = Self.request(server.url("/", query: ["name": "Jane"])) |> setHeader("abc-123", for: "X-Trace")
            let fetch: Deferred<Result<AgeGuess, NetworkRequestError>> =
                request |> requestAsync(transport: transport) <&> decodeJsonData
            #expect(await fetch.value == .success(AgeGuess(name: "Jane", age: 48)))
            #expect(server.lastRequest(path: "/")?.header("X-Trace") == "abc-123")

            let (_, response) = try await dataTask(request, transport: transport).value.get()
            #expect(response.statusCode == 200)
            let contentType: String = response.value(forHTTPHeaderField: "Content-Type") ?? ""
            #expect(contentType.hasPrefix("application/json"))
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test(arguments: TransportKind.allCases)
    func aNonSuccessStatusKeepsItsStatusHeadersAndBody(kind: TransportKind) async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let fault = Fault.status(503, headers: ["X-Reason": "maintenance"], body: "down for a bit")
            let result = await requestAsync(
                Self.request(server.url("/products/1", fault: fault)), transport: kind.make()
            ).value
            guard case .failure(.invalidResponse(let response)) = result else {
                Issue.record("expected invalidResponse, got \(result)")
                return
            }
            #expect(response.status == 503)
            #expect(response.headers.first { $0.key.lowercased() == "x-reason" }?.value == "maintenance")
            #expect(response.text == "down for a bit")
            #expect(response.url?.host == "127.0.0.1")
            #expect(response.url?.port == server.port)
            #expect(response.url?.path == "/products/1")
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test(arguments: TransportKind.allCases)
    func aPostedJSONBodyIsEchoed(kind: TransportKind) async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let posted = Self.request(server.url("/echo")) |> post(Note(title: "mortar"))
            let echo: Result<Echo, NetworkRequestError> = decodeJsonData(
                result: await requestAsync(posted, transport: kind.make()).value)
            let answer = try echo.get()
            #expect(answer.method == "POST")
            #expect(answer.headers["content-type"] == "application/json")
            #expect(try JSONDecoder().decode(Note.self, from: Data((answer.body ?? "").utf8)) == Note(title: "mortar"))
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    /// A body given as a stream (a file upload) is sent whole, in several pieces, with its declared
    /// length or chunked without one.
    @Test(arguments: TransportKind.allCases, [true, false])
    func aStreamedBodyIsSent(kind: TransportKind, declaresLength: Bool) async throws {
        let text = String(repeating: "abcdefghijklmnopqrstuvwxyz", count: 5_800)  // 150,800 bytes
        try await LoopbackServer.withRunning { server in
            var upload = Self.request(server.url("/echo")) |> method(.put)
            upload.httpBodyStream = InputStream(data: Data(text.utf8))
            if declaresLength { upload.setValue("\(text.utf8.count)", forHTTPHeaderField: "Content-Length") }
            let (data, response) = try await kind.make(maximumBodySize: nil).send(upload)
            #expect(response.statusCode == 200)
            let answer = try JSONDecoder().decode(Echo.self, from: data)
            #expect(answer.method == "PUT")
            #expect(answer.body == text)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aRedirectIsFollowedToItsAnswer(kind: TransportKind) async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let target = server.url("/", query: ["name": "Jane"])
            server.inject(.status(302, headers: ["Location": target.absoluteString]), at: "/moved")
            let fetch: Deferred<Result<AgeGuess, NetworkRequestError>> =
                Self.request(server.url("/moved")) |> requestAsync(transport: kind.make()) <&> decodeJsonData
            #expect(await fetch.value == .success(AgeGuess(name: "Jane", age: 48)))
            #expect(server.requestCount() == 2)
            // The response is the last one's, with the URL it came from.
            let (_, response) = try await dataTask(Self.request(server.url("/moved")), transport: kind.make()).value
                .get()
            #expect(response.url == target)
            let (_, direct) = try await dataTask(Self.request(target), transport: kind.make()).value.get()
            #expect(direct.url == target)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    /// A redirect to another origin (here another port) drops the credentials, as async-http-client
    /// does; one to the same origin keeps them. Before the fix URLSession's transport on Linux sent the
    /// bearer token and the cookie to the other server.
    @Test(arguments: TransportKind.allCases)
    func aRedirectToAnotherOriginDropsTheCredentials(kind: TransportKind) async throws {
        try await LoopbackServer.withRunning { first in
            try await LoopbackServer.withRunning { second in
                first.inject(.status(302, headers: ["Location": second.url("/headers").absoluteString]), at: "/away")
                first.inject(.status(307, headers: ["Location": first.url("/headers").absoluteString]), at: "/home")
                var request = Self.request(first.url("/away"))
                request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
                request.setValue("session=1", forHTTPHeaderField: "Cookie")
                request.setValue("trace-1", forHTTPHeaderField: "X-Trace")
                _ = try await dataTask(request, transport: kind.make()).value.get()
                let there = try #require(second.lastRequest(path: "/headers"))
                #expect(there.header("Authorization") == nil)
                #expect(there.header("Cookie") == nil)
                #expect(there.header("X-Trace") == "trace-1", "other fields go on")
                request.url = first.url("/home")
                _ = try await dataTask(request, transport: kind.make()).value.get()
                #expect(first.lastRequest(path: "/headers")?.header("Authorization") == "Bearer secret")
            }
        }
    }

    @Test(arguments: TransportKind.allCases, [#"Basic realm="loopback""#, "Bearer", "Negotiate"])
    func aChallengeIsReturnedAsAnUnauthorizedResponse(kind: TransportKind, scheme: String) async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let challenge = Fault.status(401, headers: ["WWW-Authenticate": scheme])
            let result = await requestAsync(
                Self.request(server.url("/headers", fault: challenge)), transport: kind.make()
            ).value
            guard case .failure(.invalidResponse(let response)) = result else {
                Issue.record("expected a 401 response, got \(result)")
                return
            }
            #expect(response.status == 401)
            #expect(response.headers.first { $0.key.lowercased() == "www-authenticate" }?.value == scheme)
            #expect(response.text == #"{"error":"Unauthorized","status":401}"#)
            #expect(server.requestCount() == 1)
            // A download ends too, with the status and the body.
            let (file, downloaded) = try await kind.make().download(
                Self.request(server.url("/headers", fault: challenge)))
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(downloaded.statusCode == 401)
            #expect(try String(contentsOf: file, encoding: .utf8) == #"{"error":"Unauthorized","status":401}"#)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test(arguments: TransportKind.allCases)
    func authorizationHeadersArriveExactlyAsSet(kind: TransportKind) async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let transport = kind.make()
            let url = server.url("/headers")
            _ = await requestAsync(
                Self.request(url) |> authorization(.basic(username: "guest", password: "guest")),
                transport: transport
            ).value
            #expect(server.lastRequest(path: "/headers")?.header("Authorization") == "Basic Z3Vlc3Q6Z3Vlc3Q=")
            _ = await requestAsync(
                Self.request(url) |> authorization(.bearer("secret-token-123")), transport: transport
            ).value
            #expect(server.lastRequest(path: "/headers")?.header("Authorization") == "Bearer secret-token-123")
            _ = await requestAsync(
                Self.request(url) |> authorization(.custom(field: "CustomField", data: "5-53455345g")),
                transport: transport
            ).value
            #expect(server.lastRequest(path: "/headers")?.header("Authorization") == "CustomField 5-53455345g")
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test(arguments: TransportKind.allCases)
    func aHeaderWithALineBreakIsRejectedWithNothingSent(kind: TransportKind) async throws {
        try await LoopbackServer.withRunning { server in
            let transport = kind.make()
            let unsafe = Self.request(server.url("/headers")) |> setHeader("evil\r\nX-Injected: 1", for: "X-Note")
            #expect(await requestAsync(unsafe, transport: transport).value == .failure(.invalidHeader(field: "X-Note")))
            // The transport checks on its own too, for callers that use it directly.
            await #expect(throws: NetworkRequestError.invalidHeader(field: "X-Note")) {
                try await transport.send(unsafe)
            }
            #expect(server.requestCount() == 0)
        }
    }

    /// A header value with a control character other than CR, LF or NUL (here `\u{1}`) is refused by
    /// name, before anything is sent, and the value stays out of the log. (Before, async-http-client
    /// refused it with an error naming the whole value — the token here — and the log showed it.)
    @Test(arguments: TransportKind.allCases)
    func aHeaderValueWithAControlCharacterIsRejectedByNameWithNothingSentOrLogged(kind: TransportKind) async throws {
        try await LoopbackServer.withRunning { server in
            let recorder = LogRecorder()
            let transport = kind.make().logging(to: recorder.logger())
            var request = Self.request(server.url("/headers"))
            request.setValue("Bearer s3cret\u{1}", forHTTPHeaderField: "Authorization")
            try #require(request.value(forHTTPHeaderField: "Authorization") == "Bearer s3cret\u{1}")
            let result = await requestAsync(request, transport: transport).value
            #expect(result == .failure(.invalidHeader(field: "Authorization")))
            #expect(!recorder.entries.contains { $0.text.contains("s3cret") }, "\(recorder.messages)")
            #expect(server.requestCount() == 0)
            var tabbed = Self.request(server.url("/headers"))  // a tab is allowed, as RFC 9110 says
            tabbed.setValue("a\tb", forHTTPHeaderField: "X-Note")
            #expect((try? validateRequest(tabbed).get()) != nil)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aMethodOrAFieldNameThatIsNotATokenIsRejectedWithNothingSent(kind: TransportKind) async throws {
        try await LoopbackServer.withRunning { server in
            let transport = kind.make()
            let url = server.url("/products/1")
            let smuggling = Self.request(url) |> method(HTTPMethod("GET /admin HTTP/1.1\r\nHost: internal\r\n\r\nGET"))
            #expect(await requestAsync(smuggling, transport: transport).value == .failure(.invalidRequest))
            await #expect(throws: NetworkRequestError.invalidRequest) { try await transport.send(smuggling) }
            var badName = Self.request(url)
            badName.setValue("v", forHTTPHeaderField: "X Bad")
            #expect(await requestAsync(badName, transport: transport).value == .failure(.invalidHeader(field: "X Bad")))
            await #expect(throws: NetworkRequestError.invalidHeader(field: "X Bad")) {
                try await transport.send(badName)
            }
            #expect(server.requestCount() == 0)
        }
    }

    @Test(arguments: TransportKind.allCases, [true, false])
    func aBodyOverTheLimitFailsWithBodyTooLarge(kind: TransportKind, declaresLength: Bool) async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/products/1", fault: .hugeBody(bytes: 1_000_000, declaresLength: declaresLength))
            let result = await requestAsync(Self.request(url), transport: kind.make()).value
            #expect(result == .failure(.bodyTooLarge(limit: Self.limit)))
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aBodyAnnouncedOverTheLimitIsNotRead(kind: TransportKind) async throws {
        try await LoopbackServer.withRunning { server in
            // Far more than the sockets' buffers hold: the server can finish writing it only if the
            // client reads it all.
            let url = server.url(
                "/products/1", id: "huge", fault: .hugeBody(bytes: 512 * 1024 * 1024, declaresLength: true))
            let result = await requestAsync(Self.request(url), transport: kind.make()).value
            #expect(result == .failure(.bodyTooLarge(limit: Self.limit)))
            try await server.waitForDisconnections(1, id: "huge")
        }
    }

    // A HEAD answer announces the length of a body it does not carry.
    @Test(arguments: TransportKind.allCases)
    func aHeadRequestIsNotJudgedByTheLengthItAnnounces(kind: TransportKind) async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/products/1", fault: .hugeBody(bytes: 1_000_000, declaresLength: true))
            let (body, response) = try await dataTask(Self.request(url) |> method(.head), transport: kind.make()).value
                .get()
            #expect(response.statusCode == 200)
            #expect(response.value(forHTTPHeaderField: "Content-Length") == "1000000")
            #expect(body.isEmpty)
        }
    }

    // A 304 may announce the length of the representation it stands for (RFC 9110 §8.6), and a 204 or
    // 1xx carries no body whatever it says: that length is not judged against the limit. (SwiftNIO's
    // encoder removes such a `Content-Length`, so a server writing raw bytes sends it.)
    @Test(arguments: TransportKind.allCases, [304, 204])
    func anAnswerWithoutABodyIsNotJudgedByTheLengthItAnnounces(kind: TransportKind, status: Int) async throws {
        let reason = status == 304 ? "Not Modified" : "No Content"
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Length: 1000000\r\n\r\n"
        try await RawResponseServer.withRunning(head) { url in
            let request = Self.request(url) |> setHeader(#""v1""#, for: "If-None-Match")
            let (body, response) = try await kind.make().send(request)
            #expect(response.statusCode == status)
            #expect(body.isEmpty)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func malformedJSONFailsToDecodeWithItsContext(kind: TransportKind) async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/", query: ["name": "Jane"], fault: .malformedJSON)
            let decoded: Result<AgeGuess, NetworkRequestError> =
                await (Self.request(url) |> requestAsync(transport: kind.make()) <&> decodeJsonData).value
            guard case .failure(.decodingFailed(let type, let description, _)) = decoded else {
                Issue.record("expected decodingFailed, got \(decoded)")
                return
            }
            #expect(type.contains("AgeGuess"))
            #expect(!description.isEmpty)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aDroppedConnectionFailsWithATypedError(kind: TransportKind) async throws {
        // Connection: close on every response, as for every test that drops connections: libcurl (under
        // URLSession on Linux) silently re-sends a request whose reused connection was closed without an
        // answer, so a drop on a kept-alive connection could turn into a second request (and a stall).
        try await LoopbackServer.withRunning({ $0.keepsConnectionsAlive = false }) { server in
            let url = server.url("/products/2", fault: .dropConnection)
            let result = await requestAsync(Self.request(url), transport: kind.make()).value
            Self.expectFailure(result, code: kind.droppedConnectionCode)
        }
    }

    // By name, the refusal comes wrapped in NIO's happy-eyeballs error; by address, bare.
    @Test(arguments: TransportKind.allCases, ["127.0.0.1", "localhost"])
    func aClosedPortFailsWithCannotConnectToHost(kind: TransportKind, host: String) async throws {
        let port = try await LoopbackServer.withRunning { server in server.port }
        let url = try #require(URL(string: "http://\(host):\(port)/ip"))
        let result = try await kind.withTransportFailingConnectionsAtOnce { transport in
            await requestAsync(Self.request(url), transport: transport).value
        }
        Self.expectFailure(result, code: .cannotConnectToHost)
    }

    // `.invalid` is reserved (RFC 6761): no name under it resolves, on any resolver.
    @Test(arguments: TransportKind.allCases)
    func aHostNameThatDoesNotResolveFailsWithCannotFindHost(kind: TransportKind) async throws {
        let url = try #require(URL(string: "http://mason-conformance.invalid/ip"))
        let result = try await kind.withTransportFailingConnectionsAtOnce { transport in
            await requestAsync(Self.request(url), transport: transport).value
        }
        Self.expectFailure(result, code: .cannotFindHost)
    }

    @Test(arguments: TransportKind.allCases)
    func aServerThatNeverAnswersTimesOut(kind: TransportKind) async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/products/4", fault: .neverRespond)
            let result = await requestAsync(Self.request(url, timeout: 0.3), transport: kind.make()).value
            Self.expectFailure(result, code: .timedOut)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aBodyThatStallsTimesOut(kind: TransportKind) async throws {
        // The server's second piece would wait 30 s: stopping the server ends it once the test is done.
        try await LoopbackServer.withRunning { server in
            let url = server.url("/products/5", fault: .slowBody(chunks: 2, interval: .seconds(30)))
            let result = try await kind.withTransportTimingOutStalledBodies { transport in
                await requestAsync(Self.request(url, timeout: 0.3), transport: transport).value
            }
            Self.expectFailure(result, code: .timedOut)
        }
    }

    /// The ways to give a request its timeout: FunNetworking's builder and `URLRequest`'s initializer
    /// set it in one go, which FoundationNetworking ignores unless the transport sets it again.
    enum TimeoutSpelling: String, CaseIterable, Sendable {
        case initializer, property, seedBuilder

        func request(_ url: URL, timeout: TimeInterval) -> URLRequest {
            switch self {
            case .initializer:
                return URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
            case .property:
                var request = URLRequest(url: url)
                request.timeoutInterval = timeout
                return request
            case .seedBuilder:
                let urlRequestWithTimeout = flip(requestWithCachePolicy(.reloadIgnoringLocalCacheData))
                return urlRequestWithTimeout(timeout)(url)
            }
        }
    }

    /// Where the server falls silent for 20 s: before the head, or between two pieces of the body. (Long
    /// enough that a 1 s timeout fired late on a machine busy with the suite under TSan — 4.3 s has been
    /// seen — still ends the request well before the server would answer.)
    enum Stall: String, CaseIterable, Sendable {
        case beforeTheHead, insideTheBody

        var fault: Fault {
            switch self {
            case .beforeTheHead: .delay(.seconds(20))
            case .insideTheBody: .slowBody(chunks: 2, interval: .seconds(20))
            }
        }
    }

    @Test(arguments: TransportKind.allCases, TimeoutSpelling.allCases)
    func aOneSecondTimeoutIsHonouredHoweverItWasSet(kind: TransportKind, spelling: TimeoutSpelling) async throws {
        @Sendable func exercise(_ server: LoopbackServer, _ stall: Stall) async throws {
            let request = spelling.request(server.url("/products/6", fault: stall.fault), timeout: 1)
            // Timed inside the client's scope: shutting a client down may wait for the server's answer.
            let (result, elapsed) = try await kind.withTransportTimingOutStalledBodies { transport in
                let clock = ContinuousClock()
                let start = clock.now
                let result = await requestAsync(request, transport: transport).value
                return (result, start.duration(to: clock.now))
            }
            Self.expectFailure(result, code: .timedOut)
            #expect(elapsed < .seconds(16), "\(stall): ended after \(elapsed), the server's silence was 20 s")
        }
        try await LoopbackServer.withRunning { server in
            async let head: Void = exercise(server, .beforeTheHead)
            async let body: Void = exercise(server, .insideTheBody)
            _ = try await (head, body)
        }
    }

    /// Timeouts that mean none (zero, negative, NaN, infinite) or that are longer than any wait.
    static let endlessTimeouts: [TimeInterval] = [.infinity, .nan, 0, -1, .greatestFiniteMagnitude]

    @Test(arguments: TransportKind.allCases, TimeoutSpelling.allCases)
    func aRequestWithNoTimeoutOrAnEndlessOneIsAnswered(kind: TransportKind, spelling: TimeoutSpelling) async throws {
        // Before they were capped, these crashed the process on URLSession: FoundationNetworking computes
        // `Int(timeoutInterval) * 1000`.
        try await LoopbackServer.withRunning { server in
            let transport = kind.make()
            for timeout in Self.endlessTimeouts {
                let request = spelling.request(server.url("/products/1"), timeout: timeout)
                let result = await requestAsync(request, transport: transport).value
                let body = result.map { String(decoding: $0, as: UTF8.self) }
                #expect(body == .success(#"{"id":1,"name":"Product 1"}"#), "timeout \(timeout)")
            }
        }
    }

    @Test(arguments: TransportKind.allCases, [true, false])
    func aBodyCutShortFailsWithNetworkConnectionLost(kind: TransportKind, declaresLength: Bool) async throws {
        try await LoopbackServer.withRunning({ $0.keepsConnectionsAlive = false }) { server in
            let url = server.url("/products/2", fault: .truncatedBody(declaresLength: declaresLength))
            let result = await requestAsync(Self.request(url), transport: kind.make()).value
            Self.expectFailure(result, code: .networkConnectionLost)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingTheRunClosesTheConnectionAndReportsCanceledByUserOnce(kind: TransportKind) async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let url = server.url("/products/3", id: "cancel-run", fault: .neverRespond)
            let deferred = requestAsync(Self.request(url), transport: kind.make())
            let delivered = Locked<[Result<Data, NetworkRequestError>]>([])
            let done = AsyncStream<Void>.makeStream()
            deferred.run { result in
                delivered.withLock { $0.append(result) }
                done.continuation.yield()
            }
            try await server.waitForRequests(1, id: "cancel-run")
            deferred.cancel()
            for await _ in done.stream { break }
            try await server.waitForDisconnections(1, id: "cancel-run")
            #expect(delivered.withLock { $0 } == [.failure(.canceledByUser)])
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingTheTaskClosesTheConnectionAndReportsCanceledByUser(kind: TransportKind) async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/products/3", id: "cancel-task", fault: .neverRespond)
            let transport = kind.make()
            let task = Task { await dataTask(Self.request(url), transport: transport).value.map { data, _ in data } }
            try await server.waitForRequests(1, id: "cancel-task")
            task.cancel()
            #expect(await task.value == .failure(.canceledByUser))
            try await server.waitForDisconnections(1, id: "cancel-task")
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aTaskCancelledBeforeSendingSendsNothing(kind: TransportKind) async throws {
        try await LoopbackServer.withRunning { server in
            let transport = kind.make()
            let request = Self.request(server.url("/ip"))
            let task = Task { () -> NetworkRequestError? in
                withUnsafeCurrentTask { $0?.cancel() }
                do {
                    _ = try await transport.send(request)
                    return nil
                } catch {
                    return NetworkRequestError(error)
                }
            }
            #expect(await task.value == .canceledByUser)
            #expect(server.requestCount() == 0)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aDownloadWritesTheBodyToAFile(kind: TransportKind) async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/products/7")
            let (file, response) = try await downloadTask(Self.request(url), transport: kind.make()).value.get()
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(response.statusCode == 200)
            #expect(try String(contentsOf: file, encoding: .utf8) == #"{"id":7,"name":"Product 7"}"#)
        }
    }

    /// How a download that has begun to receive its body fails.
    enum DownloadFailure: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case overItsLimit, cutShort, cancelled
        var testDescription: String { rawValue }

        /// The fault that makes a download of `/echo` fail this way: a body without a length, cut
        /// short (over a limit below its first piece, or cut), or a slow one (cancelled meanwhile; a
        /// piece a second, so that it cannot end first on a loaded machine: stopping the server ends it).
        var fault: Fault {
            switch self {
            case .overItsLimit, .cutShort: .truncatedBody(declaresLength: false)
            case .cancelled: .slowBody(chunks: 1_000, interval: .seconds(1))
            }
        }
    }

    /// A download that fails after its body began to arrive leaves no file behind: neither the
    /// transport's own nor one of URLSession's (FoundationNetworking's download tasks left theirs in the
    /// temporary directory when they failed or were cancelled).
    @Test(arguments: TransportKind.allCases, DownloadFailure.allCases)
    func aFailedDownloadLeavesNoFileBehind(kind: TransportKind, failure: DownloadFailure) async throws {
        // Connections are not reused: libcurl re-sends a POST whose reused connection was cut.
        try await LoopbackServer.withRunning({ $0.keepsConnectionsAlive = false }) { server in
            let marker = "leak-check-\(UUID().uuidString)"
            var request = Self.request(server.url("/echo", fault: failure.fault))
            request.httpMethod = "POST"
            // `/echo` answers with the body first (sorted keys): the marker is in the body's first bytes.
            request.httpBody = Data((marker + String(repeating: "x", count: 200_000)).utf8)
            let transport = kind.make(
                maximumBodySize: nil, maximumDownloadSize: failure == .overItsLimit ? 1_000 : nil)
            let download = Task { try await transport.download(request) }
            if failure == .cancelled {
                // Cancelled once the body has begun to reach a file.
                while Self.temporaryFiles(containing: marker).isEmpty { try await Task.sleep(for: .milliseconds(10)) }
                download.cancel()
            }
            switch await download.result {
            case .success((let file, _)):
                try? FileManager.default.removeItem(at: file)
                Issue.record("the download succeeded")
            case .failure(let error):
                let expected: NetworkRequestError =
                    switch failure {
                    case .overItsLimit: .bodyTooLarge(limit: 1_000)
                    case .cutShort: .failed(description: "", code: .networkConnectionLost)
                    case .cancelled: .canceledByUser
                    }
                #expect((error as? NetworkRequestError)?.withoutDescription == expected, "\(error)")
            }
            #expect(Self.temporaryFiles(containing: marker) == [])
        }
    }

    /// The regular files in the temporary directory whose first 64 KiB contain `marker`.
    private static func temporaryFiles(containing marker: String) -> [URL] {
        let needle = Data(marker.utf8)
        let directory = FileManager.default.temporaryDirectory
        let files =
            (try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: [.isRegularFileKey])) ?? []
        return files.filter { file in
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                let handle = try? FileHandle(forReadingFrom: file)
            else { return false }
            defer { try? handle.close() }
            return (try? handle.read(upToCount: 64 * 1024))?.range(of: needle) != nil
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aDownloadOverItsLimitFailsWithBodyTooLarge(kind: TransportKind) async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/products/8", fault: .hugeBody(bytes: 1_000_000, declaresLength: false))
            let transport = kind.make(maximumBodySize: nil, maximumDownloadSize: Self.limit)
            let result = await downloadTask(Self.request(url), transport: transport).value.map { file, _ in file }
            #expect(result == .failure(.bodyTooLarge(limit: Self.limit)))
        }
    }
}

extension NetworkRequestError {
    /// This error with an empty description, if it has one: for comparing by kind and code.
    fileprivate var withoutDescription: NetworkRequestError {
        guard case .failed(_, let code) = self else { return self }
        return .failed(description: "", code: code)
    }
}
