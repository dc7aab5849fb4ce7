public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A transport that lets identical requests in flight at the same time share one request to the
/// transport it wraps.
///
/// Requests are identical when they are `GET` or `HEAD` requests with the same URL and the same
/// header fields, names compared without regard to case, but the fields named in ``ignoredFields``
/// (a trace or request id that changes nothing in the answer). Every other field counts, since the
/// answer may depend on it (`Vary: X-Tenant`) and the flight's answer comes back before its `Vary` can
/// be read — and the same `timeoutInterval`, `cachePolicy` and `httpShouldHandleCookies`, so no caller
/// gets an answer cut short by another's timeout. A request with a body, a `Range`, an `If-…`
/// condition, a `Cookie` or a `Proxy-Authorization` is never shared.
/// The first caller starts the request in a task of its own; later callers join it while it runs,
/// and every caller gets the same body and response, or the same error. A request that ends is
/// forgotten: the next caller starts a new one. Other methods, and downloads, go to ``base``
/// unshared.
///
/// Cancellation: a cancelled caller stops waiting at once with `CancellationError`, and the others
/// still get the answer; when every caller has cancelled, the shared request is cancelled (its
/// connection closes) and its answer, if any, is dropped.
///
/// ```swift
/// let transport = URLSessionTransport.shared.singleFlight()
/// async let first = transport.send(request)
/// async let second = transport.send(request)   // joins the first: one request on the wire
/// let (a, b) = try await (first, second)
/// ```
public struct SingleFlightTransport: Transport {
    /// The transport that sends the shared requests.
    public let base: any Transport

    /// The header fields, lowercased, that do not tell requests apart: requests that differ only in
    /// them share a flight, and every caller gets the answer to the first one's.
    ///
    /// ```swift
    /// URLSessionTransport.shared.singleFlight(ignoring: ["X-Request-ID"]).ignoredFields   // ["x-request-id"]
    /// ```
    public let ignoredFields: Set<String>

    private let storage = SingleFlightStorage()

    /// A transport sharing identical concurrent requests to `base`.
    ///
    /// ```swift
    /// let transport = SingleFlightTransport(base: URLSessionTransport.shared, ignoring: ["traceparent"])
    /// ```
    /// - Parameters:
    ///   - base: The transport that sends the shared requests.
    ///   - ignoredFields: Header fields that change nothing in the answer (a trace or request id), so
    ///     that requests differing only in them still share a flight; none by default.
    public init(base: any Transport, ignoring ignoredFields: Set<String> = []) {
        self.base = base
        self.ignoredFields = Set(ignoredFields.map { $0.lowercased() })
    }

    /// The flight `request` joins, or `nil` when it is never shared.
    private func flightKey(_ request: URLRequest) -> FlightKey? {
        FlightKey(request, ignoring: ignoredFields)
    }

    /// Sends `request` through ``base``, or joins an identical request already in flight.
    ///
    /// ```swift
    /// let (data, head) = try await transport.response(to: request)
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The body and the head of the shared request's response.
    /// - Throws: The shared request's error; `CancellationError` when this caller is cancelled.
    public func response(to request: URLRequest) async throws -> (Data, ResponseHead) {
        guard let key = flightKey(request) else { return try await base.response(to: request) }
        let base = base
        return try await storage.join(key, request) { try await base.response(to: $0) }
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

    /// Downloads through ``base``, unshared.
    ///
    /// ```swift
    /// let (file, response) = try await transport.download(request)
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The downloaded file and the response, as ``base`` returned them.
    public func download(_ request: URLRequest) async throws -> (URL, HTTPURLResponse) {
        try await base.download(request)
    }

    /// The number of callers waiting for the request in flight that `request` would join (0 when
    /// none is in flight).
    ///
    /// ```swift
    /// transport.callerCount(sharing: request)   // 3 while three identical requests wait
    /// ```
    /// - Parameter request: A request.
    /// - Returns: The number of callers sharing its flight.
    public func callerCount(sharing request: URLRequest) -> Int {
        flightKey(request).map(storage.callerCount) ?? 0
    }

    /// Returns once at least `count` callers wait for the request in flight that `request` would
    /// join — in tests, to know that concurrent callers have joined before letting the request end.
    /// A request that is never shared (not a `GET` or `HEAD`, with a body, or with a field that makes its
    /// answer its own; see ``CacheKey``) has no callers: for it, a count above 0 waits until the waiting task is
    /// cancelled.
    ///
    /// ```swift
    /// for _ in 0..<20 { group.addTask { try await transport.send(request) } }
    /// try await transport.waitForCallers(20, sharing: request)
    /// ```
    /// - Parameters:
    ///   - count: The number of callers to wait for.
    ///   - request: A request identical to theirs.
    /// - Throws: `CancellationError` when the waiting task is cancelled first.
    public func waitForCallers(_ count: Int, sharing request: URLRequest) async throws(CancellationError) {
        // A request that is never shared (not a GET or HEAD, without a URL, or its own) never has callers.
        let key = flightKey(request) ?? FlightKey(key: CacheKey(method: "", url: ""))
        try await storage.waitForCallers(count, key)
    }
}

extension Transport {
    /// This transport with identical concurrent `GET`/`HEAD` requests sharing one request:
    /// ``SingleFlightTransport``.
    ///
    /// ```swift
    /// let transport = URLSessionTransport.shared.singleFlight().caching(cache, policy: .cacheFirst)
    /// ```
    /// - Parameter ignoredFields: Header fields that change nothing in the answer (a trace or request
    ///   id): requests differing only in them still share a flight. None by default.
    /// - Returns: A single-flight transport over this one.
    public func singleFlight(ignoring ignoredFields: Set<String> = []) -> SingleFlightTransport {
        SingleFlightTransport(base: self, ignoring: ignoredFields)
    }
}
