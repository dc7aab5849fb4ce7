public import Foundation

/// A place to send a request: a path and query items on a host — the `Endpoint` of Sundell's
/// "Constructing URLs in Swift", which his functional networking builds on.
///
/// The URL is built with `URLComponents`; when it cannot be (a path that does not start with `/`, an
/// empty host), ``url`` is `nil` and every request for the endpoint fails at once with
/// ``NetworkRequestError/invalidURL(_:)``, without sending. `Sendable` and `Hashable`.
///
/// ```swift
/// extension Endpoint {
///     static func product(withID id: Int) -> Endpoint {
///         Endpoint(host: "shop.example.com", path: "/products/\(id)")
///     }
///     static func search(matching query: String) -> Endpoint {
///         Endpoint(host: "api.github.com", path: "/search/repositories", queryItems: [URLQueryItem(name: "q", value: query)])
///     }
/// }
/// Endpoint.search(matching: "swift").url   // https://api.github.com/search/repositories?q=swift
/// ```
public struct Endpoint: Sendable, Hashable {
    /// The URL scheme, `"https"` by default.
    public var scheme: String
    /// The host name.
    public var host: String
    /// The port, or `nil` for the scheme's default.
    public var port: Int?
    /// The path, starting with `/`.
    public var path: String
    /// The query items; none by default.
    public var queryItems: [URLQueryItem]

    /// Creates an endpoint.
    ///
    /// ```swift
    /// let local = Endpoint(scheme: "http", host: "127.0.0.1", port: 8080, path: "/products/7")
    /// local.url   // http://127.0.0.1:8080/products/7
    /// ```
    /// - Parameters:
    ///   - scheme: The URL scheme; `"https"` by default.
    ///   - host: The host name.
    ///   - port: The port, or `nil` for the scheme's default.
    ///   - path: The path, starting with `/`.
    ///   - queryItems: The query items; none by default.
    public init(
        scheme: String = "https", host: String, port: Int? = nil, path: String, queryItems: [URLQueryItem] = []
    ) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path
        self.queryItems = queryItems
    }

    /// The endpoint's URL, or `nil` if it cannot be built.
    ///
    /// ```swift
    /// Endpoint(host: "example.com", path: "/a", queryItems: [URLQueryItem(name: "q", value: "1 2")]).url
    /// // https://example.com/a?q=1%202
    /// Endpoint(host: "example.com", path: "no-slash").url   // nil
    /// ```
    public var url: URL? {
        guard !host.isEmpty else { return nil }
        var components = URLComponents()
        components.scheme = scheme
        components.host = host
        components.port = port
        components.path = path
        components.queryItems = queryItems.isEmpty ? nil : queryItems
        return components.url
    }

    /// A description of the endpoint for ``NetworkRequestError/invalidURL(_:)``, built without
    /// `URLComponents`.
    ///
    /// ```swift
    /// Endpoint(host: "example.com", path: "no-slash").summary   // "https://example.com no-slash"
    /// ```
    public var summary: String {
        let port = port.map { ":\($0)" } ?? ""
        let query =
            queryItems.isEmpty ? "" : "?" + queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        return "\(scheme)://\(host)\(port) \(path)\(query)"
    }
}
