public import Foundation

/// What a ``LoggingTransport`` hides before a request or response reaches the log: the values of
/// credential-carrying header fields, the values of secret query parameters and the password of a
/// URL's user info.
///
/// Names are matched case-insensitively. A redacted value is replaced by ``LogRedaction/placeholder``,
/// so the log still shows that the field was there.
///
/// ```swift
/// let redaction = LogRedaction.standard.adding(headers: ["X-Session"], queryItems: ["sig"])
/// redaction.header("Authorization", "Bearer s3cret")   // "<redacted>"
/// redaction.header("Accept", "application/json")      // "application/json"
/// redaction.url(URL(string: "https://u:pw@host/p?token=t&q=1")!)
/// // "https://u:<redacted>@host/p?token=<redacted>&q=1"
/// ```
public struct LogRedaction: Sendable, Hashable {
    /// The lowercased names of the header fields whose values are hidden.
    public private(set) var headerNames: Set<String>

    /// The lowercased names of the query parameters whose values are hidden.
    public private(set) var queryItemNames: Set<String>

    /// The text that replaces a hidden value: `<redacted>`.
    public static let placeholder = "<redacted>"

    /// A redaction hiding the given header fields and query parameters (names are case-insensitive).
    ///
    /// ```swift
    /// let onlyAuthorization = LogRedaction(headers: ["Authorization"], queryItems: [])
    /// ```
    ///
    /// - Parameters:
    ///   - headers: The header fields whose values are hidden.
    ///   - queryItems: The query parameters whose values are hidden.
    public init(headers: Set<String>, queryItems: Set<String>) {
        headerNames = Set(headers.map { $0.lowercased() })
        queryItemNames = Set(queryItems.map { $0.lowercased() })
    }

    /// Hides `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `X-API-Key`,
    /// `X-Auth-Token` and `X-CSRF-Token`, and the query parameters `token`, `access_token`,
    /// `refresh_token`, `id_token`, `api_key`, `apikey`, `key`, `password`, `secret`,
    /// `client_secret`, `signature` and `sig`.
    ///
    /// ```swift
    /// URLSessionTransport.shared.logging(to: logger, redaction: .standard)
    /// ```
    public static let standard = LogRedaction(
        headers: [
            "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-API-Key", "X-Auth-Token",
            "X-CSRF-Token"
        ],
        queryItems: [
            "token", "access_token", "refresh_token", "id_token", "api_key", "apikey", "key", "password",
            "secret", "client_secret", "signature", "sig"
        ]
    )

    /// This redaction, also hiding the given header fields and query parameters.
    ///
    /// ```swift
    /// let redaction = LogRedaction.standard.adding(headers: ["X-Session"])
    /// ```
    ///
    /// - Parameters:
    ///   - headers: More header fields to hide.
    ///   - queryItems: More query parameters to hide.
    /// - Returns: The wider redaction.
    public func adding(headers: Set<String> = [], queryItems: Set<String> = []) -> LogRedaction {
        var wider = self
        wider.headerNames.formUnion(headers.map { $0.lowercased() })
        wider.queryItemNames.formUnion(queryItems.map { $0.lowercased() })
        return wider
    }

    /// The value of a header field as it may be logged.
    ///
    /// ```swift
    /// LogRedaction.standard.header("cookie", "id=42")   // "<redacted>"
    /// ```
    ///
    /// - Parameters:
    ///   - name: The field's name.
    ///   - value: The field's value.
    /// - Returns: The value, or ``placeholder`` when the field is hidden.
    public func header(_ name: String, _ value: String) -> String {
        headerNames.contains(name.lowercased()) ? Self.placeholder : value
    }

    /// The header fields as they may be logged, sorted by name.
    ///
    /// ```swift
    /// LogRedaction.standard.headers(["Authorization": "Basic Z3Vlc3Q6Z3Vlc3Q=", "Accept": "*/*"])
    /// // "Accept: */*, Authorization: <redacted>"
    /// ```
    ///
    /// - Parameter fields: The header fields.
    /// - Returns: `Name: value` pairs joined by commas.
    public func headers(_ fields: [String: String]) -> String {
        fields.sorted { $0.key.lowercased() < $1.key.lowercased() }
            .map { "\($0.key): \(header($0.key, $0.value))" }
            .joined(separator: ", ")
    }

    /// The URL as it may be logged: a user-info password (or a user part alone, often a token) and
    /// hidden query values are replaced.
    ///
    /// ```swift
    /// LogRedaction.standard.url(URL(string: "http://127.0.0.1/ip?api_key=abc")!)
    /// // "http://127.0.0.1/ip?api_key=<redacted>"
    /// LogRedaction.standard.url(URL(string: "https://ghp_abc@github.com/o/r.git")!)
    /// // "https://<redacted>@github.com/o/r.git"
    /// ```
    ///
    /// - Parameter url: The URL.
    /// - Returns: Its text with secrets replaced.
    public func url(_ url: URL) -> String {
        var text = url.absoluteString
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return text }
        if let user = components.percentEncodedUser, let password = components.percentEncodedPassword,
            let range = text.range(of: "//\(user):\(password)@")
        {
            text.replaceSubrange(range, with: "//\(user):\(Self.placeholder)@")
        } else if let user = components.percentEncodedUser, let range = text.range(of: "//\(user)@") {
            // A user part alone is often the credential itself (`https://<token>@github.com/…`).
            text.replaceSubrange(range, with: "//\(Self.placeholder)@")
        }
        if let query = components.percentEncodedQuery, let range = text.range(of: "?" + query) {
            text.replaceSubrange(range, with: "?" + redactedQuery(query))
        }
        return text
    }

    private func redactedQuery(_ query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals]
            let decoded = String(name).removingPercentEncoding ?? String(name)
            return queryItemNames.contains(decoded.lowercased()) ? "\(name)=\(Self.placeholder)" : String(pair)
        }.joined(separator: "&")
    }
}
