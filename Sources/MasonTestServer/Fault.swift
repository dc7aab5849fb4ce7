public import Foundation

/// A misbehaviour the loopback server applies to a request instead of, or on top of, its normal response.
///
/// Faults are plain values: build one with a static factory, optionally delay it with ``delayed(by:)``,
/// and give it to a ``LoopbackServer`` for a path, for a test-chosen request id (as part of a
/// ``FaultScript``), or send it with a single request as text (see ``init(_:)`` for the grammar).
///
/// ```swift
/// server.inject(.status(500), at: "/products/1")              // every request to the path fails
/// server.inject([.retryAfter(seconds: 1), .retryAfter(seconds: 1)], forID: "retry-test")
/// server.inject(.neverRespond, at: "/ip")                     // until the client goes away
/// let slow = Fault.status(503).delayed(by: .milliseconds(50))
/// slow.description                                            // "delay:50,status:503"
/// ```
///
/// `Fault` is a `Sendable` value with no behaviour of its own until the server applies it.
public struct Fault: Sendable, Hashable {
    indirect enum Kind: Sendable, Hashable {
        case passThrough
        case status(code: Int, headers: [Header], body: String?)
        case dropConnection
        case neverRespond
        case malformedJSON
        case hugeBody(bytes: Int, declaresLength: Bool)
        case slowBody(chunks: Int, interval: Duration)
        case throttledUpload(bytesPerSecond: Int, duration: Duration)
        case truncatedBody(declaresLength: Bool)
        case delayed(Duration, Kind)
    }

    struct Header: Sendable, Hashable {
        let name: String
        let value: String
    }

    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// No fault: the request gets the route's normal response.
    ///
    /// Use it in a script to let a request through, or to delay a normal response.
    ///
    /// ```swift
    /// server.inject(.cycle([.status(503), .passThrough]), at: "/ip")   // fails every other request
    /// server.inject(.passThrough.delayed(by: .milliseconds(200)), at: "/ip")
    /// ```
    public static var passThrough: Fault { Fault(.passThrough) }

    /// Responds with `code`, the given headers and a JSON error body.
    ///
    /// Without `body` the server sends `{"error":"<reason phrase>","status":<code>}` with
    /// `Content-Type: application/json`; a `Content-Type` in `headers` replaces that one.
    ///
    /// ```swift
    /// server.inject(.status(401, headers: ["WWW-Authenticate": "Bearer"]), at: "/headers")
    /// // GET /headers → 401, body {"error":"Unauthorized","status":401}
    /// ```
    ///
    /// - Parameters:
    ///   - code: The status code, 100...999.
    ///   - headers: Extra response headers, in order.
    ///   - body: The body to send instead of the JSON error body.
    /// - Returns: The fault.
    public static func status(
        _ code: Int,
        headers: KeyValuePairs<String, String> = [:],
        body: String? = nil
    ) -> Fault {
        precondition((100...999).contains(code), "A status code has three digits")
        return Fault(.status(code: code, headers: headers.map { Header(name: $0.key, value: $0.value) }, body: body))
    }

    /// Responds with `status` and `Retry-After: <seconds>`.
    ///
    /// ```swift
    /// server.inject([.retryAfter(seconds: 1), .retryAfter(seconds: 1)], forID: "t1")
    /// // the first two requests tagged "t1" get 503 with Retry-After: 1, the third gets 200
    /// ```
    ///
    /// - Parameters:
    ///   - seconds: The delay the client is asked to wait, in whole seconds.
    ///   - status: The status code; 503 unless given (429 for rate limiting).
    /// - Returns: The fault.
    public static func retryAfter(seconds: Int, status: Int = 503) -> Fault {
        precondition(seconds >= 0, "Retry-After cannot be negative")
        return .status(status, headers: ["Retry-After": String(seconds)])
    }

    /// Responds with `status` and `Retry-After` as an HTTP date (IMF-fixdate, always GMT).
    ///
    /// ```swift
    /// let date = Date(timeIntervalSince1970: 784_111_777)
    /// server.inject(.retryAfter(date: date, status: 429), at: "/ip")
    /// // 429 with Retry-After: Sun, 06 Nov 1994 08:49:37 GMT
    /// ```
    ///
    /// - Parameters:
    ///   - date: The moment after which the client may retry; fractions of a second are dropped.
    ///   - status: The status code; 503 unless given.
    /// - Returns: The fault.
    public static func retryAfter(date: Date, status: Int = 503) -> Fault {
        .status(status, headers: ["Retry-After": httpDate(date)])
    }

    /// Reads the request, then closes the connection without sending a response.
    ///
    /// URLSession on Linux fails with `URLError(.badServerResponse)`. Beware of libcurl under it: when the
    /// closed connection was a reused keep-alive one it re-sends the request once on its own (so the
    /// server counts two GETs), and for a request with a body that re-send stalls until the request
    /// times out. Set ``LoopbackServer/Configuration/keepsConnectionsAlive`` to `false` in tests that drop
    /// connections, or use a fresh session per request.
    ///
    /// ```swift
    /// server.inject(.dropConnection, at: "/ip")
    /// // try await session.data(from: url)   // throws URLError
    /// ```
    public static var dropConnection: Fault { Fault(.dropConnection) }

    /// Never responds; waits until the client goes away, and records that it did.
    ///
    /// The server notices the closed connection and counts it (``LoopbackServer/disconnectionCount(path:id:)``,
    /// ``LoopbackServer/waitForDisconnections(_:path:id:timeout:)``): what a cancellation test needs.
    /// Stopping the server closes such connections.
    ///
    /// ```swift
    /// server.inject(.neverRespond, forID: "cancel-me")
    /// let task = Task { try await session.data(for: request) }   // tagged "cancel-me"
    /// try await server.waitForRequests(1, id: "cancel-me")
    /// task.cancel()
    /// try await server.waitForDisconnections(1, id: "cancel-me")  // the server saw the close
    /// ```
    public static var neverRespond: Fault { Fault(.neverRespond) }

    /// Responds 200 with `Content-Type: application/json` and a body that is not valid JSON
    /// (`{"name": "mason", "age": 4` — the document is cut short).
    ///
    /// ```swift
    /// server.inject(.malformedJSON, at: "/products/1")
    /// // JSONDecoder().decode(Product.self, from: data) throws DecodingError.dataCorrupted
    /// ```
    public static var malformedJSON: Fault { Fault(.malformedJSON) }

    /// The body sent by ``malformedJSON``.
    static let malformedJSONBody = #"{"name": "mason", "age": 4"#

    /// Responds 200 with a streamed JSON body of exactly `bytes` bytes.
    ///
    /// The body is `{"padding":"xxx…"}` (only `x`s when `bytes` < 14), sent in 64 KiB chunks, with
    /// `Content-Length` when `declaresLength` is `true` and chunked otherwise, so a client's size
    /// limit can be tested both ways. A client that closes the connection before the end is counted as
    /// a disconnection (``LoopbackServer/waitForDisconnections(_:path:id:timeout:)``): a body large enough
    /// not to fit in the sockets' buffers shows whether a client stopped reading.
    ///
    /// ```swift
    /// server.inject(.hugeBody(bytes: 10_000_000, declaresLength: false), at: "/products/1")
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The body size, ≥ 0.
    ///   - declaresLength: Whether the response carries `Content-Length`.
    /// - Returns: The fault.
    public static func hugeBody(bytes: Int, declaresLength: Bool = true) -> Fault {
        precondition(bytes >= 0, "A body size cannot be negative")
        return Fault(.hugeBody(bytes: bytes, declaresLength: declaresLength))
    }

    /// Sends the route's normal response, its body split into `chunks` pieces with `interval` before each
    /// piece after the first.
    ///
    /// The client receives the complete, valid body, late. Uses real time: keep intervals small.
    ///
    /// ```swift
    /// server.inject(.slowBody(chunks: 4, interval: .milliseconds(20)), at: "/products/1")
    /// // 200 {"id":1,"name":"Product 1"}, in 4 pieces over ~60 ms
    /// ```
    ///
    /// - Parameters:
    ///   - chunks: How many pieces, ≥ 1.
    ///   - interval: The pause between pieces.
    /// - Returns: The fault.
    public static func slowBody(chunks: Int, interval: Duration) -> Fault {
        precondition(chunks >= 1, "A body has at least one chunk")
        return Fault(.slowBody(chunks: chunks, interval: interval))
    }

    /// Reads the request's body no faster than `bytesPerSecond` for `duration`, then at full speed, and
    /// responds normally: a link (or a server) slower than the client for a while, so that an upload
    /// takes its time.
    ///
    /// While slow, the server reads nothing between parts of the body, so the client's writes wait on
    /// the connection once the buffers between them are full. Uses real time: keep `duration` short.
    /// It is not combined with a delay (``delayed(by:)`` refuses it; a spec with both does not parse).
    ///
    /// ```swift
    /// server.inject(.throttledUpload(bytesPerSecond: 1_000_000, for: .seconds(2)), at: "/echo")
    /// // PUT /echo with 16 MB → 200, after about 2 s
    /// ```
    ///
    /// - Parameters:
    ///   - bytesPerSecond: The most the server reads a second while slow, ≥ 1.
    ///   - duration: How long it is slow, from the first part of the body.
    /// - Returns: The fault.
    public static func throttledUpload(bytesPerSecond: Int, for duration: Duration) -> Fault {
        precondition(bytesPerSecond >= 1, "A server reads at least a byte a second")
        precondition(duration >= .zero, "A duration cannot be negative")
        return Fault(.throttledUpload(bytesPerSecond: bytesPerSecond, duration: duration))
    }

    /// Sends the head of the route's normal response and half of its body, then closes the connection:
    /// a response cut short.
    ///
    /// With `declaresLength` the head announces the whole body's `Content-Length`; without it the body
    /// is chunked and the closing chunk never comes. Either way a client must fail the request, not
    /// hand out half a body.
    ///
    /// ```swift
    /// server.inject(.truncatedBody(), at: "/products/1")
    /// // 200, Content-Length: 27, then 13 bytes and the connection closes
    /// ```
    ///
    /// - Parameter declaresLength: Whether the response carries `Content-Length`.
    /// - Returns: The fault.
    public static func truncatedBody(declaresLength: Bool = true) -> Fault {
        Fault(.truncatedBody(declaresLength: declaresLength))
    }

    /// Waits `duration`, then responds normally: `Fault.passThrough.delayed(by: duration)`.
    ///
    /// ```swift
    /// server.inject(.delay(.milliseconds(100)), at: "/ip")
    /// ```
    ///
    /// - Parameter duration: The real-time delay; keep it small in tests.
    /// - Returns: The fault.
    public static func delay(_ duration: Duration) -> Fault {
        Fault.passThrough.delayed(by: duration)
    }

    /// This fault, applied after waiting `duration`.
    ///
    /// While it waits the server watches the connection: if the client goes away the wait ends, the
    /// disconnection is recorded and nothing is sent. A delayed response closes its connection afterwards
    /// (`Connection: close`).
    ///
    /// ```swift
    /// let fault = Fault.status(503).delayed(by: .milliseconds(50))
    /// fault.description   // "delay:50,status:503"
    /// ```
    ///
    /// - Parameter duration: The real-time delay; keep it small in tests.
    /// - Returns: The delayed fault.
    public func delayed(by duration: Duration) -> Fault {
        precondition(duration >= .zero, "A delay cannot be negative")
        precondition(!isThrottledUpload, "A throttled upload is not delayed: it reads the body as it comes")
        return Fault(.delayed(duration, kind))
    }

    /// Whether the fault is a ``throttledUpload(bytesPerSecond:for:)``, which no delay wraps.
    var isThrottledUpload: Bool {
        if case .throttledUpload = kind { return true }
        return false
    }

    /// Whether applying the fault involves waiting, so that the server must watch the connection.
    var waits: Bool {
        switch kind {
        case .neverRespond, .delayed: true
        default: false
        }
    }
}

// MARK: - HTTP dates

extension Fault {
    /// Formats `date` as an HTTP date (RFC 9110 IMF-fixdate), the form `Retry-After` uses.
    ///
    /// ```swift
    /// Fault.httpDate(Date(timeIntervalSince1970: 784_111_777))   // "Sun, 06 Nov 1994 08:49:37 GMT"
    /// ```
    ///
    /// - Parameter date: The date; fractions of a second are dropped.
    /// - Returns: The formatted date.
    public static func httpDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents(
            [.weekday, .day, .month, .year, .hour, .minute, .second],
            from: Date(timeIntervalSince1970: (date.timeIntervalSince1970).rounded(.down))
        )
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func twoDigits(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        let weekday = weekdays[((parts.weekday ?? 1) - 1) % 7]
        let month = months[((parts.month ?? 1) - 1) % 12]
        let year = String(parts.year ?? 1970)
        let time = "\(twoDigits(parts.hour)):\(twoDigits(parts.minute)):\(twoDigits(parts.second))"
        return "\(weekday), \(twoDigits(parts.day)) \(month) \(year) \(time) GMT"
    }

    /// The reason phrase for common status codes, used in the JSON error body.
    static func reasonPhrase(_ code: Int) -> String {
        switch code {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(code)"
        }
    }
}
