public import AsyncHTTPClient
public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
public import MasonNetwork
import NIOCore
import NIOPosix

/// A `Transport` on swift-server's async-http-client: MasonNetwork's requests over an `HTTPClient`.
///
/// It behaves as `URLSessionTransport` does, so the two are interchangeable:
///
/// - **Checks first.** `validateRequest(_:)` runs before anything is sent: a header value with CR or LF
///   fails with `NetworkRequestError.invalidHeader(field:)`, and a task cancelled before the request
///   starts sends nothing.
/// - **Every status is returned.** A non-2xx response is a response, not an error; the request functions
///   validate it, as they do for every transport.
/// - **A size limit.** A response body larger than ``maximumBodySize`` (a download larger than
///   ``maximumDownloadSize``) stops the transfer — as soon as `Content-Length` announces it, or as soon
///   as the bytes received pass it — and fails with `NetworkRequestError.bodyTooLarge(limit:)`.
/// - **Timeouts.** The request's `timeoutInterval`, sub-second ones included, bounds each wait — for a
///   connection, for the response head, between two pieces of the body — as an idle timeout, not a
///   deadline for the whole exchange: a long download that keeps arriving is not cut off. A wait that
///   passes it fails with `.failed(description:code: .timedOut)`. With ``TimeoutPolicy/headDeadline``
///   it bounds only the wait for the head, and the client's own read timeout the body.
/// - **Cancellation.** Cancelling the Swift task that awaits ``send(_:)`` closes the request's connection
///   and fails with `NetworkRequestError.canceledByUser`.
///
/// Every error it throws is a `NetworkRequestError`. The client's errors are translated: a cancelled
/// task → `.canceledByUser`; a timeout → `.failed(…, code: .timedOut)`; a refused connection →
/// `.cannotConnectToHost`; a connection the server closed → `.networkConnectionLost`; a host name that
/// does not resolve → `.cannotFindHost`; anything else → `.failed(description:code: nil)`.
/// Unlike URLSession, the client's connection pool retries a connection that fails — refused, or a
/// name that does not resolve — with backoff (its `retryConnectionEstablishment`, on by default), so
/// such a request ends when its timeout passes, with `.timedOut` and `HTTPClientError.connectTimeout`
/// in the description; turn retries off in the client's configuration to get the failure's own code
/// at once.
/// The transport is a `Sendable` value; the `HTTPClient` is shared, not owned (it is not shut down).
///
/// What it costs, measured over loopback against the client's async API used by hand
/// (`Benchmarks/README.md`): one request at a time, 0.89–0.95 of its throughput, much of it the
/// `URLRequest` taken and the status and fields returned; with 16 requests in flight, a median of
/// 0.82. The per-request idle timeout needs the client's delegate API, whose callbacks run on the
/// request's own event loop: a hop whenever the pool hands the request a connection on another loop,
/// which by hand costs that API 3–12 % of the throughput under load. Where throughput matters more
/// than an idle timeout per request, ``TimeoutPolicy/headDeadline`` runs on the async API instead:
/// a median of 0.90 with 16 in flight, the same as the default one at a time.
///
/// ```swift
/// let transport = AsyncHTTPClientTransport(maximumBodySize: 1 << 20)
/// let result = await requestAsync(URLRequest(url: url), transport: transport).value
/// // .success(body), or .failure(.bodyTooLarge(limit: 1048576)) for a 5 MB answer
/// ```
public struct AsyncHTTPClientTransport: Transport {
    /// The client that sends the requests.
    ///
    /// ```swift
    /// AsyncHTTPClientTransport().client === HTTPClient.shared   // true
    /// ```
    public let client: HTTPClient

    /// The largest response body ``send(_:)`` accepts, in bytes, or `nil` for no limit.
    ///
    /// ```swift
    /// AsyncHTTPClientTransport().maximumBodySize   // 67108864
    /// ```
    public let maximumBodySize: Int?

    /// The largest file ``download(_:)`` accepts, in bytes, or `nil` for no limit.
    ///
    /// ```swift
    /// AsyncHTTPClientTransport(maximumDownloadSize: 1 << 30).maximumDownloadSize   // 1073741824
    /// ```
    public let maximumDownloadSize: Int?

    /// What a request's `timeoutInterval` bounds: every wait (``TimeoutPolicy/idle``, the default), or
    /// the wait for the head (``TimeoutPolicy/headDeadline``).
    ///
    /// ```swift
    /// AsyncHTTPClientTransport(timeoutPolicy: .headDeadline).timeoutPolicy   // .headDeadline
    /// ```
    public let timeoutPolicy: TimeoutPolicy

    /// Fails a request that idles longer than its timeout; one for all this transport's requests.
    private let watchdog: IdleWatchdog

    /// Creates a transport sending through `client`.
    ///
    /// ```swift
    /// let transport = AsyncHTTPClientTransport(client: .shared, maximumBodySize: 1 << 20)
    /// let fetch = requestAsync(transport: transport) <&> decodeJsonData
    /// ```
    /// - Parameters:
    ///   - client: The client; `HTTPClient.shared` by default. The transport does not shut it down.
    ///   - maximumBodySize: The largest response body ``send(_:)`` accepts, in bytes, or `nil` for no
    ///     limit; `URLSessionTransport.defaultMaximumBodySize` (64 MiB) by default.
    ///   - maximumDownloadSize: The largest file ``download(_:)`` accepts, in bytes, or `nil` (the
    ///     default) for no limit.
    ///   - timeoutPolicy: What a request's `timeoutInterval` bounds; ``TimeoutPolicy/idle`` (every wait,
    ///     as URLSession) by default.
    public init(
        client: HTTPClient = .shared,
        maximumBodySize: Int? = URLSessionTransport.defaultMaximumBodySize,
        maximumDownloadSize: Int? = nil,
        timeoutPolicy: TimeoutPolicy = .idle
    ) {
        self.client = client
        self.maximumBodySize = maximumBodySize
        self.maximumDownloadSize = maximumDownloadSize
        self.timeoutPolicy = timeoutPolicy
        self.watchdog = IdleWatchdog(on: client.eventLoopGroup.any())
    }

    /// Sends `request` and returns the body and the HTTP response, whatever its status.
    ///
    /// ```swift
    /// let (data, response) = try await AsyncHTTPClientTransport().send(request)
    /// response.statusCode   // 200, or 404: a non-2xx answer is returned too
    /// ```
    /// - Parameter request: The request: method, header fields and body (`httpBody`, or `httpBodyStream`
    ///   read on a thread pool as it is sent) are sent.
    /// - Returns: The body and the response.
    /// - Throws: `NetworkRequestError`: what `validateRequest(_:)` rejects (nothing is sent),
    ///   `.bodyTooLarge(limit:)`, `.canceledByUser`, or `.failed(description:code:)`.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try foundationResponse(try await response(to: request))
    }

    /// Sends `request` and returns the body and the head of the response, whatever its status, without
    /// building an `HTTPURLResponse` (what ``send(_:)`` adds, and what `requestAsync(_:transport:)`
    /// does not need).
    ///
    /// ```swift
    /// let (data, head) = try await AsyncHTTPClientTransport().response(to: request)
    /// head.statusCode   // 200, or 404: a non-2xx answer is returned too
    /// ```
    /// - Parameter request: The request: method, header fields and body (`httpBody`, or `httpBodyStream`
    ///   read on a thread pool as it is sent) are sent.
    /// - Returns: The body and the head of the response.
    /// - Throws: `NetworkRequestError`, as ``send(_:)`` does.
    public func response(to request: URLRequest) async throws -> (Data, ResponseHead) {
        switch timeoutPolicy {
        case .idle: try await exchange(request, limit: maximumBodySize, into: DataSink())
        case .headDeadline: try await exchangeWithHeadDeadline(request)
        }
    }

    /// Downloads the body of the response to `request` into a new temporary file, and returns the file's
    /// URL and the HTTP response, whatever its status. The caller owns the file.
    ///
    /// The body goes to the file piece by piece, never whole into memory; on failure the file is removed.
    ///
    /// ```swift
    /// let (file, response) = try await AsyncHTTPClientTransport(maximumDownloadSize: 1 << 30).download(request)
    /// try FileManager.default.moveItem(at: file, to: destination)
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The URL of the downloaded file and the response.
    /// - Throws: `NetworkRequestError`, as ``send(_:)`` does, with ``maximumDownloadSize`` as the limit.
    public func download(_ request: URLRequest) async throws -> (URL, HTTPURLResponse) {
        let file = temporaryDownloadURL()
        do {
            try createEmptyFile(at: file)
            let handle = try FileHandle(forWritingTo: file)
            let sink = FileSink(handle: handle, threadPool: .singleton)
            let head: ResponseHead
            do {
                (_, head) = try await exchange(request, limit: maximumDownloadSize, into: sink)
            } catch {
                // A failed exchange ends without waiting for a write in progress on the thread pool:
                // the file is closed (and removed) only once that write is over.
                await sink.lastWriteEnded()
                try? handle.close()
                throw error
            }
            try? handle.close()
            return try foundationResponse((file, head))
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw Self.networkError(from: error, taskIsCancelled: Task.isCancelled)
        }
    }

    /// Checks and sends `request`, collects its body into `sink`, and translates any failure.
    ///
    /// The request's timeout is an idle timeout, watched by the transport's ``IdleWatchdog`` from the
    /// start: it fails the client's task when no step of the exchange (the request sent, the head, a
    /// piece of the body) has happened for that long.
    private func exchange<Sink: ResponseBodySink>(
        _ request: URLRequest, limit: Int?, into sink: Sink
    ) async throws(NetworkRequestError) -> (Sink.Output, ResponseHead) {
        let prepared = try checked(request)
        let timeout = Self.timeout(of: prepared)
        let reader = timeout.map { _ in IdleWatchdog.Reader() }
        let collector = ResponseCollector(into: sink, limit: limit, method: prepared.httpMethod) { [watchdog] in
            reader.map(watchdog.touch)
        }
        do {
            let clientRequest = try HTTPClient.Request(prepared)
            let task = client.execute(request: clientRequest, delegate: collector, eventLoop: .indifferent)
            if let reader, let timeout {
                watchdog.watch(reader, timeout: TimeAmount(timeout)) { task.fail(reason: IdleTimeout()) }
            }
            defer { if let reader { watchdog.unwatch(reader) } }
            let collected: ResponseCollector<Sink>.Collected
            do {
                collected = try await withTaskCancellationHandler {
                    try await task.get()
                } onCancel: {
                    task.cancel()
                }
            } catch is IdleTimeout {
                throw collector.timeoutError
            }
            return (collected.output, ResponseHead(collected.head, from: collected.url))
        } catch {
            throw Self.networkError(from: error, taskIsCancelled: Task.isCancelled)
        }
    }

    /// `request` as `validateRequest(_:)` passes it, unless the calling task is already cancelled: what
    /// both exchanges check before anything is sent.
    func checked(_ request: URLRequest) throws(NetworkRequestError) -> URLRequest {
        let prepared = try validateRequest(request).get()
        if Task.isCancelled { throw .canceledByUser }
        return prepared
    }

    /// The request's `timeoutInterval` as a duration, or `nil` when it sets no timeout (zero, negative
    /// or infinite). Capped at 10⁹ seconds so that a deadline counted from now cannot overflow.
    package static func timeout(of request: URLRequest) -> Duration? {
        let interval = request.timeoutInterval
        guard interval > 0, interval.isFinite else { return nil }
        return .nanoseconds(Int64((min(interval, 1e9) * 1e9).rounded(.up)))
    }
}

/// The reason the watchdog fails a request with; replaced by what the request was waiting for.
private struct IdleTimeout: Error {}

// Every request is validated in `exchange`, before it is sent.
extension AsyncHTTPClientTransport: RequestValidatingTransport {}
