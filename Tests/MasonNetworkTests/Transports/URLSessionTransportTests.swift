import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import Testing

/// URLSessionTransport end to end inside URLSession, answered by `StubURLProtocol` (no network).
///
/// A download is a data task writing into the transport's own file, so it runs through the stub too
/// (FoundationNetworking crashes when a custom URLProtocol finishes a `URLSessionDownloadTask`).
@Suite struct URLSessionTransportTests {
    private let transport = URLSessionTransport(
        configuration: StubURLProtocol.configuration(), maximumBodySize: 1000, maximumDownloadSize: 1000)

    private static func request(_ path: String, id: String = UUID().uuidString) -> URLRequest {
        var request = NetworkTestSupport.request("http://stub.test\(path)")
        request.setValue(id, forHTTPHeaderField: "X-Test-ID")
        return request
    }

    @Test func aSuccessfulResponseArrivesWithItsBodyAndStatus() async throws {
        let (data, response) = try await dataTask(Self.request("/status/200"), transport: transport).value.get()
        #expect(response.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "status 200")
    }

    @Test func aNon2xxResponseKeepsItsStatusHeadersAndBody() async {
        let result = await requestAsync(Self.request("/status/503"), transport: transport).value
        guard case .failure(.invalidResponse(let response)) = result else {
            Issue.record("expected invalidResponse, got \(result)")
            return
        }
        #expect(response.status == 503)
        #expect(response.text == "status 503")
        #expect(response.value(forHeader: "x-stub") == "yes")
    }

    @Test func aBodyAnnouncedLargerThanTheLimitFails() async {
        let result = await requestAsync(Self.request("/bytes/5000"), transport: transport).value
        #expect(result == .failure(.bodyTooLarge(limit: 1000)))
    }

    @Test func aBodyGrowingPastTheLimitWithoutContentLengthFails() async {
        let result = await requestAsync(Self.request("/chunks/10/300"), transport: transport).value
        #expect(result == .failure(.bodyTooLarge(limit: 1000)))
    }

    @Test func aBodyUpToTheLimitArrivesWhole() async throws {
        let chunked = try await requestAsync(Self.request("/chunks/3/300"), transport: transport).value.get()
        #expect(chunked.count == 900)
        let announced = try await requestAsync(Self.request("/bytes/1000"), transport: transport).value.get()
        #expect(announced == Data(repeating: 7, count: 1000))
    }

    @Test func aDownloadWritesItsBodyPieceByPieceIntoAFileTheCallerOwns() async throws {
        let (file, response) = try await transport.download(Self.request("/chunks/3/300"))
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(response.statusCode == 200)
        #expect(try Data(contentsOf: file).count == 900)
    }

    @Test func aDownloadGrowingPastItsLimitFailsWithBodyTooLarge() async {
        await #expect(throws: NetworkRequestError.bodyTooLarge(limit: 1000)) {
            try await transport.download(Self.request("/chunks/10/300"))
        }
    }

    @Test func aHeadRequestIsNotJudgedByTheLengthItAnnounces() async throws {
        let request = Self.request("/bytes/5000") |> method(.head)
        let (_, response) = try await dataTask(request, transport: transport).value.get()
        #expect(response.statusCode == 200)
    }

    @Test func noLimitAcceptsLargeBodies() async throws {
        let unlimited = URLSessionTransport(configuration: StubURLProtocol.configuration(), maximumBodySize: nil)
        let data = try await requestAsync(Self.request("/bytes/100000"), transport: unlimited).value.get()
        #expect(data.count == 100_000)
    }

    @Test func aHeaderValueWithCRLFIsRejectedBeforeSending() async {
        let id = UUID().uuidString
        let request = Self.request("/status/200", id: id) |> setHeader("1\r\nX-Injected: yes", for: "X-Trace")
        await #expect(throws: NetworkRequestError.invalidHeader(field: "X-Trace")) {
            try await transport.send(request)
        }
        let result = await requestAsync(request, transport: transport).value
        #expect(result == .failure(.invalidHeader(field: "X-Trace")))
        #expect(!StubURLProtocol.wasSent(id))
    }

    @Test func aHeaderNameWithCRLFSetDirectlyIsRejectedBeforeSending() async {
        let id = UUID().uuidString
        var request = Self.request("/status/200", id: id)
        request.setValue("1", forHTTPHeaderField: "X-Trace\r\nX-Injected")
        let result = await requestAsync(request, transport: transport).value
        #expect(result == .failure(.invalidHeader(field: "X-Trace\r\nX-Injected")))
        #expect(!StubURLProtocol.wasSent(id))
    }

    @Test func headersMethodAndBodyReachTheServer() async throws {
        let request =
            Self.request("/echo")
            |> authorization(.basic(username: "guest", password: "guest"))
            |> post(["name": "Jane"])
        let echo: StubURLProtocol.Echo = try await (requestAsync(transport: transport) <&> decodeJsonData)(request)
            .value.get()
        #expect(echo.method == "POST")
        #expect(echo.headers["Authorization"] == "Basic Z3Vlc3Q6Z3Vlc3Q=")
        #expect(echo.headers["Content-Type"] == "application/json")
        #expect(echo.body == #"{"name":"Jane"}"#)
    }

    @Test func cancellingARunCancelsTheURLTaskAndReportsCanceledByUserOnce() async {
        let id = UUID().uuidString
        let received = Locked<[Result<Data, NetworkRequestError>]>([])
        let request = requestAsync(Self.request("/hang", id: id), transport: transport)
        let first: Result<Data, NetworkRequestError> = await withCheckedContinuation { continuation in
            let run = request.run { result in
                let isFirst = received.withLock { received in
                    received.append(result)
                    return received.count == 1
                }
                if isFirst { continuation.resume(returning: result) }
            }
            Task {
                await StubURLProtocol.waitUntilSent(id)
                run.cancel()
            }
        }
        #expect(first == .failure(.canceledByUser))
        for _ in 0..<20 { await Task.yield() }
        let receivedCount: Int = received.withLock { $0.count }
        #expect(receivedCount == 1)
    }

    @Test func cancellingTheAwaitingTaskStopsTheRequest() async {
        let id = UUID().uuidString
        let task = Task { await requestAsync(Self.request("/hang", id: id), transport: transport).value }
        await StubURLProtocol.waitUntilSent(id)
        task.cancel()
        #expect(await task.value == .failure(.canceledByUser))
    }

    @Test func aTaskCancelledBeforeTheRequestStartsSendsNothing() async {
        let id = UUID().uuidString
        let request = Self.request("/status/200", id: id)
        let transport = self.transport
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await requestAsync(request, transport: transport).value
        }
        #expect(await task.value == .failure(.canceledByUser))
        let direct = Task { () async -> NetworkRequestError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                _ = try await transport.send(request)
                return nil
            } catch {
                return NetworkRequestError(error)
            }
        }
        #expect(await direct.value == .canceledByUser)
        #expect(!StubURLProtocol.wasSent(id))
    }

    @Test func aSubSecondTimeoutDoesNotFireAtOnce() async throws {
        var request = Self.request("/status/200")
        request.timeoutInterval = 0.5
        let clock = ContinuousClock()
        let start = clock.now
        switch await requestAsync(request, transport: transport).value {
        case .success(let data):
            #expect(String(decoding: data, as: UTF8.self) == "status 200")
        case .failure(.failed(_, .timedOut)):
            // A loaded machine (the suite under TSan) may take longer than 0.5 s for the whole
            // exchange; then the timeout must have waited for it, not fired at once.
            #expect(start.duration(to: clock.now) >= .milliseconds(450))
        case .failure(let error):
            Issue.record("expected the answer or a timeout after 0.5 s, got \(error)")
        }
    }

    @Test func aSubSecondTimeoutIsEnforcedByTheTransport() async {
        var request = Self.request("/hang")
        request.timeoutInterval = 0.05
        // No wall-clock assertion (the suite also runs under Thread Sanitizer and on a loaded machine):
        // `/hang` never answers, so reaching `.timedOut` at all is the transport's deadline at work.
        let result = await requestAsync(request, transport: transport).value
        guard case .failure(.failed(_, let code)) = result else {
            Issue.record("expected a timeout, got \(result)")
            return
        }
        #expect(code == .timedOut)
    }

    @Test(arguments: [TimeInterval.infinity, -.infinity, .nan, 0, -1, 1e9 + 1, .greatestFiniteMagnitude])
    func noTimeoutOrAnEndlessOneIsSentAsTheLongestTimeout(timeout: TimeInterval) throws {
        // FoundationNetworking computes `Int(timeoutInterval) * 1000`, which traps for these values.
        let request = URLRequest(
            url: NetworkTestSupport.url("http://stub.test/status/200"), cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: timeout)
        let (prepared, deadline) = try transport.prepare(request)
        #expect(prepared.timeoutInterval == 1e9)
        #expect(deadline == nil)
    }

    @Test func aTimeoutUpToTheLongestIsSentAsGiven() throws {
        for timeout in [1, 30, 1e9] {
            var request = Self.request("/status/200")
            request.timeoutInterval = timeout
            #expect(try transport.prepare(request).0.timeoutInterval == timeout)
        }
    }

    @Test func aResponseThatIsNotHTTPIsNoResponse() async {
        let local = URLSessionTransport(configuration: .ephemeral)
        let result = await requestAsync(NetworkTestSupport.request("data:text/plain,hello"), transport: local).value
        #expect(result == .failure(.noResponse))
    }

    @Test func copiesShareOneSession() {
        let copy = transport
        #expect(copy.session === transport.session)
        #expect(URLSessionTransport.shared.maximumBodySize == URLSessionTransport.defaultMaximumBodySize)
    }
}
