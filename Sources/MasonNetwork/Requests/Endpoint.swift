public import Foundation

/// A place to send a request: a path and query items on a host — the `Endpoint` of Sundell's
/// "Constructing URLs in Swift", which his functional networking builds on.
///
/// The URL is built with `URLComponents`; when it cannot be (a path that does not start with `/`, an
/// empty host, a scheme that is not a letter followed by letters, digits, `+`, `-` or `.`, a port
/// outside `0...65535`), ``url`` is `nil` and every request for the endpoint fails at once with
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
    /// Endpoint(host: "example.com", path: "/a", queryItems: [URLQueryItem(name: "q", value: "c++")]).url
    /// // https://example.com/a?q=c%2B%2B — a `+` is encoded, never read as a space
    /// Endpoint(host: "example.com", path: "no-slash").url   // nil
    /// Endpoint(scheme: "https ", host: "example.com", path: "/a").url   // nil
    /// Endpoint(host: "example.com", port: 70_000, path: "/a").url      // nil
    /// ```
    public var url: URL? {
        // Checked before they are set: `URLComponents` ends the process for an invalid scheme or port.
        guard !host.isEmpty, Self.isValidScheme(scheme), port.map({ (0...65_535).contains($0) }) ?? true else {
            return nil
        }
        var components = URLComponents()
        components.scheme = scheme
        components.host = host
        components.port = port
        components.path = path
        components.queryItems = queryItems.isEmpty ? nil : queryItems
        // `URLComponents` leaves `+` as it is, and most servers read a `+` in a query as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url
    }

    /// Whether `scheme` is a URL scheme (RFC 3986): `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, in
    /// ASCII.
    private static func isValidScheme(_ scheme: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        guard let first = scheme.utf8.first, isLetter(first) else { return false }
        return scheme.utf8.dropFirst().allSatisfy { byte in
            isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }
    }

    /// A description of the endpoint for ``NetworkRequestError/invalidURL(_:)``, built without
    /// `URLComponents`, the values of secret query items hidden (as ``LogRedaction/standard`` hides
    /// them).
    ///
    /// ```swift
    /// Endpoint(host: "example.com", path: "no-slash").summary   // "https://example.com no-slash"
    /// ```
    public var summary: String {
        let port = port.map { ":\($0)" } ?? ""
        // Secret values (an API key) stay out of the error, as they stay out of the log.
        let query =
            queryItems.isEmpty
            ? ""
            : "?"
                + queryItems.map { item in
                    let value =
                        LogRedaction.standard.hidesQueryItem(named: item.name) ? LogRedaction.placeholder : item.value
                    return "\(item.name)=\(value ?? "")"
                }.joined(separator: "&")
        return "\(scheme)://\(host)\(port) \(path)\(query)"
    }
}
