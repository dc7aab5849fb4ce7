/// Observing what the server received: counts, records, and waiting without sleeps.
extension LoopbackServer {
    /// How many requests arrived, optionally only those to `path` and/or tagged with `id`.
    ///
    /// A request counts as soon as its head and body have been read, before its fault or response.
    ///
    /// ```swift
    /// server.requestCount()                 // every request
    /// server.requestCount(path: "/ip")      // requests to /ip
    /// server.requestCount(id: "t1")         // requests tagged "t1"
    /// ```
    ///
    /// - Parameters:
    ///   - path: Only requests to this path (without query); `nil` for any.
    ///   - id: Only requests tagged with this id; `nil` for any.
    /// - Returns: The count.
    public func requestCount(path: String? = nil, id: String? = nil) -> Int {
        storage.recorded(.requests, .init(path: path, id: id)).count
    }

    /// The matching requests in arrival order.
    ///
    /// ```swift
    /// server.requests(path: "/echo").map(\.method)   // ["POST", "PUT"]
    /// ```
    ///
    /// - Parameters:
    ///   - path: Only requests to this path; `nil` for any.
    ///   - id: Only requests tagged with this id; `nil` for any.
    /// - Returns: The recorded requests.
    public func requests(path: String? = nil, id: String? = nil) -> [RecordedRequest] {
        storage.recorded(.requests, .init(path: path, id: id))
    }

    /// The most recent matching request, with its headers and body.
    ///
    /// ```swift
    /// server.lastRequest(path: "/headers")?.header("Authorization")   // "Bearer token"
    /// ```
    ///
    /// - Parameters:
    ///   - path: Only requests to this path; `nil` for any.
    ///   - id: Only requests tagged with this id; `nil` for any.
    /// - Returns: The request, or `nil` if none matched.
    public func lastRequest(path: String? = nil, id: String? = nil) -> RecordedRequest? {
        storage.lastRecorded(.requests, .init(path: path, id: id))
    }

    /// Waits until at least `count` matching requests have arrived, counting those that already did.
    ///
    /// Suspends without polling (a continuation is resumed by the arriving request).
    ///
    /// ```swift
    /// let task = Task { try await session.data(from: server.url("/ip", id: "t1")) }
    /// let requests = try await server.waitForRequests(1, id: "t1")
    /// requests[0].path   // "/ip"
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many requests to wait for.
    ///   - path: Only requests to this path; `nil` for any.
    ///   - id: Only requests tagged with this id; `nil` for any.
    ///   - timeout: The longest wait (real time); 120 s by default, a bound for a test that would otherwise
    ///     hang, generous because a loaded machine (Thread Sanitizer, a parallel suite) is slow.
    /// - Returns: All matching requests at the moment the count was reached, in arrival order.
    /// - Throws: ``LoopbackServerError/timedOut(waitingFor:received:)``, ``LoopbackServerError/stopped``
    ///   if the server stops first, or `CancellationError`.
    @discardableResult
    public func waitForRequests(
        _ count: Int,
        path: String? = nil,
        id: String? = nil,
        timeout: Duration = .seconds(120)
    ) async throws -> [RecordedRequest] {
        try await storage.wait(for: .requests, count, .init(path: path, id: id), timeout: timeout)
    }

    /// How many matching requests ended because the client went away while the server was still waiting
    /// to answer (``Fault/neverRespond``, a delay, or a ``Fault/slowBody(chunks:interval:)``).
    ///
    /// ```swift
    /// server.disconnectionCount(id: "cancel-me")   // 1 after the client cancelled
    /// ```
    ///
    /// - Parameters:
    ///   - path: Only requests to this path; `nil` for any.
    ///   - id: Only requests tagged with this id; `nil` for any.
    /// - Returns: The count.
    public func disconnectionCount(path: String? = nil, id: String? = nil) -> Int {
        storage.recorded(.disconnections, .init(path: path, id: id)).count
    }

    /// The matching requests whose clients went away before the answer, in the order the server noticed.
    ///
    /// ```swift
    /// server.disconnectedRequests(path: "/ip").first?.id   // "cancel-me"
    /// ```
    ///
    /// - Parameters:
    ///   - path: Only requests to this path; `nil` for any.
    ///   - id: Only requests tagged with this id; `nil` for any.
    /// - Returns: The recorded requests.
    public func disconnectedRequests(path: String? = nil, id: String? = nil) -> [RecordedRequest] {
        storage.recorded(.disconnections, .init(path: path, id: id))
    }

    /// Waits until the server has seen at least `count` matching clients go away before their answer:
    /// "the server sees the connection closed".
    ///
    /// ```swift
    /// server.inject(.neverRespond, forID: "c")
    /// let task = Task { try await session.data(for: taggedRequest) }
    /// try await server.waitForRequests(1, id: "c")
    /// task.cancel()
    /// try await server.waitForDisconnections(1, id: "c")
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many disconnections to wait for.
    ///   - path: Only requests to this path; `nil` for any.
    ///   - id: Only requests tagged with this id; `nil` for any.
    ///   - timeout: The longest wait (real time); 120 s by default, a bound for a test that would otherwise
    ///     hang, generous because a loaded machine (Thread Sanitizer, a parallel suite) is slow.
    /// - Returns: All matching disconnected requests at the moment the count was reached.
    /// - Throws: ``LoopbackServerError/timedOut(waitingFor:received:)``, ``LoopbackServerError/stopped``,
    ///   or `CancellationError`.
    @discardableResult
    public func waitForDisconnections(
        _ count: Int,
        path: String? = nil,
        id: String? = nil,
        timeout: Duration = .seconds(120)
    ) async throws -> [RecordedRequest] {
        try await storage.wait(for: .disconnections, count, .init(path: path, id: id), timeout: timeout)
    }
}
