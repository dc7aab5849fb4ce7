package import Foundation

extension URL {
    /// Whether this URL and `other` have one origin (RFC 6454): the same scheme, host and port, the
    /// port being the scheme's own (80, 443) when a URL names none, and case aside.
    ///
    /// ```swift
    /// URL(string: "https://example.com/a")!.hasSameOrigin(as: URL(string: "HTTPS://example.com:443/b")!)   // true
    /// URL(string: "https://example.com/a")!.hasSameOrigin(as: URL(string: "http://example.com/a")!)        // false
    /// ```
    package func hasSameOrigin(as other: URL) -> Bool {
        func origin(_ url: URL) -> (scheme: String?, host: String?, port: Int?) {
            let scheme = url.scheme?.lowercased()
            let defaultPort: Int? = ["http": 80, "ws": 80, "https": 443, "wss": 443][scheme ?? ""]
            return (scheme, url.host?.lowercased(), url.port ?? defaultPort)
        }
        return origin(self) == origin(other)
    }
}
