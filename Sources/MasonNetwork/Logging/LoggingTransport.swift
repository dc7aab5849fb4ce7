public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
public import Logging
import Mason

/// A transport that logs one line per request and one per response (or failure) through
/// [swift-log](https://github.com/apple/swift-log), with credentials redacted, and otherwise
/// forwards to the transport it wraps.
///
/// The request line is `→ GET <url>`; the response line `← 200 GET <url> (512 bytes, 3.2 ms)` (at
/// ``failureLevel`` for a 5xx or a 429); a failure `✕ GET <url>: <error>` at ``failureLevel``. Both lines carry the metadata
/// `mason.request` (a number shared by the pair) and the header fields (`http.request.headers`,
/// `http.response.headers`); `Authorization`, cookies and other secrets are replaced by
/// `<redacted>` (see ``LogRedaction``), and so are secret query parameters and URL passwords.
/// Bodies are never logged.
///
/// ```swift
/// import Logging
///
/// let transport = URLSessionTransport.shared.logging(to: Logger(label: "api"))
/// let age = await requestAsync(ageRequest, transport: transport).value
/// // info: → GET https://api.agify.io/?name=Daniel
/// // info: ← 200 GET https://api.agify.io/?name=Daniel (44 bytes, 80.1 ms)
/// ```
public struct LoggingTransport: Transport {
    /// The transport that sends the requests.
    public let base: any Transport

    /// Where the lines go.
    public let logger: Logger

    /// The level of request and response lines.
    public let level: Logger.Level

    /// The level of failure lines (errors thrown by the transport, cancellations excepted) and of the
    /// response lines of a 5xx or a 429.
    public let failureLevel: Logger.Level

    /// What is hidden from the log.
    public let redaction: LogRedaction

    /// The time on the injected clock since the transport was made; the response line shows the
    /// difference between two readings.
    private let elapsed: @Sendable () -> Duration

    /// A transport logging what `base` sends and receives.
    ///
    /// ```swift
    /// let transport = LoggingTransport(base: URLSessionTransport.shared, logger: Logger(label: "api"))
    /// ```
    ///
    /// - Parameters:
    ///   - base: The transport that sends the requests.
    ///   - logger: Where the lines go.
    ///   - level: The level of request and response lines; `.info` by default.
    ///   - failureLevel: The level of failure lines; `.warning` by default.
    ///   - redaction: What is hidden; ``LogRedaction/standard`` by default.
    ///   - clock: The clock that times each exchange; `ContinuousClock()` by default.
    public init<SomeClock: Clock>(
        base: any Transport,
        logger: Logger,
        level: Logger.Level = .info,
        failureLevel: Logger.Level = .warning,
        redaction: LogRedaction = .standard,
        clock: SomeClock = ContinuousClock()
    ) where SomeClock.Duration == Duration {
        let start = clock.now
        self.elapsed = { start.duration(to: clock.now) }
        self.base = base
        self.logger = logger
        self.level = level
        self.failureLevel = failureLevel
        self.redaction = redaction
    }

    /// Logs the request, sends it through ``base`` and logs the response or the failure.
    ///
    /// ```swift
    /// let (data, head) = try await transport.response(to: URLRequest(url: url))
    /// ```
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The body and the head of the response, as `base` returned them.
    public func response(to request: URLRequest) async throws -> (Data, ResponseHead) {
        try await logged(request, size: { data, _ in data.count }) { try await base.response(to: $0) }
    }

    /// Sends `request` as ``response(to:)`` does, and builds the `HTTPURLResponse` at the end.
    ///
    /// ```swift
    /// let (data, response) = try await transport.send(request)
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The body and the response.
    /// - Throws: As ``response(to:)``; ``NetworkRequestError/noResponse`` if no `HTTPURLResponse` can be built.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try foundationResponse(try await response(to: request))
    }

    /// Logs the request, downloads through ``base`` and logs the response or the failure.
    ///
    /// ```swift
    /// let (file, response) = try await transport.download(URLRequest(url: url))
    /// ```
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The downloaded file and the response, as `base` returned them.
    public func download(_ request: URLRequest) async throws -> (URL, HTTPURLResponse) {
        try foundationResponse(
            try await logged(request, size: { file, _ in Self.fileSize(file) }) {
                try await base.downloadReturningHead($0)
            }
        )
    }

    private func logged<Body>(
        _ request: URLRequest,
        size: (Body, ResponseHead) -> Int?,
        exchange: (URLRequest) async throws -> (Body, ResponseHead)
    ) async throws -> (Body, ResponseHead) {
        let number = LoggedRequestNumber.next()
        let method = request.httpMethod ?? "GET"
        let target = request.url.map(redaction.url) ?? "<no URL>"
        let headers = redaction.headers(request.allHTTPHeaderFields ?? [:])
        logger.log(
            level: level, "→ \(method) \(target)",
            metadata: ["mason.request": "\(number)", "http.request.headers": "\(headers)"])
        let start = elapsed()
        do {
            let (body, response) = try await exchange(request)
            let took = Self.milliseconds(elapsed() - start)
            let bytes = size(body, response).map { "\($0) bytes, " } ?? ""
            let fields = redaction.headers(response.headerFields)
            // A server failing (5xx) or refusing for load (429) is a failure to whoever reads the log.
            let failed = response.statusCode >= 500 || response.statusCode == 429
            logger.log(
                level: failed ? failureLevel : level,
                "← \(response.statusCode) \(method) \(target) (\(bytes)\(took) ms)",
                metadata: ["mason.request": "\(number)", "http.response.headers": "\(fields)"])
            return (body, response)
        } catch {
            let failure = NetworkRequestError(error)
            let cancelled = failure == .canceledByUser
            logger.log(
                level: cancelled ? level : failureLevel,
                "✕ \(method) \(target): \(cancelled ? "cancelled" : String(describing: failure))",
                metadata: ["mason.request": "\(number)"])
            throw error
        }
    }

    private static func fileSize(_ file: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = (seconds * 10_000) + attoseconds / 100_000_000_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// Numbers the logged requests, so a request line and its response line can be paired.
private enum LoggedRequestNumber {
    private static let counter = Locked<UInt64>(0)

    static func next() -> UInt64 {
        counter.withLock { count in
            count &+= 1
            return count
        }
    }
}

extension Transport {
    /// This transport, logging one line per request and one per response or failure through
    /// swift-log, with credentials redacted.
    ///
    /// ```swift
    /// let transport = URLSessionTransport.shared.logging(to: Logger(label: "api"))
    /// ```
    ///
    /// - Parameters:
    ///   - logger: Where the lines go.
    ///   - level: The level of request and response lines; `.info` by default.
    ///   - failureLevel: The level of failure lines; `.warning` by default.
    ///   - redaction: What is hidden; ``LogRedaction/standard`` by default.
    ///   - clock: The clock that times each exchange; `ContinuousClock()` by default.
    /// - Returns: A ``LoggingTransport`` wrapping this transport.
    public func logging<SomeClock: Clock>(
        to logger: Logger,
        level: Logger.Level = .info,
        failureLevel: Logger.Level = .warning,
        redaction: LogRedaction = .standard,
        clock: SomeClock = ContinuousClock()
    ) -> LoggingTransport where SomeClock.Duration == Duration {
        LoggingTransport(
            base: self, logger: logger, level: level, failureLevel: failureLevel, redaction: redaction,
            clock: clock)
    }
}
