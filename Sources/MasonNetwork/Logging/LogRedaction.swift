public import Foundation

/// What a ``LoggingTransport`` hides before a request or response reaches the log: the values of
/// credential-carrying header fields, the values of secret query (and fragment) parameters and the
/// password of a URL's user info — also in URLs a header's value holds (`Location`, `Link`, `Referer`).
///
/// Names are matched case-insensitively; besides the names listed, any name that says what it holds —
/// containing `token`, `secret`, `password`, `passwd`, `signature`, `credential`, `apikey`, `api-key`
/// or `api_key` — is hidden. A redacted value is replaced by ``LogRedaction/placeholder``, so the log
/// still shows that the field was there. Redaction is a safety net, not a guarantee: a secret in a
/// path, or under a name nobody would guess, goes through.
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

    /// Hides `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, the API key headers
    /// (`X-API-Key`, `api-key`, `X-Goog-Api-Key`, `Ocp-Apim-Subscription-Key`), `Private-Token`,
    /// `X-Vault-Token`, `X-Auth-Token`, `X-CSRF-Token` and `X-Amz-Security-Token`; the query parameters
    /// `token`, `access_token`, `refresh_token`, `id_token`, `api_key`, `apikey`, `key`, `password`,
    /// `secret`, `client_secret`, `signature`, `sig`, `code` (OAuth's), `session`, `sessionid`,
    /// `jsessionid`, `assertion`, `client_assertion` and presigned URLs' `X-Amz-Credential`,
    /// `X-Amz-Signature`, `X-Amz-Security-Token`, `X-Goog-Credential` and `X-Goog-Signature`; and any
    /// name that says it holds a token, a secret, a password, a signature, a credential or an API key.
    ///
    /// ```swift
    /// URLSessionTransport.shared.logging(to: logger, redaction: .standard)
    /// ```
    public static let standard = LogRedaction(
        headers: [
            "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-API-Key", "api-key",
            "X-Goog-Api-Key", "Ocp-Apim-Subscription-Key", "Private-Token", "X-Vault-Token", "X-Auth-Token",
            "X-CSRF-Token", "X-Amz-Security-Token"
        ],
        queryItems: [
            "token", "access_token", "refresh_token", "id_token", "api_key", "apikey", "key", "password",
            "secret", "client_secret", "signature", "sig", "code", "session", "sessionid", "jsessionid",
            "assertion", "client_assertion", "x-amz-credential", "x-amz-signature", "x-amz-security-token",
            "x-goog-credential", "x-goog-signature"
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

    /// The value of a header field as it may be logged: hidden, or, for a field holding URLs
    /// (`Location`, `Content-Location`, `Referer`, `Link`), with their secrets replaced.
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
        let lowercased = name.lowercased()
        if headerNames.contains(lowercased) || Self.saysItIsSecret(lowercased) { return Self.placeholder }
        switch lowercased {
        case "location", "content-location", "referer": return urlText(value)
        case "link": return linkTargets(value)
        default: return value
        }
    }

    /// Whether a lowercased name says it holds a secret, whatever the lists hold.
    private static func saysItIsSecret(_ name: String) -> Bool {
        secretWords.contains { name.contains($0) }
    }

    private static let secretWords = [
        "token", "secret", "password", "passwd", "signature", "credential", "apikey", "api-key", "api_key"
    ]

    /// Whether a query (or fragment) parameter's value is hidden: for ``Endpoint/summary`` and URLs.
    func hidesQueryItem(named name: String) -> Bool {
        let lowercased = name.lowercased()
        return queryItemNames.contains(lowercased) || Self.saysItIsSecret(lowercased)
    }

    /// A `Link` field's value with each `<target>` redacted as a URL.
    private func linkTargets(_ value: String) -> String {
        var result = ""
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            result += rest[...open] + urlText(String(rest[rest.index(after: open)..<close])) + ">"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
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
    /// the values of hidden query and fragment parameters are replaced.
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
        urlText(url.absoluteString)
    }

    /// The text of a URL (absolute or relative) with its secrets replaced; one that does not parse
    /// is not shown at all.
    private func urlText(_ original: String) -> String {
        var text = original
        guard let components = URLComponents(string: original) else { return Self.placeholder }
        if let user = components.percentEncodedUser, let password = components.percentEncodedPassword,
            let range = text.range(of: "//\(user):\(password)@")
        {
            text.replaceSubrange(range, with: "//\(user):\(Self.placeholder)@")
        } else if let user = components.percentEncodedUser, let range = text.range(of: "//\(user)@") {
            // A user part alone is often the credential itself (`https://<token>@github.com/…`).
            text.replaceSubrange(range, with: "//\(Self.placeholder)@")
        }
        if let query = components.percentEncodedQuery, let range = text.range(of: "?" + query) {
            text.replaceSubrange(range, with: "?" + redactedParameters(query))
        }
        // OAuth's implicit flow hands the token over in the fragment.
        if let fragment = components.percentEncodedFragment, let range = text.range(of: "#" + fragment) {
            text.replaceSubrange(range, with: "#" + redactedParameters(fragment))
        }
        return text
    }

    /// `name=value` pairs, separated by `&` or `;`, with the values of hidden names replaced.
    private func redactedParameters(_ parameters: String) -> String {
        var result = ""
        var pair = ""
        func flush() {
            if let equals = pair.firstIndex(of: "=") {
                let name = String(pair[..<equals])
                let decoded = name.removingPercentEncoding ?? name
                result += hidesQueryItem(named: decoded) ? "\(name)=\(Self.placeholder)" : pair
            } else {
                result += pair
            }
            pair = ""
        }
        for character in parameters {
            if character == "&" || character == ";" {
                flush()
                result.append(character)
            } else {
                pair.append(character)
            }
        }
        flush()
        return result
    }
}
