public import Foundation

/// A request as the ``LoopbackServer`` received it, kept for assertions.
///
/// ```swift
/// let request = try #require(server.lastRequest(path: "/headers"))
/// request.method                      // "GET"
/// request.header("Authorization")     // "Basic Z3Vlc3Q6Z3Vlc3Q="
/// request.headers["authorization"]    // the same: keys are lowercased
/// ```
public struct RecordedRequest: Sendable, Hashable {
    /// The arrival order, starting at 1, over all requests the server received.
    ///
    /// ```swift
    /// server.requests().map(\.number)   // [1, 2, 3]
    /// ```
    public let number: Int

    /// The method.
    ///
    /// ```swift
    /// server.lastRequest(path: "/echo")?.method   // "POST"
    /// ```
    public let method: String

    /// The path without the query.
    ///
    /// ```swift
    /// server.lastRequest()?.path   // "/products/1"
    /// ```
    public let path: String

    /// The decoded query items; the last one wins when a name repeats.
    ///
    /// ```swift
    /// server.lastRequest(path: "/")?.query["name"]   // "mason"
    /// ```
    public let query: [String: String]

    /// The headers, names lowercased; repeated fields are joined with `", "`.
    ///
    /// ```swift
    /// server.lastRequest()?.headers["authorization"]   // "Basic Z3Vlc3Q6Z3Vlc3Q="
    /// ```
    public let headers: [String: String]

    /// The body (empty when there was none).
    ///
    /// ```swift
    /// server.lastRequest(path: "/echo")?.body.count   // 17
    /// ```
    public let body: Data

    /// The test-chosen id from `X-Loopback-ID` or the `loopback-id` query item.
    ///
    /// ```swift
    /// server.lastRequest(path: "/ip")?.id   // "t1"
    /// ```
    public let id: String?

    /// The fault the server applied, or `nil` when it responded normally.
    ///
    /// ```swift
    /// server.requests(id: "t1").map(\.fault)   // [.status(503), nil]
    /// ```
    public let fault: Fault?

    /// Creates a record; the server does this for every request it receives.
    ///
    /// ```swift
    /// let request = RecordedRequest(number: 1, method: "GET", path: "/ip")
    /// request.header("accept")   // nil
    /// ```
    ///
    /// - Parameters:
    ///   - number: The arrival order, from 1.
    ///   - method: The method.
    ///   - path: The path without the query.
    ///   - query: The decoded query items.
    ///   - headers: The headers, names lowercased.
    ///   - body: The body.
    ///   - id: The test-chosen id.
    ///   - fault: The fault applied.
    public init(
        number: Int,
        method: String,
        path: String,
        query: [String: String] = [:],
        headers: [String: String] = [:],
        body: Data = Data(),
        id: String? = nil,
        fault: Fault? = nil
    ) {
        self.number = number
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.id = id
        self.fault = fault
    }

    /// The value of the header `name`, compared case-insensitively.
    ///
    /// ```swift
    /// request.header("Content-Type")   // "application/json"
    /// ```
    ///
    /// - Parameter name: The header name in any case.
    /// - Returns: The value, or `nil` when the request had no such header.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The body as UTF-8 text, or `nil` when it is not valid UTF-8.
    ///
    /// ```swift
    /// server.lastRequest(path: "/echo")?.bodyText   // "{\"title\":\"Mason\"}"
    /// ```
    public var bodyText: String? {
        String(data: body, encoding: .utf8)
    }
}
