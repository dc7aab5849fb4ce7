import Foundation
import Mason
import MasonNetwork
import MasonTestServer
import MasonTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `RetryingTransport` against the real loopback server, on virtual time (`ManualClock`).
@Suite(.timeLimit(.minutes(5))) struct RetryingTransportTests {
    private let base = URLSessionTransport(configuration: .ephemeral)

    /// The standard policy with a fixed jitter draw, so the waits are known.
    private static func standard(random unit: Double = 0.5) -> HTTPRetryPolicy {
        var policy = HTTPRetryPolicy.standard
        policy.schedule.random = { unit }
        return policy
    }

    private static func request(_ url: URL, method: HTTPMethod = .get) -> URLRequest {
        // 300 s: a timeout under load would add a retry the test neither counts nor wakes.
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 300)
        request.httpMethod = method.rawValue
        return request
    }

    /// Runs the request in a task of its own, so the test can move the clock meanwhile.
    private static func start(
        _ request: URLRequest, through transport: some Transport
    ) -> Task<Result<Data, NetworkRequestError>, Never> {
        Task { await requestAsync(request, transport: transport).value }
    }

    /// Waits for the next backoff sleep and ends it, `times` times.
    private static func wakeSleeps(on clock: ManualClock, times: Int) async throws {
        for _ in 0..<times {
            try await clock.waitForSleepers(count: 1)
            clock.run()
        }
    }

    /// The status of a rejected response, or `nil` for a success or another failure.
    private static func status(of result: Result<Data, NetworkRequestError>) -> HttpStatusCode? {
        guard case .failure(let error) = result else { return nil }
        return error.statusCode
    }

    /// A list of durations, typed (cheap to type-check in comparisons).
    private static func durations(_ values: [Duration]) -> [Duration] { values }

    private static func product(_ id: Int) -> Data {
        Data(#"{"id":\#(id),"name":"Product \#(id)"}"#.utf8)
    }

    @Test func a503ThenA200Succeeds() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            server.inject([.status(503)], forID: "flaky")
            let clock = ManualClock()
            let transport = base.retrying(Self.standard(random: 0.5), clock: clock)
            let task = Self.start(Self.request(server.url("/products/1", id: "flaky")), through: transport)
            try await Self.wakeSleeps(on: clock, times: 1)
            #expect(await task.value == .success(Self.product(1)))
            #expect(server.requestCount(id: "flaky") == 2)
            #expect(clock.sleeps == [.milliseconds(250)])  // half of 0.5 s: full jitter drew 0.5
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func a429WithRetryAfterSevenSecondsWaitsExactlySevenSeconds() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            server.inject([.retryAfter(seconds: 7, status: 429)], forID: "throttled")
            let clock = ManualClock()
            let transport = base.retrying(Self.standard(), clock: clock)
            let task = Self.start(Self.request(server.url("/products/2", id: "throttled")), through: transport)
            try await Self.wakeSleeps(on: clock, times: 1)
            #expect(await task.value == .success(Self.product(2)))
            #expect(clock.sleeps == [.seconds(7)])
            #expect(clock.now.offset == .seconds(7))
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func aRetryAfterDateIsMeasuredFromTheInjectedNow() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            server.inject([.retryAfter(date: now.addingTimeInterval(5))], forID: "dated")
            let clock = ManualClock()
            let transport = base.retrying(Self.standard(), clock: clock, now: { now })
            let task = Self.start(Self.request(server.url("/products/3", id: "dated")), through: transport)
            try await Self.wakeSleeps(on: clock, times: 1)
            #expect(await task.value == .success(Self.product(3)))
            #expect(clock.sleeps == [.seconds(5)])
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    // Before the fix the hour was cut to the 30 s cap and the request sent again, against the
    // server's word (a rate limiter may then lengthen the ban).
    @Test func aRetryAfterLongerThanTheMaximumDelayIsReturnedNotRetriedSooner() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            server.inject([.retryAfter(seconds: 3600)], forID: "patient")
            let clock = ManualClock()
            let transport = base.retrying(Self.standard(), clock: clock)
            let result = await Self.start(Self.request(server.url("/products/4", id: "patient")), through: transport)
                .value
            #expect(Self.status(of: result) == 503)
            #expect(clock.sleeps.isEmpty)
            #expect(server.requestCount(id: "patient") == 1)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func jitteredWaitsFollowTheInjectedRandomSource() async throws {
        try await LoopbackServer.withRunning { server in
            server.inject([.status(500), .status(502), .status(504)], forID: "jitter")
            let clock = ManualClock()
            let transport = base.retrying(Self.standard(random: 0.25), clock: clock)
            let task = Self.start(Self.request(server.url("/products/5", id: "jitter")), through: transport)
            try await Self.wakeSleeps(on: clock, times: 3)
            #expect(await task.value == .success(Self.product(5)))
            #expect(clock.sleeps == Self.durations([.milliseconds(125), .milliseconds(250), .milliseconds(500)]))
        }
    }

    @Test func aPostIsNeverRetried() async throws {
        try await LoopbackServer.withRunning { server in
            server.inject(.status(503), forID: "post")
            let clock = ManualClock()
            let transport = base.retrying(Self.standard(), clock: clock)
            let result = await requestAsync(
                Self.request(server.url("/echo", id: "post"), method: .post), transport: transport
            ).value
            #expect(Self.status(of: result) == 503)
            #expect(server.requestCount(id: "post") == 1)
            #expect(clock.sleeps.isEmpty)
        }
    }

    @Test func aPutIsRetried() async throws {
        try await LoopbackServer.withRunning { server in
            server.inject([.status(503)], forID: "put")
            let clock = ManualClock()
            let transport = base.retrying(Self.standard(), clock: clock)
            let task = Self.start(Self.request(server.url("/echo", id: "put"), method: .put), through: transport)
            try await Self.wakeSleeps(on: clock, times: 1)
            #expect((try? await task.value.get()) != nil)
            #expect(server.requests(id: "put").map(\.method) == ["PUT", "PUT"])
        }
    }

    /// A request whose body is a stream is sent once: the stream was read by the first attempt, and
    /// a second would send nothing or only its rest. (Before, the PUT went twice, and the server took
    /// the second, bodiless, for the upload.)
    @Test func aRequestWithAStreamedBodyIsSentOnce() async throws {
        try await LoopbackServer.withRunning { server in
            server.inject([.status(503)], forID: "upload")
            let clock = ManualClock()
            let transport = base.retrying(Self.standard(), clock: clock)
            var upload = Self.request(server.url("/echo", id: "upload"), method: .put)
            upload.httpBodyStream = InputStream(data: Data(String(repeating: "x", count: 150_000).utf8))
            #expect(!Self.standard().shouldRetry(upload))
            let result = await requestAsync(upload, transport: transport).value
            #expect(Self.status(of: result) == 503, "the first answer, as it came")
            #expect(server.requestCount(id: "upload") == 1)
            #expect(clock.sleeps.isEmpty)
        }
    }

    @Test func aStatusThatIsNotRetryableIsReturnedAtOnce() async throws {
        try await LoopbackServer.withRunning { server in
            server.inject(.status(404), forID: "missing")
            let clock = ManualClock()
            let transport = base.retrying(Self.standard(), clock: clock)
            let result = await requestAsync(
                Self.request(server.url("/products/6", id: "missing")), transport: transport
            ).value
            #expect(Self.status(of: result) == 404)
            #expect(server.requestCount(id: "missing") == 1)
        }
    }

    @Test func whenTheAttemptsRunOutTheLastResponseIsReportedWithItsBody() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let first: [Fault] = [
                .status(503, body: "first"), .status(503, body: "second"), .status(503, body: "third")
            ]
            let last: Fault = .status(503, headers: ["X-Attempt": "last"], body: "busy, try later")
            server.inject(FaultScript.sequence(first, then: last), forID: "down")
            let clock = ManualClock()
            let transport = base.retrying(Self.standard(random: 0.5), clock: clock)
            let task = Self.start(Self.request(server.url("/products/7", id: "down")), through: transport)
            try await Self.wakeSleeps(on: clock, times: 3)
            let result = await task.value
            guard case .failure(.invalidResponse(let response)) = result else {
                Issue.record("expected invalidResponse, got \(result)")
                return
            }
            #expect(response.status == 503)
            #expect(response.text == "busy, try later")
            #expect(response.value(forHeader: "X-Attempt") == "last")
            #expect(server.requestCount(id: "down") == 4)
            #expect(clock.sleeps.count == 3)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func theBudgetStopsRetryingBeforeTheAttemptsRunOut() async throws {
        try await LoopbackServer.withRunning { server in
            server.inject(.status(503), forID: "budget")
            var policy = HTTPRetryPolicy.standard
            policy.schedule = RetryPolicy(retries: 10, backoff: .constant(.seconds(4)), budget: .seconds(10))
            let clock = ManualClock()
            let transport = base.retrying(policy, clock: clock)
            let task = Self.start(Self.request(server.url("/products/8", id: "budget")), through: transport)
            try await Self.wakeSleeps(on: clock, times: 2)  // attempts at 0 s, 4 s, 8 s; 12 s is over budget
            #expect(Self.status(of: await task.value) == 503)
            #expect(server.requestCount(id: "budget") == 3)
            #expect(clock.sleeps == Self.durations([.seconds(4), .seconds(4)]))
        }
    }

    @Test func cancellingDuringTheWaitEndsAtOnceWithoutAnotherRequest() async throws {
        try await LoopbackServer.withRunning { server in
            server.inject(.status(503), forID: "cancel")
            let clock = ManualClock()
            let transport = base.retrying(Self.standard(), clock: clock)
            let task = Self.start(Self.request(server.url("/products/9", id: "cancel")), through: transport)
            try await clock.waitForSleepers(count: 1)
            task.cancel()
            #expect(await task.value == .failure(.canceledByUser))
            #expect(server.requestCount(id: "cancel") == 1)
            #expect(clock.sleepers() == 0)
            #expect(clock.now.offset == .zero)
        }
    }

    @Test func aCancelledRequestInFlightIsNotRetried() async throws {
        try await LoopbackServer.withRunning { server in
            server.inject(.neverRespond, forID: "hang")
            let clock = ManualClock()
            let transport = base.retrying(Self.standard(), clock: clock)
            let task = Self.start(Self.request(server.url("/products/10", id: "hang")), through: transport)
            try await server.waitForRequests(1, id: "hang")
            task.cancel()
            #expect(await task.value == .failure(.canceledByUser))
            #expect(clock.sleeps.isEmpty)
            #expect(server.requestCount(id: "hang") == 1)
        }
    }

    @Test func aDroppedConnectionIsRetriedForAGet() async throws {
        try await LoopbackServer.withRunning({ $0.keepsConnectionsAlive = false }) { server in
            server.inject([.dropConnection], forID: "drop")
            let clock = ManualClock()
            let transport = base.retrying(Self.standard(), clock: clock)
            let task = Self.start(Self.request(server.url("/products/11", id: "drop")), through: transport)
            try await Self.wakeSleeps(on: clock, times: 1)
            #expect(await task.value == .success(Self.product(11)))
            #expect(server.requestCount(id: "drop") == 2)
            #expect(clock.sleeps.count == 1)
        }
    }

    @Test func theAlamofirePresetDoesNotRetry429() async throws {
        try await LoopbackServer.withRunning { server in
            server.inject([.retryAfter(seconds: 1, status: 429)], forID: "af429")
            let clock = ManualClock()
            let transport = base.retrying(.alamofire, clock: clock)
            let result = await requestAsync(Self.request(server.url("/products/12", id: "af429")), transport: transport)
                .value
            #expect(Self.status(of: result) == 429)
            #expect(server.requestCount(id: "af429") == 1)
            #expect(clock.sleeps.isEmpty)
        }
    }

    @Test func theAlamofirePresetIgnoresRetryAfter() async throws {
        try await LoopbackServer.withRunning { server in
            server.inject([.retryAfter(seconds: 7), .retryAfter(seconds: 7)], forID: "af503")
            let clock = ManualClock()
            let transport = base.retrying(.alamofire, clock: clock)
            let task = Self.start(Self.request(server.url("/products/13", id: "af503")), through: transport)
            try await Self.wakeSleeps(on: clock, times: 2)
            #expect(await task.value == .success(Self.product(13)))
            #expect(clock.sleeps == Self.durations([.milliseconds(500), .seconds(1)]))
        }
    }

    @Test func theNeverPresetSendsOnce() async throws {
        try await LoopbackServer.withRunning { server in
            server.inject([.status(503)], forID: "never")
            let clock = ManualClock()
            let transport = base.retrying(.never, clock: clock)
            let result = await requestAsync(Self.request(server.url("/products/14", id: "never")), transport: transport)
                .value
            #expect(Self.status(of: result) == 503)
            #expect(server.requestCount(id: "never") == 1)
        }
    }

    @Test func aDownloadIsRetriedAndKeepsTheLastFileOnly() async throws {
        try await LoopbackServer.withRunning { server in
            server.inject([.status(503)], forID: "download")
            let clock = ManualClock()
            let transport = base.retrying(Self.standard(), clock: clock)
            let request = Self.request(server.url("/products/15", id: "download"))
            let task = Task { await downloadTask(request, transport: transport).value }
            try await Self.wakeSleeps(on: clock, times: 1)
            let (file, response) = try await task.value.get()
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(response.statusCode == 200)
            #expect(try Data(contentsOf: file) == Self.product(15))
            #expect(server.requestCount(id: "download") == 2)
        }
    }
}
