#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif
import Crypto

/// What identifies a cached response: the method, the URL and the request header fields that change
/// the response (`Accept`, `Accept-Encoding`, `Accept-Language`, `Authorization`).
///
/// Two requests with the same key get the same cached response (``SingleFlightTransport`` asks more: the
/// same key and the same other fields). A request whose answer is its own is never cached nor shared: one with a
/// `Range`, a condition (`If-None-Match`, `If-Modified-Since`, any `If-…` field), a `Cookie` or a
/// `Proxy-Authorization`. Every other header field is ignored. The `Authorization` value is never
/// kept in clear: the key holds its SHA-256 digest, so two requests with different `Authorization`
/// values never share an entry, and a key (in a log, in a persistent store) reveals no credential. A
/// credential in any other field (an `X-API-Key`, say) does not tell keys apart: send it as
/// `Authorization`, or give each user a transport and cache of their own.
///
/// A response whose `Vary` names fields outside the key is stored with the request's values of them
/// and answers only requests with the same values (``CachedResponse/matches(_:)``): the key holds one
/// variant, the latest. A response with `Vary: *` is never stored (see ``ResponseCache``'s
/// `store(_:_:for:)`).
///
/// ```swift
/// var request = URLRequest(url: URL(string: "https://api.example.com/profile")!)
/// request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
/// let key = CacheKey(request)!
/// key.method                     // "GET"
/// key.url                        // "https://api.example.com/profile"
/// key.headers["Authorization"]   // "sha256:1b2c…" (64 hexadecimal digits, never "Bearer secret")
/// ```
public struct CacheKey: Hashable, Sendable, CustomStringConvertible {
    /// The request header fields that are part of a key, in their canonical spelling.
    ///
    /// ```swift
    /// CacheKey.varyingHeaderFields   // ["Accept", "Accept-Encoding", "Accept-Language", "Authorization"]
    /// ```
    public static let varyingHeaderFields = ["Accept", "Accept-Encoding", "Accept-Language", "Authorization"]

    /// Whether keys alone tell apart the requests a response whose `Vary` field is `vary` answers
    /// differently: `true` when every field it names is one of ``varyingHeaderFields`` (whatever the
    /// case), `false` for `*` or any other field (the response is then kept as one variant of its key:
    /// see ``CachedResponse/matches(_:)``).
    ///
    /// ```swift
    /// CacheKey.covers(vary: "Accept-Encoding, accept-language")   // true
    /// CacheKey.covers(vary: "X-Tenant")                           // false: requests differing in it share a key
    /// ```
    /// - Parameter vary: The value of a response's `Vary` field.
    /// - Returns: Whether keys alone tell the variants apart.
    public static func covers(vary: String) -> Bool {
        fields(outsideTheKeyIn: vary)?.isEmpty ?? false
    }

    /// The fields `vary` names that are not ``varyingHeaderFields``, lowercased and once each, or `nil`
    /// when it is `*`.
    static func fields(outsideTheKeyIn vary: String) -> [String]? {
        var fields: [String] = []
        for field in vary.split(separator: ",") {
            let name = field.trimmingCharacters(in: .whitespaces).lowercased()
            if name == "*" { return nil }
            let isKeyed = varyingHeaderFields.contains { $0.lowercased() == name }
            if !name.isEmpty, !isKeyed, !fields.contains(name) { fields.append(name) }
        }
        return fields
    }

    /// The request method, in upper case (`"GET"` when the request has none).
    public let method: String

    /// The absolute URL of the request.
    public let url: String

    /// The varying header fields the request has, by canonical name; `Authorization` as
    /// `sha256:<hexadecimal digest>`.
    public let headers: [String: String]

    /// The key of `request`, or `nil` when it has no URL.
    ///
    /// Header names are matched without regard to case; a field the request lacks is simply absent.
    ///
    /// ```swift
    /// let key = CacheKey(URLRequest(url: URL(string: "https://example.com/a")!))
    /// key?.description   // "GET https://example.com/a"
    /// ```
    /// - Parameter request: The request.
    public init?(_ request: URLRequest) {
        guard let url = request.url else { return nil }
        var headers: [String: String] = [:]
        for name in Self.varyingHeaderFields {
            guard let value = request.value(forHTTPHeaderField: name) else { continue }
            headers[name] = name == "Authorization" ? Self.digest(of: value) : value
        }
        self.init(method: request.httpMethod ?? "GET", url: url.absoluteString, headers: headers)
    }

    /// A key from its parts, as a persistent cache reads it back.
    ///
    /// `headers` are taken as given: pass an `Authorization` value through
    /// ``digest(of:)`` first if it is a credential.
    ///
    /// ```swift
    /// let key = CacheKey(method: "get", url: "https://example.com/a", headers: ["Accept": "application/json"])
    /// key.method   // "GET"
    /// ```
    /// - Parameters:
    ///   - method: The request method; stored in upper case.
    ///   - url: The absolute URL.
    ///   - headers: The varying header fields, by canonical name.
    public init(method: String, url: String, headers: [String: String] = [:]) {
        self.method = method.uppercased()
        self.url = url
        self.headers = headers
    }

    /// What a key holds in place of a credential: `sha256:` and the SHA-256 digest of `value` in
    /// lowercase hexadecimal.
    ///
    /// ```swift
    /// CacheKey.digest(of: "abc")
    /// // "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    /// ```
    /// - Parameter value: The header value.
    /// - Returns: Its digest, prefixed with `sha256:`.
    public static func digest(of value: String) -> String {
        "sha256:"
            + SHA256.hash(data: Data(value.utf8)).map { byte in
                let hex = String(byte, radix: 16)
                return byte < 16 ? "0" + hex : hex
            }.joined()
    }

    /// Whether responses to this key's method may be cached and shared: `GET` and `HEAD` only.
    ///
    /// ```swift
    /// CacheKey(method: "POST", url: "https://example.com/a").isCacheable   // false
    /// ```
    public var isCacheable: Bool {
        method == "GET" || method == "HEAD"
    }

    /// The method, the URL and the varying header fields sorted by name, credentials as digests.
    ///
    /// ```swift
    /// print(key)   // GET https://example.com/a Accept=application/json
    /// ```
    public var description: String {
        let fields = headers.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }
        return "\(method) \(url)" + fields.joined()
    }

    /// The key of `request` when its responses may be cached and shared: a `GET` or `HEAD` with a URL
    /// and none of the fields that make its answer its own (see `isPersonal(_:)`).
    static func cacheable(_ request: URLRequest) -> CacheKey? {
        guard let key = CacheKey(request), key.isCacheable, !isPersonal(request) else { return nil }
        return key
    }

    /// Whether `request` carries a field that makes its answer its own, which the key does not hold: a
    /// `Range` (the answer is a part), a condition (`If-…`: the answer may be a bare 304 or 412), or a
    /// credential other than `Authorization` (`Cookie`, `Proxy-Authorization`).
    private static func isPersonal(_ request: URLRequest) -> Bool {
        guard let fields = request.allHTTPHeaderFields else { return false }
        return fields.keys.contains { name in
            let name = name.lowercased()
            return name.hasPrefix("if-") || name == "range" || name == "cookie" || name == "proxy-authorization"
        }
    }
}
