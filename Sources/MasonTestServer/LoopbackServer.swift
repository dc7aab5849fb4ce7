import Mason
public import Foundation
import Hummingbird
public import Logging
import NIOCore
import ServiceLifecycle

/// A real HTTP/1.1 server on 127.0.0.1 (a random port) for network tests, with fault injection and a
/// record of every request it receives.
///
/// It serves small versions of the seeds' APIs (the routes below), can misbehave on demand (``Fault``,
/// ``FaultScript``), records what it receives (``RecordedRequest``), and lets tests wait for requests
/// and for clients going away without sleeping. Built on Hummingbird 2.
///
/// Routes:
/// - `GET /?name=X` → `{"age":48,"count":1,"name":"X"}` (agify; 422 without `name`)
/// - `GET /ip?format=json` → `{"ip":"10.0.0.7"}` (ipify; plain text without `format=json`)
/// - `GET /ipinfo/{ip}/geo` → `{"city":"Lund","ip":"{ip}"}`
/// - `GET /products/{id}` → `{"id":{id},"name":"Product {id}"}` (`id` is a number when it is one)
/// - `GET|POST|PUT|PATCH|DELETE /echo` → the method, path, query, headers and body (`body` as text,
///   `null` when not UTF-8; `bodyBase64` always) as JSON
/// - `GET /headers` → the request headers as a JSON object (names lowercased)
/// - `GET /secure` → `{"authorized":true,"token":"<token>"}` for `Authorization: Bearer <token>` with the
///   token set by ``acceptToken(_:)``; 401 with `WWW-Authenticate: Bearer` otherwise
///
/// Every JSON body has sorted keys. Tag a request with a test-chosen id (header ``idHeaderName`` or query
/// item ``idQueryName``) to give it its own ``FaultScript`` and counts, so concurrent tests do not interfere.
///
/// ```swift
/// try await LoopbackServer.withRunning { server in
///     server.inject([.retryAfter(seconds: 1)], forID: "t1")
///     let url = server.url("/products/1", id: "t1")
///     let (_, first) = try await URLSession.shared.data(from: url)    // 503, Retry-After: 1
///     let (data, second) = try await URLSession.shared.data(from: url) // 200 {"id":1,"name":"Product 1"}
///     server.requestCount(id: "t1")                                   // 2
/// }
/// ```
///
/// `LoopbackServer` is `Sendable`; every method may be called from any task. A server starts once and
/// stops once; after ``stop()`` its records stay readable.
public final class LoopbackServer: Sendable {
    /// Settings for a ``LoopbackServer``, fixed when it is created.
    ///
    /// ```swift
    /// try await LoopbackServer.withRunning({ $0.faults["/ip"] = [.status(503)] }) { server in
    ///     // the first GET /ip gets 503
    /// }
    /// ```
    public struct Configuration: Sendable {
        /// The port to listen on; 0 (the default) picks a free one.
        ///
        /// ```swift
        /// try await LoopbackServer.withRunning({ $0.port = 8089 }) { server in server.port }   // 8089
        /// ```
        public var port: Int = 0

        /// Fault scripts by path, in place from the first request (`inject(_:at:)` changes them later).
        ///
        /// ```swift
        /// configuration.faults["/products/1"] = [.status(503), .status(503)]
        /// ```
        public var faults: [String: FaultScript] = [:]

        /// The largest request body the server reads, in bytes (default 16 MiB); larger ones get 413.
        ///
        /// ```swift
        /// configuration.maximumRequestBodySize = 1_000   // POST /echo with 5,000 bytes → 413
        /// ```
        public var maximumRequestBodySize: Int = 16 * 1024 * 1024

        /// Whether connections stay open between requests (the default).
        ///
        /// When `false` every response carries `Connection: close`, so clients never reuse a connection.
        /// Turn it off when a test drops connections under URLSession on Linux: libcurl silently re-sends
        /// a request whose reused connection was closed without a response, and for a request with a
        /// body (POST, PUT) that re-send stalls until the request times out (measured: 60 s with the
        /// default timeout).
        ///
        /// ```swift
        /// try await LoopbackServer.withRunning({ $0.keepsConnectionsAlive = false }) { server in
        ///     server.inject(.cycle([.dropConnection, .passThrough]), at: "/echo")
        ///     // every response says Connection: close; a drop is never silently re-sent
        /// }
        /// ```
        public var keepsConnectionsAlive = true

        /// How long ``LoopbackServer/stop()`` lets responses in progress finish before cancelling them
        /// (default 300 s). Waiting faults (``Fault/neverRespond``, delays) end at once regardless.
        ///
        /// The cancellation is a last resort, not a routine path: cancelling the server while a
        /// connection it accepted still waits to be served traps in SwiftNIO ("Deinited NIOAsyncWriter
        /// without calling finish()", apple/swift-nio#3481). A stop takes milliseconds alone and 1–2 s
        /// with the whole suite running, but a pool starved by a sanitized suite kept the accept loop
        /// from running for over 5 s (the old default) and crashed the run; so the default is long.
        ///
        /// ```swift
        /// configuration.shutdownTimeout = .seconds(10)
        /// ```
        public var shutdownTimeout: Duration = .seconds(300)

        /// Whether the server runs on a thread of its own instead of Swift's cooperative pool (default
        /// `false`). Turn it on for a test that blocks the pool's threads while it waits for the server
        /// (sixteen `requestSync(…).unsafeRun()` from a task group), as a server in another process
        /// would not need them.
        ///
        /// ```swift
        /// try await LoopbackServer.withRunning({ $0.runsOnItsOwnThread = true }) { server in … }
        /// ```
        public var runsOnItsOwnThread = false

        /// The logger for the server and its service group; at `.error` by default, so tests stay quiet.
        ///
        /// ```swift
        /// configuration.logger.logLevel = .debug   // to see Hummingbird's request logs
        /// ```
        public var logger: Logger = {
            var logger = Logger(label: "MasonTesting.LoopbackServer")
            logger.logLevel = .error
            return logger
        }()

        /// The default configuration: a random port, no faults, a quiet logger.
        ///
        /// ```swift
        /// var configuration = LoopbackServer.Configuration()
        /// configuration.faults["/ip"] = .always(.status(500))
        /// let server = LoopbackServer(configuration: configuration)
        /// ```
        public init() {}
    }

    /// The request header that carries a test-chosen id: `X-Loopback-ID`.
    ///
    /// ```swift
    /// request.setValue("t1", forHTTPHeaderField: LoopbackServer.idHeaderName)
    /// ```
    public static let idHeaderName = "X-Loopback-ID"

    /// The query item that carries a test-chosen id: `loopback-id`.
    ///
    /// ```swift
    /// server.url("/ip", id: "t1")   // http://127.0.0.1:PORT/ip?loopback-id=t1
    /// ```
    public static let idQueryName = "loopback-id"

    /// The request header that carries a fault spec for this request alone: `X-Loopback-Fault`.
    ///
    /// ```swift
    /// request.setValue("status:429,retry-after:2", forHTTPHeaderField: LoopbackServer.faultHeaderName)
    /// ```
    public static let faultHeaderName = "X-Loopback-Fault"

    /// The query item that carries a fault spec for this request alone: `loopback-fault`.
    ///
    /// ```swift
    /// server.url("/ip", fault: .dropConnection)   // http://127.0.0.1:PORT/ip?loopback-fault=drop
    /// ```
    public static let faultQueryName = "loopback-fault"

    private enum Phase {
        case idle
        case starting(CheckedContinuation<Int, any Error>)
        case running(port: Int)
        case stopped
    }

    private struct Lifecycle {
        var phase = Phase.idle
        var group: ServiceGroup?
        var task: Task<Void, Never>?
        var lastPort: Int?
    }

    /// The configuration the server was created with.
    ///
    /// ```swift
    /// LoopbackServer().configuration.port   // 0
    /// ```
    public let configuration: Configuration
    let storage: LoopbackStorage
    private let lifecycle = Locked(Lifecycle())

    /// Creates a server that is not yet running; call ``start()`` (or use ``withRunning(_:_:)``).
    ///
    /// ```swift
    /// let server = LoopbackServer(configuration: .init())
    /// try await server.start()
    /// defer { Task { await server.stop() } }
    /// ```
    ///
    /// - Parameter configuration: The settings.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        storage = LoopbackStorage(faults: configuration.faults)
    }

    deinit {
        // A server dropped while running still shuts down; `stop()` is the orderly way.
        if let group = lifecycle.withLock({ $0.group }) {
            Task { await group.triggerGracefulShutdown() }
        }
    }

    /// Starts a server, runs `body` with it, and stops it, also when `body` throws.
    ///
    /// ```swift
    /// let body = try await LoopbackServer.withRunning({ $0.faults["/ip"] = [.status(503)] }) { server in
    ///     _ = try await URLSession.shared.data(from: server.url("/ip"))   // 503
    ///     let (data, _) = try await URLSession.shared.data(from: server.url("/ip", query: ["format": "json"]))
    ///     return String(decoding: data, as: UTF8.self)
    /// }
    /// // body == #"{"ip":"10.0.0.7"}"#, and the server has stopped
    /// ```
    ///
    /// - Parameters:
    ///   - configure: Adjusts the default ``Configuration`` before the server starts.
    ///   - body: The test, given the running server.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or a ``LoopbackServerError`` if the server cannot start.
    public static func withRunning<Result>(
        _ configure: (inout Configuration) -> Void = { _ in },
        _ body: (LoopbackServer) async throws -> Result
    ) async throws -> Result {
        var configuration = Configuration()
        configure(&configuration)
        let server = LoopbackServer(configuration: configuration)
        try await server.start()
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Starts listening on 127.0.0.1; returns once the port is bound and ``baseURL`` is available.
    ///
    /// ```swift
    /// let server = LoopbackServer()
    /// try await server.start()
    /// server.baseURL   // http://127.0.0.1:PORT
    /// ```
    ///
    /// - Throws: ``LoopbackServerError/alreadyStarted`` on a second call,
    ///   ``LoopbackServerError/startFailed(_:)`` if the port cannot be bound.
    public func start() async throws {
        let isIdle = lifecycle.withLock { lifecycle in
            if case .idle = lifecycle.phase { return true }
            return false
        }
        guard isIdle else { throw LoopbackServerError.alreadyStarted }

        let router = Router(context: LoopbackRequestContext.self)
        router.add(
            middleware: FaultMiddleware(
                storage: storage,
                maximumBodySize: configuration.maximumRequestBodySize,
                keepsConnectionsAlive: configuration.keepsConnectionsAlive
            )
        )
        Self.addRoutes(to: router, storage: storage)
        let application = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: configuration.port), serverName: nil),
            onServerRunning: { [weak self] channel in
                self?.serverIsRunning(port: channel.localAddress?.port)
            },
            logger: configuration.logger
        )
        var groupConfiguration = ServiceGroupConfiguration(
            services: [application],
            gracefulShutdownSignals: [],
            logger: configuration.logger
        )
        groupConfiguration.maximumGracefulShutdownDuration = configuration.shutdownTimeout
        let group = ServiceGroup(configuration: groupConfiguration)

        _ = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
            let started = lifecycle.withLock { lifecycle in
                guard case .idle = lifecycle.phase else { return false }
                lifecycle.phase = .starting(continuation)
                lifecycle.group = group
                let executor = configuration.runsOnItsOwnThread ? QueueExecutor() : nil
                lifecycle.task = Task(executorPreference: executor) { [weak self] in
                    let failure: (any Error)?
                    do {
                        try await group.run()
                        failure = nil
                    } catch {
                        failure = error
                    }
                    self?.serverHasEnded(failure)
                }
                return true
            }
            if !started { continuation.resume(throwing: LoopbackServerError.alreadyStarted) }
        }
    }

    private func serverIsRunning(port: Int?) {
        let continuation: CheckedContinuation<Int, any Error>? = lifecycle.withLock { lifecycle in
            guard case .starting(let continuation) = lifecycle.phase else { return nil }
            if let port {
                lifecycle.phase = .running(port: port)
                lifecycle.lastPort = port
            } else {
                lifecycle.phase = .stopped
            }
            return continuation
        }
        if let port {
            continuation?.resume(returning: port)
        } else {
            continuation?.resume(throwing: LoopbackServerError.startFailed("the server channel has no local port"))
            Task { await self.stop() }
        }
    }

    private func serverHasEnded(_ failure: (any Error)?) {
        let continuation: CheckedContinuation<Int, any Error>? = lifecycle.withLock { lifecycle in
            defer { lifecycle.phase = .stopped }
            guard case .starting(let continuation) = lifecycle.phase else { return nil }
            return continuation
        }
        storage.stop()
        continuation?.resume(throwing: LoopbackServerError.startFailed(failure.map { "\($0)" } ?? "the server ended"))
    }

    /// Stops the server: ends requests that wait for the client (``Fault/neverRespond``, delays) by closing
    /// their connections, lets other responses in progress finish (up to
    /// ``Configuration/shutdownTimeout``), and returns when the port is closed. Safe to call more than once
    /// and from several tasks; each call returns after the server has stopped.
    ///
    /// ```swift
    /// await server.stop()
    /// server.isRunning   // false
    /// ```
    public func stop() async {
        let (group, task) = lifecycle.withLock { lifecycle in
            let group = lifecycle.group
            lifecycle.group = nil
            if case .idle = lifecycle.phase { lifecycle.phase = .stopped }
            return (group, lifecycle.task)
        }
        storage.stop()
        if let group {
            await group.triggerGracefulShutdown()
        }
        await task?.value
    }

    /// Whether the server is accepting connections.
    ///
    /// ```swift
    /// try await server.start()
    /// server.isRunning   // true
    /// ```
    public var isRunning: Bool {
        lifecycle.withLock { lifecycle in
            if case .running = lifecycle.phase, lifecycle.group != nil { return true }
            return false
        }
    }

    /// The port the server listens on (also after it stopped, for messages).
    ///
    /// - Precondition: The server has started.
    ///
    /// ```swift
    /// server.port   // e.g. 43519
    /// ```
    public var port: Int {
        guard let port = lifecycle.withLock({ $0.lastPort }) else {
            preconditionFailure("LoopbackServer.port read before start() returned")
        }
        return port
    }

    /// `http://127.0.0.1:<port>`, without a trailing slash.
    ///
    /// - Precondition: The server has started.
    ///
    /// ```swift
    /// server.baseURL.appending(path: "ip")   // http://127.0.0.1:PORT/ip
    /// ```
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    /// A URL on this server for `path`, with query items, a test-chosen id and a one-off fault.
    ///
    /// ```swift
    /// server.url("/", query: ["name": "mason"])          // http://127.0.0.1:PORT/?name=mason
    /// server.url("/ip", query: ["format": "json"], id: "t1")
    /// // http://127.0.0.1:PORT/ip?format=json&loopback-id=t1
    /// server.url("/ip", fault: .retryAfter(seconds: 2))
    /// // http://127.0.0.1:PORT/ip?loopback-fault=status:503,retry-after:2
    /// ```
    ///
    /// - Parameters:
    ///   - path: The path, starting with `/`.
    ///   - query: Query items, sorted by name in the URL.
    ///   - id: The id to tag the request with (query item ``idQueryName``).
    ///   - fault: A fault for this request alone (query item ``faultQueryName``, as its spec).
    /// - Returns: The URL.
    /// - Precondition: The server has started.
    public func url(
        _ path: String,
        query: [String: String] = [:],
        id: String? = nil,
        fault: Fault? = nil
    ) -> URL {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.port = port
        components.path = path.hasPrefix("/") ? path : "/" + path
        var items = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        if let id { items.append(URLQueryItem(name: Self.idQueryName, value: id)) }
        if let fault { items.append(URLQueryItem(name: Self.faultQueryName, value: fault.description)) }
        components.queryItems = items.isEmpty ? nil : items
        guard let url = components.url else { preconditionFailure("Invalid loopback path \(path)") }
        return url
    }
}
