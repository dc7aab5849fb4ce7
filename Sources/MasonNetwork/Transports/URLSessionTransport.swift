public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The default ``Transport``: URLSession, on Apple platforms and on Linux (FoundationNetworking).
///
/// What it adds to a plain `URLSession`:
///
/// - **Cancellation.** Cancelling the Swift task that awaits ``send(_:)`` cancels the URL task
///   (`withTaskCancellationHandler`); the request functions report it as
///   ``NetworkRequestError/canceledByUser`` (on Linux the URL task fails with `URLError(.cancelled)`,
///   -999, which is translated). A task cancelled before the request starts sends nothing.
/// - **A size limit.** A response body larger than ``maximumBodySize`` (a download larger than
///   ``maximumDownloadSize``) stops the transfer — as soon as `Content-Length` announces it, or as soon
///   as the bytes received pass it — and fails with ``NetworkRequestError/bodyTooLarge(limit:)``.
/// - **Header checks.** ``validateRequest(_:)`` runs before anything is sent: a header value with CR
///   or LF, or a name that is not a token, fails with ``NetworkRequestError/invalidHeader(field:)``.
///   So does every request through a transport whose configuration's `httpAdditionalHeaders` holds
///   such a field.
/// - **Sub-second timeouts.** FoundationNetworking on Linux fires a `timeoutInterval` below one second
///   at once. The transport sends such a request with a one-second timeout and enforces the shorter
///   one itself, as a deadline on the whole exchange: when it passes, the URL task is cancelled and the
///   request fails with `.failed(description:code: .timedOut)`. Timeouts of a second or more are left
///   to URLSession (where they bound the wait between packets, not the whole exchange), however the
///   request was given one: FoundationNetworking ignores the timeout of
///   `URLRequest(url:cachePolicy:timeoutInterval:)` unless it is set again, which the transport does.
///   A timeout that is zero, negative, NaN or infinite means none, and one longer than 10⁹ seconds is
///   capped there, as on `AsyncHTTPClientTransport`.
/// - **Cancellation never blocks.** The URL task is cancelled from another queue: on Linux
///   `URLSessionTask.cancel()` waits for the session's work queue, and a cancellation handler that
///   waited there could deadlock with a callback resuming the same Swift task.
/// - **Streamed bodies.** On Linux FoundationNetworking sends an `httpBodyStream` chunked, and would
///   keep a `Content-Length` the request declares beside it (a request servers reject): the transport
///   drops that field for such a request.
/// - **Credentials stay with their origin.** A redirect to another scheme, host or port is followed
///   without the request's `Authorization`, `Proxy-Authorization`, `Cookie` and `Origin` fields, as
///   `AsyncHTTPClientTransport` follows it (FoundationNetworking keeps every field on a redirect).
/// - **Every status is returned**, a 401 included. On Linux, FoundationNetworking turns a 401 with a
///   `WWW-Authenticate` field into an authentication challenge and, with no stored credential to
///   answer it, never finishes the task; the transport answers the challenge itself and returns the
///   401 with its fields and body, as on Apple platforms.
///
/// The transport owns its `URLSession`, made from a configuration, because the size limit needs the
/// session's delegate; the session is invalidated when the last copy of the transport is released.
/// On Linux the delegate's callbacks run on the session's own work queue, not one hop each to an
/// `OperationQueue`: a delegate session then costs what `URLSession.data(for:)` does.
/// The transport is a `Sendable` value; copies share the session.
///
/// ```swift
/// let transport = URLSessionTransport(configuration: .ephemeral, maximumBodySize: 1 << 20)
/// let result = await requestAsync(URLRequest(url: url), transport: transport).value
/// // .failure(.bodyTooLarge(limit: 1048576)) for a 5 MB answer
/// ```
public struct URLSessionTransport: Transport {
    /// The transport the request functions use when none is given: the default configuration and a
    /// body limit of ``defaultMaximumBodySize``.
    ///
    /// ```swift
    /// requestAsyncR(request)   // sends through URLSessionTransport.shared
    /// ```
    public static let shared = URLSessionTransport()

    /// The default limit for a response body held in memory: 64 MiB.
    ///
    /// ```swift
    /// URLSessionTransport.defaultMaximumBodySize   // 67108864
    /// ```
    public static let defaultMaximumBodySize = 64 * 1024 * 1024

    /// The largest response body ``send(_:)`` accepts, in bytes, or `nil` for no limit.
    public let maximumBodySize: Int?

    /// The largest file ``download(_:)`` accepts, in bytes, or `nil` for no limit.
    public let maximumDownloadSize: Int?

    private let connection: SessionConnection

    /// Why every request must fail before it is sent: a header of the configuration that would inject
    /// header lines (see ``init(configuration:maximumBodySize:maximumDownloadSize:)``), or `nil`.
    private let configurationFailure: NetworkRequestError?

    /// Creates a transport with its own session.
    ///
    /// ```swift
    /// let configuration = URLSessionConfiguration.ephemeral
    /// configuration.httpAdditionalHeaders = ["User-Agent": "mason"]
    /// let transport = URLSessionTransport(configuration: configuration, maximumBodySize: 1 << 20)
    /// ```
    /// - Parameters:
    ///   - configuration: The session's configuration; `.default` by default. If a field of its
    ///     `httpAdditionalHeaders` holds CR, LF or NUL in its value, or its name is not a token (it
    ///     would inject header lines into every request), every request fails with
    ///     ``NetworkRequestError/invalidHeader(field:)`` naming it, and nothing is sent.
    ///   - maximumBodySize: The largest response body ``send(_:)`` accepts, in bytes, or `nil` for no
    ///     limit; ``defaultMaximumBodySize`` by default.
    ///   - maximumDownloadSize: The largest file ``download(_:)`` accepts, in bytes, or `nil` (the
    ///     default) for no limit.
    public init(
        configuration: URLSessionConfiguration = .default,
        maximumBodySize: Int? = URLSessionTransport.defaultMaximumBodySize,
        maximumDownloadSize: Int? = nil
    ) {
        self.maximumBodySize = maximumBodySize
        self.maximumDownloadSize = maximumDownloadSize
        self.configurationFailure = Self.unsafeHeaderField(in: configuration).map { .invalidHeader(field: $0) }
        self.connection = SessionConnection(configuration: configuration)
    }

    /// The first field by name of the configuration's `httpAdditionalHeaders` whose value holds a
    /// control character (CR, LF, NUL…) or whose name is not a token, or `nil`. URLSession adds those fields to every request
    /// after ``validateRequest(_:)`` has looked at it, so they are checked here, once.
    static func unsafeHeaderField(in configuration: URLSessionConfiguration) -> String? {
        guard let fields = configuration.httpAdditionalHeaders else { return nil }
        return
            fields
            .map { (name: String(describing: $0.key.base), value: String(describing: $0.value)) }
            .filter { !isToken($0.name) || containsControlCharacter($0.value) }
            .map(\.name)
            .min()
    }

    /// The session the transport sends with.
    ///
    /// ```swift
    /// transport.session.configuration.timeoutIntervalForRequest   // 60
    /// ```
    public var session: URLSession { connection.session }

    /// Sends `request` with a data task and returns the body and the HTTP response, whatever its status.
    ///
    /// ```swift
    /// let (data, response) = try await URLSessionTransport.shared.send(request)
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The body and the response.
    /// - Throws: ``NetworkRequestError``: what ``validateRequest(_:)`` rejects (nothing is sent),
    ///   ``NetworkRequestError/bodyTooLarge(limit:)``, ``NetworkRequestError/noResponse`` for a
    ///   response that is not HTTP, ``NetworkRequestError/canceledByUser``, or
    ///   ``NetworkRequestError/failed(description:code:)``.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (prepared, deadline) = try prepare(request)
        let task = session.dataTask(with: prepared)
        let finished = try await connection.run(task, limit: maximumBodySize, deadline: deadline).get()
        guard let response = finished.response as? HTTPURLResponse else { throw NetworkRequestError.noResponse }
        return (finished.body, response)
    }

    /// Downloads the body of the response to `request` into a new temporary file, and returns the file's
    /// URL and the HTTP response, whatever its status. The caller owns the file.
    ///
    /// The body goes to the file piece by piece as it arrives, never whole into memory. A download that
    /// fails — over ``maximumDownloadSize``, cut short, timed out, cancelled — leaves no file behind.
    ///
    /// ```swift
    /// let (file, response) = try await URLSessionTransport.shared.download(request)
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The URL of the downloaded file and the response.
    /// - Throws: ``NetworkRequestError``, as ``send(_:)`` does, with ``maximumDownloadSize`` as the limit.
    public func download(_ request: URLRequest) async throws -> (URL, HTTPURLResponse) {
        let (prepared, deadline) = try prepare(request)
        // A data task writing into a file of the transport's own, not a download task: see SessionDelegate.
        let file = temporaryDownloadURL()
        let handle: FileHandle
        do {
            try createEmptyFile(at: file)
            handle = try FileHandle(forWritingTo: file)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw NetworkRequestError(error)
        }
        let task = session.dataTask(with: prepared)
        let outcome = await connection.run(task, limit: maximumDownloadSize, deadline: deadline, writingTo: handle)
        do {
            try handle.close()
            guard let response = try outcome.get().response as? HTTPURLResponse else {
                throw NetworkRequestError.noResponse
            }
            return (file, response)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw (error as? NetworkRequestError) ?? NetworkRequestError(error)
        }
    }

    /// The request to hand to URLSession, and the deadline to enforce for a sub-second timeout.
    ///
    /// A timeout that is zero, negative, NaN or infinite means no timeout, and a longer one is capped, as
    /// `AsyncHTTPClientTransport.timeout(of:)` has it: both become `longestTimeout`. FoundationNetworking
    /// turns a request's timeout into milliseconds with `Int(timeout) * 1000`, which traps for those.
    package func prepare(_ request: URLRequest) throws(NetworkRequestError) -> (URLRequest, Duration?) {
        if let configurationFailure { throw configurationFailure }
        var prepared = try validateRequest(request).get()
        #if canImport(FoundationNetworking)
        // FoundationNetworking sends a body stream chunked, and keeps a `Content-Length` the request
        // declares: a request with both, which servers reject (400) as RFC 9112 §6.1 asks.
        if prepared.httpBodyStream != nil { prepared.setValue(nil, forHTTPHeaderField: "Content-Length") }
        #endif
        let asked = prepared.timeoutInterval
        let timeout = asked > 0 ? min(asked, Self.longestTimeout) : Self.longestTimeout
        guard timeout < 1 else {
            // FoundationNetworking reads a request's timeout only once its setter has run; the one given
            // to `URLRequest(url:cachePolicy:timeoutInterval:)` it ignores for the session's own. Set
            // again, it counts. The default (60 s) is left alone, so that a request that chose no
            // timeout gets the configuration's `timeoutIntervalForRequest`.
            if timeout != Self.defaultRequestTimeout { prepared.timeoutInterval = timeout }
            return (prepared, nil)
        }
        prepared.timeoutInterval = 1
        return (prepared, .milliseconds(Int64((timeout * 1000).rounded(.up))))
    }

    /// The timeout of a `URLRequest` made without one: 60 s.
    static let defaultRequestTimeout = URLRequest(url: URL(fileURLWithPath: "/")).timeoutInterval

    /// The longest timeout the transport hands to URLSession, 10⁹ s (about 32 years): what a request
    /// with no timeout (zero, negative, NaN or infinite) or a longer one gets.
    ///
    /// ```swift
    /// URLSessionTransport.longestTimeout   // 1e9
    /// ```
    package static let longestTimeout: TimeInterval = 1e9
}

// Every request is validated in `prepare`, before it is sent.
extension URLSessionTransport: RequestValidatingTransport {}
