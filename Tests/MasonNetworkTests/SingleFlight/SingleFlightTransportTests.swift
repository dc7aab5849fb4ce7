import Foundation
import Mason
import MasonNetwork
import MasonTestServer
import MasonTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `SingleFlightTransport` against the real loopback server: identical concurrent GETs share one
/// request; cancellation of one caller spares the others; cancelling every caller closes the
/// connection. Overlap is never left to timing: the shared request is held (at a valve, or by the
/// server never answering) until the test has seen every caller join.
@Suite(.timeLimit(.minutes(5))) struct SingleFlightTransportTests {
    typealias Support = CacheTestSupport

    @Test func twentyConcurrentIdenticalGetsSendOneRequest() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let valve = Support.Valve()
            let transport = Support.HeldTransport(base: Support.network(), valve: valve).singleFlight()
            let request = Support.request(server.url("/products/1"))
            let bodies = try await withThrowingTaskGroup(of: String.self, returning: [String].self) { group in
                for _ in 0..<20 {
                    group.addTask { Support.text(try await transport.send(request)) }
                }
                try await server.waitForRequests(1, path: "/products/1")
                try await transport.waitForCallers(20, sharing: request)
                valve.open()
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(bodies == Array(repeating: #"{"id":1,"name":"Product 1"}"#, count: 20))
            #expect(server.requestCount(path: "/products/1") == 1)
            #expect(transport.callerCount(sharing: request) == 0)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    /// A field that makes a request's answer its own, with a value for it.
    static let ownFields = [
        "Range": "bytes=0-3", "If-None-Match": "\"v1\"", "Cookie": "session=bob", "Proxy-Authorization": "Basic Ym9i"
    ]

    @Test(arguments: ownFields.keys.sorted())
    func aRequestWhoseAnswerIsItsOwnNeverJoinsAFlight(field: String) async throws {
        let valve = Support.Valve()
        let stub = StubTransport { request in
            guard request.value(forHTTPHeaderField: field) == nil else { return .text("own") }
            try await valve.wait()
            return .text("shared")
        }
        let transport = stub.singleFlight()
        let url = NetworkTestSupport.url("https://example.com/file")
        let plain = Support.request(url)
        let own = Support.request(url, headers: [field: Self.ownFields[field] ?? ""])
        let shared = Task { try await transport.send(plain) }
        try await transport.waitForCallers(1, sharing: plain)
        // Had `own` joined the plain flight, it would wait at the valve and get the plain answer.
        guard transport.callerCount(sharing: own) == 0 else {
            Issue.record("\(field): the request would join the plain flight")
            valve.open()
            _ = try await shared.value
            return
        }
        #expect(Support.text(try await transport.send(own)) == "own")
        valve.open()
        #expect(Support.text(try await shared.value) == "shared")
        #expect(stub.requests.count == 2)
    }

    /// Requests that differ in a field outside the cache key (a tenant the answer varies on) each get
    /// their own answer: the flight's `Vary` cannot be read before callers join.
    @Test func requestsDifferingInAnyOtherFieldAreNotShared() async throws {
        let valve = Support.Valve()
        let stub = StubTransport { request in
            try await valve.wait()
            let tenant = request.value(forHTTPHeaderField: "X-Tenant") ?? "none"
            return StubResponse(headers: ["Vary": "X-Tenant"], body: Data("tenant \(tenant)".utf8))
        }
        let transport = stub.singleFlight()
        let url = NetworkTestSupport.url("https://example.com/report")
        let seven = Support.request(url, headers: ["X-Tenant": "7"])
        let eight = Support.request(url, headers: ["X-Tenant": "8"])
        let first = Task { try await transport.send(seven) }
        try await transport.waitForCallers(1, sharing: seven)
        let second = Task { try await transport.send(eight) }
        // Waits for the second caller in a flight: its own, or (were it shared) the first one's.
        try await transport.waitForCallers(1, sharing: eight)
        #expect(transport.callerCount(sharing: seven) == 1)
        #expect(transport.callerCount(sharing: eight) == 1)
        valve.open()
        #expect(Support.text(try await first.value) == "tenant 7")
        #expect(Support.text(try await second.value) == "tenant 8")
        #expect(stub.requests.count == 2)
    }

    /// Requests that differ in their timeout are not shared: before the fix the second caller (30 s)
    /// joined the first one's flight (1 s), and would have failed with its timeout.
    @Test func requestsWithAnotherTimeoutAreNotShared() async throws {
        let valve = Support.Valve()
        let stub = StubTransport { _ in
            try await valve.wait()
            return .text("report")
        }
        let transport = stub.singleFlight()
        let url = NetworkTestSupport.url("https://example.com/report")
        let (short, long) = (Self.request(url, timeout: 1), Self.request(url, timeout: 30))
        let first = Task { try await transport.send(short) }
        try await transport.waitForCallers(1, sharing: short)
        let second = Task { try await transport.send(long) }
        try await transport.waitForCallers(1, sharing: long)
        #expect(transport.callerCount(sharing: short) == 1)
        valve.open()
        _ = try await (first.value, second.value)
        #expect(stub.requests.map(\.timeoutInterval).sorted() == [1, 30])
    }

    /// A request with no timeout (NaN, infinite, zero or negative: documented inputs) finds its own
    /// flight. Before the fix a NaN in the key equalled nothing: the caller was never resumed.
    @Test(arguments: [Double.nan, .infinity, 0, -1])
    func aRequestWithoutATimeoutIsAnswered(timeout: Double) async throws {
        let transport = StubTransport(.text("ok")).singleFlight()
        let request = Self.request(NetworkTestSupport.url("https://example.com/report"), timeout: timeout)
        #expect(Support.text(try await transport.send(request)) == "ok")
    }

    /// A request for `url` with `timeout`; a constant, as a task sends it.
    private static func request(_ url: URL, timeout: TimeInterval) -> URLRequest {
        var request = Support.request(url)
        request.timeoutInterval = timeout
        return request
    }

    /// Fields named as ignored (whatever their case) do not tell requests apart; the others still do.
    @Test func requestsDifferingOnlyInIgnoredFieldsAreShared() async throws {
        let valve = Support.Valve()
        let stub = StubTransport { request in
            try await valve.wait()
            return .text(request.value(forHTTPHeaderField: "X-Request-ID") ?? "none")
        }
        let transport = stub.singleFlight(ignoring: ["x-request-ID"])
        #expect(transport.ignoredFields == ["x-request-id"])
        let url = NetworkTestSupport.url("https://example.com/report")
        let requests = (1...3).map { Support.request(url, headers: ["X-Request-ID": "\($0)"]) }
        let other = Support.request(url, headers: ["X-Request-ID": "4", "X-Tenant": "7"])
        let callers = requests.map { request in Task { try await transport.send(request) } }
        try await transport.waitForCallers(3, sharing: requests[0])
        #expect(transport.callerCount(sharing: other) == 0)
        valve.open()
        var bodies: [String] = []
        for caller in callers { bodies.append(Support.text(try await caller.value)) }
        #expect(Set(bodies).count == 1)
        #expect(stub.requests.count == 1)
    }

    @Test func aGetWithABodyIsNeverShared() async throws {
        let valve = Support.Valve()
        let stub = StubTransport { _ in
            try await valve.wait()
            return .text("answer")
        }
        var request = Support.request(NetworkTestSupport.url("https://example.com/search"))
        request.httpBody = Data("q".utf8)
        let transport = stub.singleFlight()
        let first = Task { [request] in try await transport.send(request) }
        await stub.waitForRequests(count: 1)
        #expect(transport.callerCount(sharing: request) == 0)
        valve.open()
        #expect(Support.text(try await first.value) == "answer")
    }

    @Test func aRequestAfterTheFlightLandedIsSentAgain() async throws {
        try await LoopbackServer.withRunning { server in
            let transport = Support.network().singleFlight()
            let request = Support.request(server.url("/products/2"))
            _ = try await transport.send(request)
            _ = try await transport.send(request)
            #expect(server.requestCount(path: "/products/2") == 2)
        }
    }

    @Test func everyCallerGetsTheSharedErrorStatus() async throws {
        try await LoopbackServer.withRunning { server in
            let valve = Support.Valve()
            let transport = Support.HeldTransport(base: Support.network(), valve: valve).singleFlight()
            let request = Support.request(server.url("/products/3", fault: .status(503)))
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<3 {
                    group.addTask { try await transport.send(request).1.statusCode }
                }
                try await transport.waitForCallers(3, sharing: request)
                valve.open()
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                #expect(statuses == [503, 503, 503])
            }
            #expect(server.requestCount(path: "/products/3") == 1)
        }
    }

    @Test func aConnectionFailureReachesEveryCaller() async throws {
        try await LoopbackServer.withRunning { server in
            let valve = Support.Valve()
            let transport = Support.HeldTransport(base: Support.network(), valve: valve).singleFlight()
            let request = Support.request(server.url("/products/4", fault: .dropConnection))
            let callers = (0..<3).map { _ in
                Task { try await transport.send(request) }
            }
            try await server.waitForRequests(1, path: "/products/4")
            try await transport.waitForCallers(3, sharing: request)
            valve.open()
            var failures: [NetworkRequestError] = []
            for caller in callers {
                if case .failure(let error) = await caller.result { failures.append(NetworkRequestError(error)) }
            }
            #expect(failures.count == 3)
            #expect(failures.allSatisfy { $0 != .canceledByUser })
            #expect(failures.allSatisfy { $0 == failures.first })  // the one shared error
            #expect(server.requestCount(path: "/products/4") == 1)
        }
    }

    @Test func differentKeysAreNotShared() async throws {
        try await LoopbackServer.withRunning { server in
            let valve = Support.Valve()
            let transport = Support.HeldTransport(base: Support.network(), valve: valve).singleFlight()
            let url = server.url("/headers")
            let requests = [
                Support.request(url, headers: ["Authorization": "Bearer alice"]),
                Support.request(url, headers: ["Authorization": "Bearer bob"]),
                Support.request(url, headers: ["Accept": "text/plain"]),
                Support.request(server.url("/products/5"))
            ]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for request in requests {
                    group.addTask { _ = try await transport.send(request) }
                }
                try await server.waitForRequests(4)
                for request in requests {
                    try await transport.waitForCallers(1, sharing: request)
                }
                valve.open()
                try await group.waitForAll()
            }
            #expect(server.requestCount() == 4)
        }
    }

    @Test func postsAreNeverShared() async throws {
        try await LoopbackServer.withRunning { server in
            let valve = Support.Valve()
            let transport = Support.HeldTransport(base: Support.network(), valve: valve).singleFlight()
            var post = Support.request(server.url("/echo"), method: "POST")
            post.httpBody = Data("note".utf8)
            let request = post
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<3 {
                    group.addTask { _ = try await transport.send(request) }
                }
                try await server.waitForRequests(3, path: "/echo")
                #expect(transport.callerCount(sharing: request) == 0)
                valve.open()
                try await group.waitForAll()
            }
            #expect(server.requestCount(path: "/echo") == 3)
        }
    }

    @Test func cancellingOneCallerLeavesTheOthersTheirAnswer() async throws {
        try await LoopbackServer.withRunning { server in
            let valve = Support.Valve()
            let transport = Support.HeldTransport(base: Support.network(), valve: valve).singleFlight()
            let request = Support.request(server.url("/products/6"))
            let callers = (0..<3).map { _ in
                Task { Support.text(try await transport.send(request)) }
            }
            try await server.waitForRequests(1, path: "/products/6")
            try await transport.waitForCallers(3, sharing: request)
            callers[0].cancel()
            // The cancelled caller returns at once, while the shared request is still held.
            let cancelled = await callers[0].result
            #expect(throws: CancellationError.self) { try cancelled.get() }
            #expect(transport.callerCount(sharing: request) == 2)
            valve.open()  // had the shared request been cancelled, the others would now fail
            #expect(try await callers[1].value == #"{"id":6,"name":"Product 6"}"#)
            #expect(try await callers[2].value == #"{"id":6,"name":"Product 6"}"#)
            #expect(server.requestCount(path: "/products/6") == 1)
        }
    }

    @Test func cancellingEveryCallerCancelsTheRequestAndClosesTheConnection() async throws {
        try await LoopbackServer.withRunning { server in
            let transport = Support.network().singleFlight()
            let request = Support.request(server.url("/products/7", id: "shared", fault: .neverRespond))
            let callers = (0..<3).map { _ in
                Task { try await transport.send(request) }
            }
            try await server.waitForRequests(1, id: "shared")
            try await transport.waitForCallers(3, sharing: request)
            for caller in callers { caller.cancel() }
            for caller in callers {
                let result = await caller.result
                #expect(throws: CancellationError.self) { try result.get() }
            }
            try await server.waitForDisconnections(1, id: "shared")
            #expect(server.requestCount(id: "shared") == 1)
            #expect(transport.callerCount(sharing: request) == 0)
        }
    }

    @Test func aCallerJoiningAfterEveryOtherCancelledStartsANewRequest() async throws {
        try await LoopbackServer.withRunning { server in
            let transport = Support.network().singleFlight()
            let url = server.url("/products/8")
            let request = Support.request(url)
            server.inject([.neverRespond], at: "/products/8")
            let abandoned = Task { try await transport.send(request) }
            try await server.waitForRequests(1, path: "/products/8")
            try await transport.waitForCallers(1, sharing: request)
            abandoned.cancel()
            _ = await abandoned.result
            let answer = try await transport.send(request)
            #expect(answer.1.statusCode == 200)
            #expect(server.requestCount(path: "/products/8") == 2)
        }
    }

    @Test func anAlreadyCancelledCallerSendsNothing() async throws {
        try await LoopbackServer.withRunning { server in
            let transport = Support.network().singleFlight()
            let request = Support.request(server.url("/products/9"))
            let caller = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await transport.send(request)
            }
            let result = await caller.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(server.requestCount(path: "/products/9") == 0)
        }
    }

    @Test func waitingForCallersCanBeCancelled() async throws {
        let transport = Support.network().singleFlight()
        let request = Support.request(URL(string: "http://127.0.0.1:9/never")!)
        let waiter = Task { try await transport.waitForCallers(1, sharing: request) }
        waiter.cancel()
        let result = await waiter.result
        #expect(throws: CancellationError.self) { try result.get() }
    }
}
