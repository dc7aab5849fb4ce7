import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MasonTestServer
import Testing

@Suite struct LoopbackServerTests {
    // MARK: Helpers (nested, so they cannot clash with other suites' helpers)

    /// A fresh session per test: no cache, no cookies, no connection reuse across tests.
    private static func makeSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        // A guard against a hang, not a measure: in CI's full parallel run on 2 cores one of fifty
        // concurrent requests once waited 30 s for a server answering on the cooperative pool.
        configuration.timeoutIntervalForRequest = 180
        return URLSession(configuration: configuration)
    }

    /// `LoopbackServer.withRunning` with a `Void` body: a concrete closure type keeps type-checking fast.
    private static func serve(
        _ configure: (inout LoopbackServer.Configuration) -> Void = { _ in },
        _ body: (LoopbackServer) async throws -> Void
    ) async throws {
        try await LoopbackServer.withRunning(configure, body)
    }

    private static func send(
        _ session: URLSession,
        _ url: URL,
        method: String = "GET",
        headers: [String: String] = [:],
        body: Data? = nil
    ) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        return (data, try #require(response as? HTTPURLResponse))
    }

    private static func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }

    private struct Echo: Decodable, Equatable {
        let method: String
        let path: String
        let query: [String: String]
        let headers: [String: String]
        let body: String?
        let bodyBase64: String
    }

    private struct ErrorBody: Decodable {
        let error: String
        let status: Int
    }

    private struct Product: Decodable, Equatable {
        let id: Int
        let name: String
    }

    // MARK: Routes

    @Test func ageGuessReturnsAgifyJSONForTheName() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let (data, response) = try await Self.send(Self.makeSession(), server.url("/", query: ["name": "mason"]))
            #expect(response.statusCode == 200)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(Self.text(data) == #"{"age":48,"count":1,"name":"mason"}"#)
        }
        try await Self.serve { server in try await exercise(server) }
    }

    @Test func ageGuessWithoutANameIsUnprocessable() async throws {
        try await Self.serve { server in
            let (data, response) = try await Self.send(Self.makeSession(), server.url("/"))
            #expect(response.statusCode == 422)
            #expect(Self.text(data) == #"{"error":"Missing 'name' parameter"}"#)
        }
    }

    @Test func ipIsJSONWithFormatJSONAndPlainTextOtherwise() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let session = Self.makeSession()
            let (json, _) = try await Self.send(session, server.url("/ip", query: ["format": "json"]))
            #expect(Self.text(json) == #"{"ip":"10.0.0.7"}"#)
            let (plain, response) = try await Self.send(session, server.url("/ip"))
            #expect(Self.text(plain) == "10.0.0.7")
            #expect(response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/plain") == true)
        }
        try await Self.serve { server in try await exercise(server) }
    }

    @Test func ipInfoGeoReturnsTheIPAndCity() async throws {
        try await Self.serve { server in
            let (data, _) = try await Self.send(Self.makeSession(), server.url("/ipinfo/10.0.0.7/geo"))
            #expect(Self.text(data) == #"{"city":"Lund","ip":"10.0.0.7"}"#)
        }
    }

    @Test func productHasANumericIDAndItsName() async throws {
        try await Self.serve { server in
            let session = Self.makeSession()
            let (data, _) = try await Self.send(session, server.url("/products/42"))
            #expect(try JSONDecoder().decode(Product.self, from: data) == Product(id: 42, name: "Product 42"))
            let (textual, _) = try await Self.send(session, server.url("/products/abc"))
            #expect(Self.text(textual) == #"{"id":"abc","name":"Product abc"}"#)
        }
    }

    @Test(arguments: ["POST", "PUT", "PATCH", "DELETE"])
    func echoReturnsMethodHeadersAndBody(method: String) async throws {
        let body = Data(#"{"title":"Mason"}"#.utf8)
        let (status, echo) = try await LoopbackServer.withRunning { server -> (Int, Echo) in
            let (data, response) = try await Self.send(
                Self.makeSession(),
                server.url("/echo", query: ["q": "1"]),
                method: method,
                headers: ["Content-Type": "application/json", "X-Custom": "yes"],
                body: body
            )
            return (response.statusCode, try JSONDecoder().decode(Echo.self, from: data))
        }
        #expect(status == 200)
        #expect(echo.method == method)
        #expect(echo.path == "/echo")
        #expect(echo.query == ["q": "1"])
        #expect(echo.headers["x-custom"] == "yes")
        #expect(echo.headers["content-type"] == "application/json")
        #expect(echo.body == #"{"title":"Mason"}"#)
        #expect(echo.bodyBase64 == body.base64EncodedString())
    }

    @Test func echoOfABinaryBodyHasOnlyBase64() async throws {
        try await Self.serve { server in
            let body = Data([0xFF, 0xFE, 0x00, 0x80])
            let (data, _) = try await Self.send(Self.makeSession(), server.url("/echo"), method: "POST", body: body)
            let echo = try JSONDecoder().decode(Echo.self, from: data)
            #expect(echo.body == nil)
            #expect(Data(base64Encoded: echo.bodyBase64) == body)
            #expect(server.lastRequest(path: "/echo")?.body == body)
        }
    }

    @Test func headersRouteReturnsTheExactAuthorizationValue() async throws {
        try await Self.serve { server in
            let session = Self.makeSession()
            for authorization in ["Basic Z3Vlc3Q6Z3Vlc3Q=", "Bearer abc.def-ghi"] {
                let (data, _) = try await Self.send(
                    session,
                    server.url("/headers"),
                    headers: ["Authorization": authorization]
                )
                let headers = try JSONDecoder().decode([String: String].self, from: data)
                #expect(headers["authorization"] == authorization)
                #expect(server.lastRequest(path: "/headers")?.header("Authorization") == authorization)
            }
        }
    }

    @Test func unknownPathIsNotFoundAndStillRecorded() async throws {
        try await Self.serve { server in
            let (_, response) = try await Self.send(Self.makeSession(), server.url("/nowhere"))
            #expect(response.statusCode == 404)
            #expect(server.requestCount(path: "/nowhere") == 1)
        }
    }

    // MARK: Status faults

    @Test(arguments: [500, 503, 429, 408, 401])
    func statusFaultSendsTheCodeAJSONErrorAndCustomHeaders(code: Int) async throws {
        func exercise(_ server: LoopbackServer) async throws {
            server.inject(.status(code, headers: ["X-Fault": "injected"]), at: "/products/1")
            let (data, response) = try await Self.send(Self.makeSession(), server.url("/products/1"))
            #expect(response.statusCode == code)
            #expect(response.value(forHTTPHeaderField: "X-Fault") == "injected")
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
            let error = try JSONDecoder().decode(ErrorBody.self, from: data)
            #expect(error.status == code)
            #expect(!error.error.isEmpty)
            let recordedFault: Fault? = server.lastRequest(path: "/products/1")?.fault
            let injectedFault: Fault = .status(code, headers: ["X-Fault": "injected"])
            #expect(recordedFault == injectedFault)
        }
        try await Self.serve { server in try await exercise(server) }
    }

    @Test func statusFaultWithACustomBodyAndContentType() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            server.inject(.status(500, headers: ["Content-Type": "text/plain"], body: "boom"), at: "/ip")
            let (data, response) = try await Self.send(Self.makeSession(), server.url("/ip"))
            #expect(response.statusCode == 500)
            #expect(Self.text(data) == "boom")
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        }
        try await Self.serve { server in try await exercise(server) }
    }

    @Test func retryAfterIsSentInSecondsAndAsAnHTTPDate() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let session = Self.makeSession()
            let date = Date(timeIntervalSince1970: 784_111_777)
            server.inject([.retryAfter(seconds: 2, status: 429), .retryAfter(date: date)], at: "/ip")
            let (_, seconds) = try await Self.send(session, server.url("/ip"))
            #expect(seconds.statusCode == 429)
            #expect(seconds.value(forHTTPHeaderField: "Retry-After") == "2")
            let (_, dated) = try await Self.send(session, server.url("/ip"))
            #expect(dated.statusCode == 503)
            #expect(dated.value(forHTTPHeaderField: "Retry-After") == "Sun, 06 Nov 1994 08:49:37 GMT")
        }
        try await Self.serve { server in try await exercise(server) }
    }

    @Test func httpDateIsIMFFixdateInGMT() {
        #expect(Fault.httpDate(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(Fault.httpDate(Date(timeIntervalSince1970: 0.9)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(Fault.httpDate(Date(timeIntervalSince1970: 1_709_251_199)) == "Thu, 29 Feb 2024 23:59:59 GMT")
    }

    // MARK: Scripts

    @Test func scriptedSequenceFailsTwiceWithRetryAfterThenSucceeds() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let session = Self.makeSession()
            server.inject([.retryAfter(seconds: 1), .retryAfter(seconds: 1)], forID: "retry")
            var statuses: [Int] = []
            var retryAfters: [String?] = []
            for _ in 0..<3 {
                let (_, response) = try await Self.send(session, server.url("/products/1", id: "retry"))
                statuses.append(response.statusCode)
                retryAfters.append(response.value(forHTTPHeaderField: "Retry-After"))
            }
            #expect(statuses == [503, 503, 200])
            #expect(retryAfters == ["1", "1", nil])
            #expect(server.requestCount(id: "retry") == 3)
            let faults: [Fault?] = server.requests(id: "retry").map { $0.fault }
            let expected: [Fault?] = [Fault.retryAfter(seconds: 1), Fault.retryAfter(seconds: 1), nil]
            let sameFaults: Bool = faults == expected
            #expect(sameFaults)
        }
        try await Self.serve { server in try await exercise(server) }
    }

    @Test func idScriptsOfConcurrentTestsDoNotInterfere() async throws {
        try await Self.serve { server in
            let session = Self.makeSession()
            let ids = (0..<10).map { "test-\($0)" }
            for (index, id) in ids.enumerated() {
                server.inject(.sequence(Array(repeating: .status(503), count: index % 3)), forID: id)
            }
            let results = try await withThrowingTaskGroup(of: (String, [Int]).self) { group in
                for id in ids {
                    group.addTask {
                        var statuses: [Int] = []
                        for _ in 0..<3 {
                            // The id travels in the header here; the query item works the same way.
                            let (_, response) = try await Self.send(
                                session,
                                server.url("/ip"),
                                headers: [LoopbackServer.idHeaderName: id]
                            )
                            statuses.append(response.statusCode)
                        }
                        return (id, statuses)
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            for (index, id) in ids.enumerated() {
                let failures = index % 3
                let expected = Array(repeating: 503, count: failures) + Array(repeating: 200, count: 3 - failures)
                #expect(results[id] == expected)
                #expect(server.requestCount(id: id) == 3)
            }
            #expect(server.requestCount(path: "/ip") == 30)
        }
    }

    @Test func idScriptTakesPrecedenceOverThePathScript() async throws {
        try await Self.serve { server in
            let session = Self.makeSession()
            server.inject(.status(500), at: "/ip")
            server.inject(.status(418), forID: "mine")
            let (_, tagged) = try await Self.send(session, server.url("/ip", id: "mine"))
            let (_, untagged) = try await Self.send(session, server.url("/ip"))
            #expect(tagged.statusCode == 418)
            #expect(untagged.statusCode == 500)
        }
    }

    @Test func pathFaultAppliesUntilRemoved() async throws {
        try await Self.serve { server in
            let session = Self.makeSession()
            server.inject(.status(500), at: "/ip")
            let (_, first) = try await Self.send(session, server.url("/ip"))
            let (_, second) = try await Self.send(session, server.url("/ip"))
            server.removeFaults(at: "/ip")
            let (_, third) = try await Self.send(session, server.url("/ip"))
            #expect([first.statusCode, second.statusCode, third.statusCode] as [Int] == [500, 500, 200])
            server.inject(.status(500), forID: "x")
            server.removeAllFaults()
            let (_, fourth) = try await Self.send(session, server.url("/ip", id: "x"))
            #expect(fourth.statusCode == 200)
        }
    }

    @Test func cycleRepeatsItsFaults() async throws {
        try await Self.serve { server in
            let session = Self.makeSession()
            server.inject(.cycle([.status(503), .passThrough]), at: "/ip")
            var statuses: [Int] = []
            for _ in 0..<5 {
                statuses.append(try await Self.send(session, server.url("/ip")).1.statusCode)
            }
            #expect(statuses == [503, 200, 503, 200, 503])
        }
    }

    @Test func sequenceThenAppliesAfterTheSequence() async throws {
        try await Self.serve { server in
            let session = Self.makeSession()
            server.inject(.sequence([.passThrough], then: .status(410)), at: "/ip")
            let (_, first) = try await Self.send(session, server.url("/ip"))
            let (_, second) = try await Self.send(session, server.url("/ip"))
            let (_, third) = try await Self.send(session, server.url("/ip"))
            #expect([first.statusCode, second.statusCode, third.statusCode] as [Int] == [200, 410, 410])
        }
    }

    @Test func configuredFaultsApplyFromTheFirstRequest() async throws {
        try await Self.serve({ $0.faults["/ip"] = [.status(503)] }) { server in
            let session = Self.makeSession()
            let (_, first) = try await Self.send(session, server.url("/ip"))
            let (_, second) = try await Self.send(session, server.url("/ip"))
            #expect([first.statusCode, second.statusCode] as [Int] == [503, 200])
        }
    }

    // MARK: Per-request faults and the spec

    @Test func faultSentWithTheRequestAppliesToItAlone() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let session = Self.makeSession()
            let (_, viaHeader) = try await Self.send(
                session,
                server.url("/ip"),
                headers: [LoopbackServer.faultHeaderName: "status:429,retry-after:3"]
            )
            #expect(viaHeader.statusCode == 429)
            #expect(viaHeader.value(forHTTPHeaderField: "Retry-After") == "3")
            let date = Date(timeIntervalSince1970: 784_111_777)
            let url = server.url("/ip", fault: .retryAfter(date: date, status: 503))
            let (_, viaQuery) = try await Self.send(session, url)
            #expect(viaQuery.statusCode == 503)
            #expect(viaQuery.value(forHTTPHeaderField: "Retry-After") == "Sun, 06 Nov 1994 08:49:37 GMT")
            let (_, normal) = try await Self.send(session, server.url("/ip"))
            #expect(normal.statusCode == 200)
        }
        try await Self.serve { server in try await exercise(server) }
    }

    @Test func invalidFaultSpecIsABadRequest() async throws {
        try await Self.serve { server in
            let (data, response) = try await Self.send(
                Self.makeSession(),
                server.url("/ip"),
                headers: [LoopbackServer.faultHeaderName: "explode"]
            )
            #expect(response.statusCode == 400)
            #expect(Self.text(data).contains("explode"))
        }
    }

    @Test func faultSpecRoundTripsThroughItsDescription() {
        let faults: [Fault] = [
            .passThrough,
            .status(503),
            .retryAfter(seconds: 2, status: 429),
            .retryAfter(date: Date(timeIntervalSince1970: 784_111_777)),
            .status(401, headers: ["WWW-Authenticate": "Basic realm=\"x, y\""], body: "{\"error\":\"no\"}"),
            .dropConnection,
            .neverRespond,
            .malformedJSON,
            .hugeBody(bytes: 1000),
            .hugeBody(bytes: 1000, declaresLength: false),
            .slowBody(chunks: 3, interval: .milliseconds(20)),
            .throttledUpload(bytesPerSecond: 65_536, for: .milliseconds(250)),
            .delay(.milliseconds(150)),
            Fault.status(500).delayed(by: .milliseconds(5)).delayed(by: .seconds(1))
        ]
        for fault in faults {
            #expect(Fault(fault.description) == fault, "\(fault)")
        }
        #expect(Fault.retryAfter(seconds: 1).description == "status:503,retry-after:1")
        #expect(Fault.neverRespond.delayed(by: .seconds(1)).description == "delay:1000,never")
        #expect(Fault("retry-after:5") == .retryAfter(seconds: 5))
        #expect(Fault("delay:10") == .delay(.milliseconds(10)))
        let invalidSpecs = [
            "", "explode", "status:abc", "status:99", "drop,never", "drop,retry-after:1", "slow:0:5", "delay:-1",
            "delay:1,throttle-upload:100:10", "throttle-upload:0:10"
        ]
        for invalid in invalidSpecs {
            #expect(Fault(invalid) == nil, "\(invalid)")
        }
    }

    // MARK: Delays, cancellation, dropped connections

    @Test func delayPostponesTheNormalResponse() async throws {
        try await Self.serve { server in
            server.inject(.delay(.milliseconds(150)), at: "/ip")
            let clock = ContinuousClock()
            let start = clock.now
            let (data, response) = try await Self.send(Self.makeSession(), server.url("/ip"))
            #expect(clock.now - start >= .milliseconds(150))
            #expect(response.statusCode == 200)
            #expect(Self.text(data) == "10.0.0.7")
            #expect(server.disconnectionCount() == 0)
        }
    }

    @Test func requestsAfterADelayedResponseOnTheSameSessionStillWork() async throws {
        try await Self.serve { server in
            let session = Self.makeSession()
            server.inject(.cycle([Fault.status(503).delayed(by: .milliseconds(20)), .passThrough]), at: "/ip")
            var statuses: [Int] = []
            for _ in 0..<6 {
                statuses.append(try await Self.send(session, server.url("/ip")).1.statusCode)
            }
            #expect(statuses == [503, 200, 503, 200, 503, 200])
            #expect(server.requestCount(path: "/ip") == 6)
        }
    }

    @Test func serverSeesTheConnectionClosedWhenTheClientCancels() async throws {
        try await Self.serve { server in
            let session = Self.makeSession()
            server.inject(.neverRespond, forID: "cancel-me")
            let task = Task { try await Self.send(session, server.url("/ip", id: "cancel-me")) }
            try await server.waitForRequests(1, id: "cancel-me")
            #expect(server.disconnectionCount(id: "cancel-me") == 0)
            task.cancel()
            let disconnected = try await server.waitForDisconnections(1, id: "cancel-me")
            #expect(disconnected.map(\.path) == ["/ip"])
            if case .failure(let error) = await task.result {
                #expect((error as? URLError)?.code == .cancelled)
            } else {
                Issue.record("The cancelled request succeeded")
            }
        }
    }

    @Test func clientCancellingDuringADelayIsRecordedAndNothingIsSent() async throws {
        try await Self.serve { server in
            let session = Self.makeSession()
            server.inject(Fault.status(500).delayed(by: .seconds(30)), forID: "slow")
            let task = Task { try await Self.send(session, server.url("/ip", id: "slow")) }
            try await server.waitForRequests(1, id: "slow")
            task.cancel()
            try await server.waitForDisconnections(1, id: "slow")
            if case .failure(let error) = await task.result {
                #expect((error as? URLError)?.code == .cancelled)
            } else {
                Issue.record("The cancelled request succeeded")
            }
        }
    }

    @Test func waitingRequestKeepsItsBodyAndSeesTheClientGo() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let session = Self.makeSession()
            server.inject(.neverRespond, forID: "upload")
            let body = Data(repeating: 7, count: 100_000)
            let task = Task {
                try await Self.send(session, server.url("/echo", id: "upload"), method: "POST", body: body)
            }
            let requests = try await server.waitForRequests(1, id: "upload")
            #expect(requests.first?.body == body)
            #expect(requests.first?.fault == .neverRespond)
            task.cancel()
            try await server.waitForDisconnections(1, id: "upload")
            #expect(server.disconnectedRequests(id: "upload").first?.body == body)
        }
        try await Self.serve { server in try await exercise(server) }
    }

    @Test func clientGoingAwayDuringASlowBodyIsRecorded() async throws {
        try await Self.serve { server in
            let session = Self.makeSession()
            // 10 s of body: the cancel lands in it even on a machine busy with the rest of the suite.
            server.inject(.slowBody(chunks: 200, interval: .milliseconds(50)), forID: "slow-body")
            let task = Task { try await Self.send(session, server.url("/products/1", id: "slow-body")) }
            try await server.waitForRequests(1, id: "slow-body")
            task.cancel()
            try await server.waitForDisconnections(1, id: "slow-body")
            let result = await task.result
            #expect(throws: URLError.self) { try result.get() }
        }
    }

    @Test func droppedConnectionFailsWithATransportError() async throws {
        try await Self.serve { server in
            server.inject(.dropConnection, at: "/ip")
            await #expect(throws: URLError.self) {
                _ = try await Self.send(Self.makeSession(), server.url("/ip"))
            }
            // A fresh connection: libcurl re-sends at most once, and only on a reused connection.
            #expect(server.requestCount(path: "/ip") == 1)
            #expect(server.lastRequest(path: "/ip")?.fault == .dropConnection)
            #expect(server.disconnectionCount() == 0)
        }
    }

    @Test func withoutKeepAliveADroppedRequestWithABodyFailsAtOnceAndIsNotResent() async throws {
        try await Self.serve({ $0.keepsConnectionsAlive = false }) { server in
            let session = Self.makeSession()
            let (_, first) = try await Self.send(session, server.url("/ip"))
            #expect(first.value(forHTTPHeaderField: "Connection") == "close")
            server.inject(.dropConnection, at: "/echo")
            // With keep-alive, libcurl re-sends the POST and hangs until the request times out; without
            // it the drop is reported at once — so any error but a timeout (no wall-clock threshold).
            let error = await #expect(throws: URLError.self) {
                _ = try await Self.send(session, server.url("/echo"), method: "POST", body: Data("x".utf8))
            }
            #expect(error?.code != .timedOut)
            #expect(server.requestCount(path: "/echo") == 1)
        }
    }

    @Test func delayedDropClosesTheConnectionAfterTheDelay() async throws {
        try await Self.serve { server in
            let clock = ContinuousClock()
            let start = clock.now
            await #expect(throws: URLError.self) {
                let fault = Fault.dropConnection.delayed(by: .milliseconds(100))
                _ = try await Self.send(Self.makeSession(), server.url("/ip", fault: fault))
            }
            #expect(clock.now - start >= .milliseconds(100))
        }
    }

    // MARK: Bodies

    @Test func malformedJSONFailsToDecode() async throws {
        try await Self.serve { server in
            server.inject(.malformedJSON, at: "/products/1")
            let (data, response) = try await Self.send(Self.makeSession(), server.url("/products/1"))
            #expect(response.statusCode == 200)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Product.self, from: data) }
        }
    }

    @Test(arguments: [true, false])
    func hugeBodyHasExactlyTheRequestedSize(declaresLength: Bool) async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let bytes = 5_000_003
            server.inject(.hugeBody(bytes: bytes, declaresLength: declaresLength), at: "/products/1")
            let (data, response) = try await Self.send(Self.makeSession(), server.url("/products/1"))
            #expect(data.count == bytes)
            #expect(response.value(forHTTPHeaderField: "Content-Length") == (declaresLength ? String(bytes) : nil))
            let padding = try JSONDecoder().decode([String: String].self, from: data)["padding"]
            let paddingCount: Int? = padding?.count
            #expect(paddingCount == bytes - 14)
            let allPadding: Bool? = padding?.allSatisfy { (character: Character) -> Bool in character == "x" }
            #expect(allPadding == true)
        }
        try await Self.serve { server in try await exercise(server) }
    }

    @Test func tinyHugeBodyIsStillExact() async throws {
        try await Self.serve { server in
            let (data, _) = try await Self.send(Self.makeSession(), server.url("/ip", fault: .hugeBody(bytes: 5)))
            #expect(Self.text(data) == "xxxxx")
        }
    }

    @Test func slowBodyArrivesCompleteButLate() async throws {
        try await Self.serve { server in
            server.inject(.slowBody(chunks: 4, interval: .milliseconds(40)), at: "/products/7")
            let clock = ContinuousClock()
            let start = clock.now
            let (data, response) = try await Self.send(Self.makeSession(), server.url("/products/7"))
            #expect(clock.now - start >= .milliseconds(120))
            #expect(response.statusCode == 200)
            #expect(try JSONDecoder().decode(Product.self, from: data) == Product(id: 7, name: "Product 7"))
        }
    }

    /// 200 KB read at 400 KB a second for 250 ms, then at full speed: the upload takes the 250 ms, and
    /// the route sees the whole body.
    @Test func aThrottledUploadArrivesCompleteButLate() async throws {
        try await Self.serve { server in
            server.inject(.throttledUpload(bytesPerSecond: 400_000, for: .milliseconds(250)), at: "/echo")
            let body = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0) })
            let clock = ContinuousClock()
            let start = clock.now
            let (data, response) = try await Self.send(
                Self.makeSession(), server.url("/echo"), method: "PUT", body: body)
            #expect(clock.now - start >= .milliseconds(250))
            #expect(response.statusCode == 200)
            #expect(try JSONDecoder().decode(Echo.self, from: data).bodyBase64 == body.base64EncodedString())
            #expect(server.lastRequest(path: "/echo")?.body == body)
        }
    }

    @Test func requestBodyOverTheLimitIsRejected() async throws {
        try await Self.serve({ $0.maximumRequestBodySize = 1000 }) { server in
            let (_, response) = try await Self.send(
                Self.makeSession(),
                server.url("/echo"),
                method: "POST",
                body: Data(count: 5000)
            )
            #expect(response.statusCode == 413)
        }
    }

    // MARK: Observation

    @Test func waitForRequestsResumesWhenTheCountIsReached() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let session = Self.makeSession()
            async let waited = server.waitForRequests(3, path: "/ip")
            for _ in 0..<3 { _ = try await Self.send(session, server.url("/ip")) }
            let requests = try await waited
            #expect(requests.count == 3)
            #expect(requests.map(\.number) == [1, 2, 3])
            // Already reached: returns at once.
            #expect(try await server.waitForRequests(2, path: "/ip").count == 3)
        }
        try await Self.serve { server in try await exercise(server) }
    }

    @Test func waitForRequestsTimesOutWithTheCountReceived() async throws {
        try await Self.serve { server in
            _ = try await Self.send(Self.makeSession(), server.url("/ip"))
            await #expect(throws: LoopbackServerError.timedOut(waitingFor: 2, received: 1)) {
                try await server.waitForRequests(2, path: "/ip", timeout: .milliseconds(50))
            }
        }
    }

    @Test func waitForRequestsEndsWhenItsTaskIsCancelled() async throws {
        try await Self.serve { server in
            let waiter = Task { try await server.waitForRequests(1, id: "never-sent") }
            waiter.cancel()
            await #expect(throws: CancellationError.self) { try await waiter.value }
        }
    }

    @Test func waitersFailWhenTheServerStops() async throws {
        let server = LoopbackServer()
        try await server.start()
        let waiter = Task { try await server.waitForRequests(1, id: "never-sent") }
        await server.stop()
        await #expect(throws: LoopbackServerError.stopped) { try await waiter.value }
        await #expect(throws: LoopbackServerError.stopped) { try await server.waitForRequests(1) }
    }

    @Test func lastRequestKeepsMethodQueryHeadersAndBody() async throws {
        let request = try await LoopbackServer.withRunning { server -> RecordedRequest? in
            _ = try await Self.send(
                Self.makeSession(),
                server.url("/echo", query: ["a": "1 2"], id: "rec"),
                method: "PUT",
                headers: ["X-Trace": "abc"],
                body: Data("hello".utf8)
            )
            return server.lastRequest(id: "rec")
        }
        let recorded = try #require(request)
        #expect(recorded.method == "PUT")
        #expect(recorded.path == "/echo")
        #expect(recorded.query["a"] == "1 2")
        #expect(recorded.id == "rec")
        #expect(recorded.header("x-trace") == "abc")
        #expect(recorded.headers["x-trace"] == "abc")
        #expect(recorded.bodyText == "hello")
        #expect(recorded.fault == nil)
    }

    // MARK: Concurrency and lifecycle

    /// Sends `total` requests, at most `concurrency` at a time; returns the status codes.
    private static func sendConcurrently(
        to server: LoopbackServer,
        total: Int,
        concurrency: Int
    ) async throws -> [Int] {
        let session = makeSession()
        return try await withThrowingTaskGroup(of: Int.self) { group in
            var started = 0
            var statuses: [Int] = []
            func startNext() {
                let index = started
                started += 1
                group.addTask {
                    let path = index.isMultiple(of: 2) ? "/products/1" : "/ip"
                    return try await send(session, server.url(path, id: "c\(index)")).1.statusCode
                }
            }
            while started < concurrency { startNext() }
            while let status = try await group.next() {
                statuses.append(status)
                if started < total { startNext() }
            }
            return statuses
        }
    }

    @Test func fiftyConcurrentRequestsAreAllAnsweredAndCountedOnce() async throws {
        let total = 300
        // On a thread of its own, as a server in another process would be: what is tested is that it
        // answers and counts each request once, not how soon the pool (shared with every other
        // test) gets to it.
        let (statuses, requests) = try await LoopbackServer.withRunning({ $0.runsOnItsOwnThread = true }) {
            server -> ([Int], [RecordedRequest]) in
            server.inject(.cycle([.passThrough, .status(503), .delay(.milliseconds(2))]), at: "/products/1")
            let statuses = try await Self.sendConcurrently(to: server, total: total, concurrency: 50)
            return (statuses, server.requests())
        }
        #expect(statuses.count == total)
        let unavailable = statuses.filter { $0 == 503 }.count
        #expect(unavailable == 50)
        #expect(requests.count == total)
        let numbers: Set<Int> = Set(requests.map { (request: RecordedRequest) -> Int in request.number })
        let ids: Set<String> = Set(requests.compactMap { (request: RecordedRequest) -> String? in request.id })
        #expect(numbers == Set(1...total))
        #expect(ids.count == total)
    }

    @Test func stopClosesWaitingRequestsAndThePort() async throws {
        let server = LoopbackServer()
        try await server.start()
        #expect(server.isRunning)
        let session = Self.makeSession()
        let url = server.url("/ip", fault: .neverRespond)
        let hanging = Task { try await Self.send(session, url) }
        try await server.waitForRequests(1)
        await server.stop()
        #expect(!server.isRunning)
        await #expect(throws: URLError.self) { _ = try await hanging.value }
        await #expect(throws: URLError.self) { _ = try await Self.send(Self.makeSession(), server.url("/ip")) }
        await server.stop()  // a second stop is harmless
        #expect(server.requestCount() == 1)  // records survive
    }

    @Test func startingTwiceThrows() async throws {
        let server = LoopbackServer()
        try await server.start()
        await #expect(throws: LoopbackServerError.alreadyStarted) { try await server.start() }
        await server.stop()
        await #expect(throws: LoopbackServerError.alreadyStarted) { try await server.start() }
    }

    @Test func withRunningStopsTheServerWhenTheBodyThrows() async throws {
        struct Expected: Error {}
        let escaped = ServerBox()
        await #expect(throws: Expected.self) {
            try await Self.serve { server in
                escaped.server = server
                throw Expected()
            }
        }
        let server = try #require(escaped.server)
        #expect(!server.isRunning)
        await #expect(throws: URLError.self) { _ = try await Self.send(Self.makeSession(), server.url("/ip")) }
    }

    @Test func startFailsWhenThePortIsTaken() async throws {
        try await LoopbackServer.withRunning { first in
            let busyPort = first.port
            await #expect {
                try await Self.serve({ $0.port = busyPort }) { _ in }
            } throws: { error in
                if case .startFailed = error as? LoopbackServerError { return true }
                return false
            }
        }
    }

    @Test func twoServersListenOnDifferentPorts() async throws {
        try await LoopbackServer.withRunning { first in
            try await LoopbackServer.withRunning { second in
                #expect(first.port != second.port)
                #expect(first.baseURL.absoluteString == "http://127.0.0.1:\(first.port)")
            }
        }
    }
}

/// Lets a test keep the server `withRunning` gave it, to check it afterwards.
private final class ServerBox: @unchecked Sendable {
    // @unchecked Sendable: written once inside `withRunning`'s body and read after it returned, in the
    // same task, so the accesses are ordered.
    var server: LoopbackServer?
}
