// MasonTesting: a stub transport for code built on MasonNetwork. It replaces only the network: the
// request functions still check the request, validate the status, decode and retry as they do with
// URLSessionTransport.

#if canImport(FoundationNetworking)
public import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif
public import MasonNetwork
import Mason

/// A canned HTTP response for `StubTransport`: status, header fields and body.
///
/// ```swift
/// StubResponse.json(#"{"age": 48}"#)                       // 200, Content-Type: application/json
/// StubResponse.status(503, headers: ["Retry-After": "2"])  // 503, empty body
/// StubResponse.text("hello", status: 404)
/// ```
public struct StubResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response.
    ///
    /// ```swift
    /// StubResponse(status: 201, headers: ["Location": "/users/7"], body: Data())
    /// ```
    /// - Parameters:
    ///   - status: The status code; 200 by default.
    ///   - headers: The header fields; none by default.
    ///   - body: The body; empty by default.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response: the text as the body, `Content-Type: application/json`.
    ///
    /// ```swift
    /// StubResponse.json(#"{"name": "Jane", "age": 48}"#)
    /// ```
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - status: The status code; 200 by default.
    ///   - headers: More header fields.
    /// - Returns: The response.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        StubResponse(
            status: status, headers: headers.merging(["Content-Type": "application/json"]) { own, _ in own },
            body: Data(text.utf8))
    }

    /// A plain-text response: the text as the body, `Content-Type: text/plain; charset=utf-8`.
    ///
    /// ```swift
    /// StubResponse.text("not found", status: 404)
    /// ```
    /// - Parameters:
    ///   - text: The body text.
    ///   - status: The status code; 200 by default.
    ///   - headers: More header fields.
    /// - Returns: The response.
    public static func text(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        StubResponse(
            status: status,
            headers: headers.merging(["Content-Type": "text/plain; charset=utf-8"]) { own, _ in own },
            body: Data(text.utf8))
    }

    /// A response with a status, header fields and no body.
    ///
    /// ```swift
    /// StubResponse.status(429, headers: ["Retry-After": "1"])
    /// ```
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: The header fields; none by default.
    /// - Returns: The response.
    public static func status(_ status: Int, headers: [String: String] = [:]) -> StubResponse {
        StubResponse(status: status, headers: headers)
    }

    /// The `HTTPURLResponse` this response describes, for a request to `url`.
    ///
    /// ```swift
    /// StubResponse.status(404).httpResponse(for: url).statusCode   // 404
    /// ```
    /// - Parameter url: The request's URL.
    /// - Returns: The HTTP response (HTTP/1.1).
    public func httpResponse(for url: URL) -> HTTPURLResponse {
        // The initializer fails only for status codes outside what HTTPURLResponse accepts.
        HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            ?? HTTPURLResponse(url: url, statusCode: 500, httpVersion: "HTTP/1.1", headerFields: [:])!
    }
}

/// A `Transport` that answers from a closure instead of the network, and records every request it
/// receives.
///
/// Only the network is replaced: `requestAsync(_:transport:)` and the other request functions still
/// reject bad requests before they reach the stub (so ``requests`` stays empty), validate the status,
/// decode and retry. The stub is a `Sendable` reference: copies share one record of requests.
///
/// ```swift
/// let stub = StubTransport(.json(#"{"name": "Jane", "age": 48}"#))
/// let guess: Result<AgeGuess, NetworkRequestError> = await (requestAsync(request, transport: stub) <&> decodeJsonData).value
/// stub.requests.count   // 1
///
/// let routes = StubTransport.routes(["https://api.ipify.org/?format=json": .json(#"{"ip": "10.0.0.7"}"#)])
/// let flaky = StubTransport.sequence([.status(503), .json("{}")])   // 503 first, then 200
/// let hanging = StubTransport.suspendingUntilCancelled()            // for cancellation tests
/// ```
public final class StubTransport: Transport {
    /// How the stub answers: from the request to a response, or an error to throw.
    public typealias Handler = @Sendable (URLRequest) async throws -> StubResponse

    private struct State {
        var requests: [URLRequest] = []
        var nextWaiterID: UInt64 = 0
        var waiters: [(id: UInt64, count: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    }

    /// Answers a request, given its place among the requests this stub recorded (0 for the first).
    private let answer: @Sendable (URLRequest, Int) async throws -> StubResponse
    private let state = Locked(State())

    /// Creates a stub answering with `handler`.
    ///
    /// ```swift
    /// let stub = StubTransport { request in
    ///     request.httpMethod == "POST" ? .status(201) : .json("[]")
    /// }
    /// ```
    /// - Parameter handler: Answers a request with a response, or throws (a thrown error is reported
    ///   as `NetworkRequestError/init(_:)` translates it).
    public init(_ handler: @escaping Handler) {
        answer = { request, _ in try await handler(request) }
    }

    /// A stub answering a request by its place among the requests recorded.
    private init(byPlace answer: @escaping @Sendable (URLRequest, Int) async throws -> StubResponse) {
        self.answer = answer
    }

    /// Creates a stub answering every request with `response`.
    ///
    /// ```swift
    /// let stub = StubTransport(.status(500))
    /// ```
    /// - Parameter response: The response.
    public convenience init(_ response: StubResponse) {
        self.init { _ in response }
    }

    /// A stub answering by the request's absolute URL string, and with `fallback` (404) for any other.
    ///
    /// ```swift
    /// let stub = StubTransport.routes(["https://example.com/a": .json("1")])
    /// ```
    /// - Parameters:
    ///   - routes: The responses by absolute URL string.
    ///   - fallback: The response for any other URL; `.status(404)` by default.
    /// - Returns: The stub.
    public static func routes(_ routes: [String: StubResponse], fallback: StubResponse = .status(404)) -> StubTransport
    {
        StubTransport { request in routes[request.url?.absoluteString ?? ""] ?? fallback }
    }

    /// A stub answering the n-th request with the n-th response, and every later one with the last:
    /// the n-th as ``requests`` records them, even when requests run at once.
    ///
    /// ```swift
    /// let stub = StubTransport.sequence([.status(503), .status(503), .json("{}")])
    /// ```
    /// - Parameter responses: The responses in order; must not be empty.
    /// - Returns: The stub.
    public static func sequence(_ responses: [StubResponse]) -> StubTransport {
        precondition(!responses.isEmpty, "StubTransport.sequence needs at least one response")
        return StubTransport(byPlace: { _, place in responses[min(place, responses.count - 1)] })
    }

    /// A stub that throws `error` for every request, as a failing network would.
    ///
    /// ```swift
    /// let offline = StubTransport.failing(with: URLError(.notConnectedToInternet))
    /// ```
    /// - Parameter error: The error to throw.
    /// - Returns: The stub.
    public static func failing(with error: any Error & Sendable) -> StubTransport {
        StubTransport { _ in throw error }
    }

    /// A stub that never answers: each request waits until its task is cancelled, then throws `error`
    /// — `URLError(.cancelled)` by default, as URLSession does on Linux.
    ///
    /// ```swift
    /// let stub = StubTransport.suspendingUntilCancelled()
    /// let run = requestAsync(request, transport: stub).run { print($0) }
    /// await stub.waitForRequests(count: 1)
    /// run.cancel()   // prints failure(canceledByUser)
    /// ```
    /// - Parameter error: The error to throw once cancelled.
    /// - Returns: The stub.
    public static func suspendingUntilCancelled(
        throwing error: any Error & Sendable = URLError(.cancelled)
    ) -> StubTransport {
        StubTransport { _ in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(3600))  // woken early by cancellation
            }
            throw error
        }
    }

    /// The requests received so far, in order.
    ///
    /// ```swift
    /// stub.requests.map(\.httpMethod)   // ["GET", "POST"]
    /// ```
    public var requests: [URLRequest] {
        state.withLock { $0.requests }
    }

    /// Waits, without sleeping, until the stub has received at least `count` requests, or the task
    /// is cancelled (a test's time limit cancels it): then it returns at once, with fewer.
    ///
    /// ```swift
    /// let run = requestAsync(request, transport: stub).run { _ in }
    /// await stub.waitForRequests(count: 1)   // the request is in flight now
    /// ```
    /// - Parameter count: The number of requests to wait for.
    public func waitForRequests(count: Int) async {
        let id: UInt64 = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        // Cancellation is the only failure, and it ends the wait: the caller sees how many arrived.
        try? await state.suspend(
            until: { $0.requests.count >= count },
            park: { state, continuation in state.waiters.append((id, count, continuation)) },
            unpark: { state in
                state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0).continuation }
            })
    }

    /// Records the request and answers it with the handler's response.
    ///
    /// ```swift
    /// let (data, response) = try await stub.send(request)
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The handler's response as body and `HTTPURLResponse`.
    /// - Throws: What the handler throws.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (place, ready) = state.withLock { state -> (Int, [CheckedContinuation<Bool, Never>]) in
            state.requests.append(request)
            let count = state.requests.count
            let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return (count - 1, ready)
        }
        for continuation in ready { continuation.resume(returning: true) }
        let response = try await answer(request, place)
        let url = request.url ?? URL(fileURLWithPath: "/")
        return (response.body, response.httpResponse(for: url))
    }
}
