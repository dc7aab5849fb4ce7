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
import NIOCore
import NIOHTTP1
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `AsyncHTTPClientTransport` adds on top of async-http-client: the conversion of requests and
/// responses, timeouts, and the translation of the client's errors. (The behaviour against a real server
/// is in `TransportConformanceTests`.)
@Suite struct AsyncHTTPClientTransportTests {
    private static let url = URL(string: "https://example.com/items?page=2")!

    /// A PATCH with two header fields and a body.
    private static func patchRequest() -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "PATCH"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(#"{"a":1}"#.utf8)
        return request
    }

    @Test func aRequestKeepsItsURLMethodAndBody() throws {
        let converted = try HTTPClient.Request(Self.patchRequest())
        let url: URL = converted.url
        let method: NIOHTTP1.HTTPMethod = converted.method
        #expect(url.absoluteString == "https://example.com/items?page=2")
        #expect(method == NIOHTTP1.HTTPMethod.PATCH)
        #expect(converted.body != nil)
    }

    @Test func aRequestKeepsItsHeaderFields() throws {
        let converted = try HTTPClient.Request(Self.patchRequest())
        let contentType: [String] = converted.headers["Content-Type"]
        let authorization: [String] = converted.headers["Authorization"]
        #expect(contentType == ["application/json"])
        #expect(authorization == ["Bearer t"])
    }

    @Test func aRequestWithoutAMethodOrBodyIsABodilessGET() throws {
        var request = URLRequest(url: Self.url)
        request.httpMethod = nil
        let converted = try HTTPClient.Request(request)
        #expect(converted.method == .GET)
        #expect(converted.body == nil)
    }

    @Test func anUnusualMethodIsSentAsWritten() throws {
        let converted = try HTTPClient.Request(URLRequest(url: Self.url) |> method("PROPFIND"))
        #expect(converted.method.rawValue == "PROPFIND")
    }

    @Test func anAsyncAPIRequestKeepsItsURLMethodHeaderFieldsAndBody() throws {
        let converted = try HTTPClientRequest(Self.patchRequest())
        #expect(converted.url == "https://example.com/items?page=2")
        #expect(converted.method == .PATCH)
        #expect(converted.headers["Content-Type"] == ["application/json"])
        #expect(converted.headers["Authorization"] == ["Bearer t"])
        #expect(converted.body != nil)
    }

    @Test func anAsyncAPIRequestWithoutAMethodOrBodyIsABodilessGETAndOneWithoutAURLIsInvalid() throws {
        var request = URLRequest(url: Self.url)
        request.httpMethod = nil
        let converted = try HTTPClientRequest(request)
        #expect(converted.method == .GET)
        #expect(converted.body == nil)
        request.url = nil
        #expect(throws: NetworkRequestError.invalidRequest) { try HTTPClientRequest(request) }
    }

    @Test func aResponseKeepsItsStatusVersionAndHeadersWithRepeatedFieldsJoined() throws {
        let answer = HTTPResponseHead(
            version: .http1_1, status: .notFound,
            headers: HTTPHeaders([("Content-Type", "text/plain"), ("X-Tag", "a"), ("X-Tag", "b")]))
        let response = try #require(ResponseHead(answer, from: Self.url).httpURLResponse)
        #expect(response.statusCode == 404)
        #expect(response.url == Self.url)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(response.value(forHTTPHeaderField: "X-Tag") == "a, b")
    }

    @Test func aURLTheClientCannotSendToIsRejectedWithItsError() {
        #expect(throws: HTTPClientError.emptyHost) {
            try HTTPClient.Request(URLRequest(url: URL(string: "http:///items")!))
        }
        #expect(throws: HTTPClientError.unsupportedScheme("ftp")) {
            try HTTPClient.Request(URLRequest(url: URL(string: "ftp://example.com/a")!))
        }
    }

    @Test func aShortIdleTimeoutFiresWhileALongerOneIsWatchedOnTheSameTransport() async throws {
        try await LoopbackServer.withRunning { server in
            let transport = AsyncHTTPClientTransport()
            let stalled = Fault.slowBody(chunks: 2, interval: .seconds(30))
            let patient = URLRequest(url: server.url("/products/1", id: "patient", fault: stalled), timeoutInterval: 60)
            let waiting = Task { await requestAsync(patient, transport: transport).value }
            try await server.waitForRequests(1, id: "patient")
            let hasty = URLRequest(url: server.url("/products/2", fault: stalled), timeoutInterval: 0.3)
            let result = await requestAsync(hasty, transport: transport).value
            guard case .failure(.failed(_, let code)) = result else {
                Issue.record("expected a timeout, got \(result)")
                return
            }
            #expect(code == .timedOut)
            waiting.cancel()
            guard case .failure(.canceledByUser) = await waiting.value else {
                Issue.record("expected the patient request to end cancelled")
                return
            }
        }
    }

    /// An upload produced slowly: `pieces` pieces of 16 KiB, each after `pause` seconds — a file on a
    /// slow disk, a body made as it is sent.
    final class SlowStream: InputStream, @unchecked Sendable {
        // @unchecked Sendable: read by one thread at a time (the transport's reader), after the test
        // made it.
        private var left: Int
        private let pause: TimeInterval

        init(pieces: Int, pause: TimeInterval) {
            left = pieces
            self.pause = pause
            super.init(data: Data())
        }

        override var hasBytesAvailable: Bool { left > 0 }

        override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
            guard left > 0 else { return 0 }
            Thread.sleep(forTimeInterval: pause)
            left -= 1
            let count = min(length, 16_384)
            buffer.update(repeating: UInt8(ascii: "s"), count: count)
            return count
        }
    }

    /// What `/echo` answers: the body it received.
    private struct Echo: Decodable { var body: String? }

    /// An upload that keeps going is not cut off by the request's timeout, which bounds each wait:
    /// ten pieces 1 s apart take 10 s, against a timeout of 8 s (7 s to spare for each piece, on a
    /// machine busy with the whole suite). (Before, only the response's steps counted, and the upload
    /// failed after 8 s with a `readTimeout`.) Not under Thread Sanitizer: CI runs the soak test
    /// beside it there (`MASON_SOAK_SANITIZED`), which holds both cores for minutes, and a piece then
    /// waited longer than any fair timeout.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MASON_SOAK_SANITIZED"] != "1", "timing, unfair under TSan"))
    func anUploadThatKeepsGoingOutlastsTheTimeout() async throws {
        try await LoopbackServer.withRunning { server in
            var upload = URLRequest(url: server.url("/echo"), timeoutInterval: 8)
            upload.httpMethod = "PUT"
            upload.httpBodyStream = SlowStream(pieces: 10, pause: 1)
            let (data, response) = try await AsyncHTTPClientTransport(maximumBodySize: nil).send(upload)
            #expect(response.statusCode == 200)
            #expect(try JSONDecoder().decode(Echo.self, from: data).body?.count == 10 * 16_384)
        }
    }

    /// A large `httpBody` sent slower than the timeout is not cut off while it goes out: it is written
    /// in pieces of 64 KiB, each counting as progress. 16 MiB to a server reading 512 KiB a second for
    /// 10 s (then at full speed), against a timeout of 4 s: a piece goes out every eighth of a second,
    /// with room for a machine busy with the whole suite. (Before, async-http-client wrote it in pieces
    /// of 4 MiB; one waited on the wire until the server sped up, 8 s, and the upload failed with a
    /// `readTimeout`.) Not under Thread Sanitizer, for the reason above.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MASON_SOAK_SANITIZED"] != "1", "timing, unfair under TSan"))
    func aLargeBodySentSlowlyOutlastsTheTimeout() async throws {
        let size = 16 * 1024 * 1024
        try await LoopbackServer.withRunning({ $0.maximumRequestBodySize = 2 * size }) { server in
            let url = server.url("/echo", fault: .throttledUpload(bytesPerSecond: 512 * 1024, for: .seconds(10)))
            var upload = URLRequest(url: url, timeoutInterval: 4)
            upload.httpMethod = "PUT"
            upload.httpBody = Data(repeating: UInt8(ascii: "u"), count: size)
            let (data, response) = try await AsyncHTTPClientTransport(maximumBodySize: nil).send(upload)
            #expect(response.statusCode == 200)
            #expect(try JSONDecoder().decode(Echo.self, from: data).body?.count == size)
        }
    }

    /// A streamed body cannot be sent again when a 307 redirect asks for it: the request fails with
    /// `.requestBodyStreamExhausted`, as URLSession's does, rather than send what is left of the stream.
    @Test func aStreamedBodyRedirectedWithA307FailsRatherThanSendWhatIsLeft() async throws {
        try await LoopbackServer.withRunning { server in
            server.inject(.status(307, headers: ["Location": server.url("/echo").absoluteString]), at: "/moved")
            var upload = URLRequest(url: server.url("/moved"), timeoutInterval: 60)
            upload.httpMethod = "PUT"
            upload.httpBodyStream = InputStream(data: Data(String(repeating: "x", count: 150_000).utf8))
            let result = await requestAsync(upload, transport: AsyncHTTPClientTransport(maximumBodySize: nil)).value
            guard case .failure(.failed(_, let code)) = result else {
                Issue.record("expected the stream to be refused, got \(result)")
                return
            }
            #expect(code == .requestBodyStreamExhausted)
        }
    }

    // A body whose pieces come 30 s apart, asked for with a 20 s timeout: an idle timeout cuts it off,
    // a deadline for the head does not (the client's 60 s read timeout bounds the wait between pieces).
    // The head comes at once, but on a machine busy with the whole suite under TSan it has taken more
    // than 10 s: the timeout leaves it 20.
    // The two requests run side by side, so the test takes as long as the slow body.
    @Test func theHeadDeadlinePolicyLetsABodyArriveSlowerThanTheRequestsTimeout() async throws {
        func exercise(_ server: LoopbackServer, _ client: HTTPClient) async throws {
            let request = URLRequest(
                url: server.url("/products/1", fault: .slowBody(chunks: 2, interval: .seconds(30))),
                timeoutInterval: 20)
            async let idling = requestAsync(request, transport: AsyncHTTPClientTransport(client: client)).value
            let headDeadline = await requestAsync(
                request, transport: AsyncHTTPClientTransport(client: client, timeoutPolicy: .headDeadline)
            ).value
            let idle = await idling
            guard case .failure(.failed(_, let code)) = idle else {
                Issue.record("expected the idle timeout to fire, got \(idle)")
                return
            }
            #expect(code == .timedOut)
            let body = try headDeadline.get()
            #expect(!body.isEmpty)
        }
        var configuration = HTTPClient.Configuration()
        configuration.timeout.read = .seconds(60)
        try await HTTPClient.withHTTPClient(configuration: configuration) { client in
            try await LoopbackServer.withRunning { server in
                try await exercise(server, client)
            }
        }
    }

    // The shared client's pool retries a refused connection until the request's timeout; what the
    // request then waited for is named in the description: a connection, never sent.
    @Test func aClosedPortRetriedUntilTheTimeoutFailsWithTimedOutWaitingForAConnection() async throws {
        let port = try await LoopbackServer.withRunning { server in server.port }
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/ip"))
        let result = await requestAsync(
            URLRequest(url: url, timeoutInterval: 0.3), transport: AsyncHTTPClientTransport()
        ).value
        #expect(
            result
                == .failure(.failed(description: String(describing: HTTPClientError.connectTimeout), code: .timedOut)))
    }

    @Test func theTimeoutIsTheRequestsTimeoutIntervalSubSecondIncluded() {
        #expect(
            AsyncHTTPClientTransport.timeout(of: URLRequest(url: Self.url, timeoutInterval: 0.25)) == .milliseconds(250)
        )
        #expect(AsyncHTTPClientTransport.timeout(of: URLRequest(url: Self.url, timeoutInterval: 30)) == .seconds(30))
        #expect(AsyncHTTPClientTransport.timeout(of: URLRequest(url: Self.url, timeoutInterval: 0)) == nil)
        #expect(AsyncHTTPClientTransport.timeout(of: URLRequest(url: Self.url, timeoutInterval: .infinity)) == nil)
    }

    @Test(arguments: [TimeInterval.infinity, .nan, 0, -1, 0.25, 30, 1e9, 2e9, .greatestFiniteMagnitude])
    func bothTransportsReadATimeoutAlike(timeout: TimeInterval) throws {
        let request = URLRequest(url: Self.url, timeoutInterval: timeout)
        let (prepared, deadline) = try URLSessionTransport(configuration: .ephemeral).prepare(request)
        // FoundationNetworking traps on a timeout it cannot turn into whole milliseconds.
        try #require((0...1e9).contains(prepared.timeoutInterval), "URLSession is handed \(prepared.timeoutInterval)")
        // URLSession gets no timeout as the longest one, and a sub-second one as a deadline of its own.
        let urlSession = deadline ?? .seconds(prepared.timeoutInterval)
        let asyncHTTPClient =
            AsyncHTTPClientTransport.timeout(of: request) ?? .seconds(URLSessionTransport.longestTimeout)
        #expect(urlSession == asyncHTTPClient)
    }

    @Test func theDefaultsAreTheSharedClientAndURLSessionTransportsLimits() {
        let transport = AsyncHTTPClientTransport()
        #expect(transport.client === HTTPClient.shared)
        #expect(transport.maximumBodySize == URLSessionTransport.defaultMaximumBodySize)
        #expect(transport.maximumDownloadSize == nil)
        #expect(transport.timeoutPolicy == .idle)
    }

    // MARK: Errors

    private static func translated(_ error: any Error, cancelled: Bool = false) -> NetworkRequestError {
        AsyncHTTPClientTransport.networkError(from: error, taskIsCancelled: cancelled)
    }

    @Test func cancellationsBecomeCanceledByUser() {
        #expect(Self.translated(CancellationError()) == .canceledByUser)
        #expect(Self.translated(HTTPClientError.cancelled) == .canceledByUser)
        // A request cancelled while it waits for a connection fails with the last connection error.
        #expect(
            Self.translated(IOError(errnoCode: ECONNREFUSED, reason: "connect"), cancelled: true) == .canceledByUser)
    }

    @Test func timeoutsBecomeTimedOut() {
        for error in [HTTPClientError.deadlineExceeded, .readTimeout, .connectTimeout] {
            #expect(Self.translated(error) == .failed(description: String(describing: error), code: .timedOut))
        }
        #expect(AsyncHTTPClientTransport.urlErrorCode(for: ChannelError.connectTimeout(.seconds(1))) == .timedOut)
    }

    @Test func connectionFailuresKeepTheirURLErrorCodes() {
        #expect(
            AsyncHTTPClientTransport.urlErrorCode(for: IOError(errnoCode: ECONNREFUSED, reason: "connect"))
                == .cannotConnectToHost)
        #expect(
            AsyncHTTPClientTransport.urlErrorCode(for: IOError(errnoCode: ECONNRESET, reason: "read"))
                == .networkConnectionLost)
        #expect(
            AsyncHTTPClientTransport.urlErrorCode(for: HTTPClientError.remoteConnectionClosed) == .networkConnectionLost
        )
        #expect(AsyncHTTPClientTransport.urlErrorCode(for: ChannelError.eof) == .networkConnectionLost)
    }

    /// The codes URLSession gives for the same failures: the two transports are handled alike.
    @Test func redirectAndURLFailuresGetURLSessionsCodes() {
        func code(_ error: HTTPClientError) -> URLError.Code? {
            AsyncHTTPClientTransport.urlErrorCode(for: error)
        }
        #expect(code(.redirectCycleDetected) == .httpTooManyRedirects)
        #expect(code(.redirectLimitReached) == .httpTooManyRedirects)
        #expect(code(.unsupportedScheme("ftp")) == .unsupportedURL)
        #expect(code(.emptyHost) == .unsupportedURL)
        #expect(code(.emptyScheme) == .unsupportedURL)
        #expect(code(.invalidURL) == .unsupportedURL)
        #expect(code(.bodyLengthMismatch) == nil)
    }

    // `.invalid` is reserved (RFC 6761): no name under it resolves, so the lookup's own error is real.
    @Test func aNameThatDoesNotResolveBecomesCannotFindHost() {
        let lookupError = #expect(throws: SocketAddressError.UnknownHost.self) {
            try SocketAddress.makeAddressResolvingHost("mason-transport.invalid", port: 80)
        }
        #expect(lookupError.map { AsyncHTTPClientTransport.urlErrorCode(for: $0) } == .cannotFindHost)
        #expect(AsyncHTTPClientTransport.urlErrorCode(for: SocketAddressError.unsupported) == nil)
    }

    @Test func aConnectionErrorWrappedInAnotherErrorIsFound() {
        struct Attempt { let error: any Error }
        struct Wrapper: Error { let host = "127.0.0.1"; let attempts: [Attempt] }
        let wrapped = Wrapper(attempts: [Attempt(error: IOError(errnoCode: ECONNREFUSED, reason: "connect"))])
        #expect(AsyncHTTPClientTransport.urlErrorCode(for: wrapped) == .cannotConnectToHost)
    }

    @Test func otherErrorsFailWithTheirDescriptionAndNoCode() {
        struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
        #expect(Self.translated(Odd()) == .failed(description: "odd", code: nil))
        #expect(
            Self.translated(HTTPClientError.bodyLengthMismatch)
                == .failed(description: "HTTPClientError.bodyLengthMismatch", code: nil)
        )
        #expect(Self.translated(NetworkRequestError.bodyTooLarge(limit: 3)) == .bodyTooLarge(limit: 3))
    }
}
