public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A response kept by a ``ResponseCache``: the body, the status and header fields of the
/// `HTTPURLResponse`, when it was stored, and the request's values of the fields its `Vary` names.
///
/// `storedAt` is a time on the timeline of the cache that holds the response (``ResponseCache/now``);
/// the cache's ``ResponseCache/age(of:)`` turns it into an age. A value type, `Sendable`.
///
/// ```swift
/// let (data, response) = try await URLSessionTransport.shared.send(request)
/// let cached = CachedResponse(data: data, response: response, storedAt: cache.now)
/// cached.status                          // 200
/// cached.value(forHeader: "content-type") // "application/json"
/// ```
public struct CachedResponse: Sendable, Equatable {
    /// The response body.
    public var data: Data

    /// The HTTP status code.
    public var status: Int

    /// The response header fields.
    public var headers: [String: String]

    /// When the response was stored, on the timeline of the cache holding it.
    public var storedAt: Duration

    /// The values the request had for the fields the response's `Vary` names outside the key (see
    /// ``CacheKey/varyingHeaderFields``), by lowercased name; a field the request lacked has no entry.
    /// The response answers only requests with the same values: see ``matches(_:)``.
    ///
    /// ```swift
    /// // GET /report with X-Tenant: 7, answered with Vary: X-Tenant
    /// cached.variedRequestFields   // ["x-tenant": "7"]
    /// ```
    public var variedRequestFields: [String: String]

    /// A cached response from its parts.
    ///
    /// ```swift
    /// let cached = CachedResponse(data: Data("hi".utf8), status: 200, headers: ["Content-Type": "text/plain"])
    /// ```
    /// - Parameters:
    ///   - data: The body.
    ///   - status: The status code.
    ///   - headers: The header fields.
    ///   - storedAt: When it was stored, on the cache's timeline; zero by default.
    ///   - variedRequestFields: The request's values of the fields `Vary` names outside the key, by
    ///     lowercased name; none by default.
    public init(
        data: Data, status: Int, headers: [String: String] = [:], storedAt: Duration = .zero,
        variedRequestFields: [String: String] = [:]
    ) {
        self.data = data
        self.status = status
        self.headers = headers
        self.storedAt = storedAt
        self.variedRequestFields = variedRequestFields
    }

    /// A cached response from what a ``Transport`` returned.
    ///
    /// ```swift
    /// let (data, response) = try await transport.send(request)
    /// let cached = CachedResponse(data: data, response: response, storedAt: cache.now)
    /// ```
    /// - Parameters:
    ///   - data: The body.
    ///   - response: The HTTP response; its status and header fields are kept.
    ///   - storedAt: When it is stored, on the cache's timeline.
    public init(data: Data, response: HTTPURLResponse, storedAt: Duration) {
        self.init(data: data, head: ResponseHead(response), storedAt: storedAt)
    }

    /// A cached response from what a ``Transport`` returned as a head.
    ///
    /// ```swift
    /// let (data, head) = try await transport.response(to: request)
    /// let cached = CachedResponse(data: data, head: head, storedAt: cache.now)
    /// ```
    /// - Parameters:
    ///   - data: The body.
    ///   - head: The head of the response; its status and header fields are kept.
    ///   - storedAt: When it is stored, on the cache's timeline.
    public init(data: Data, head: ResponseHead, storedAt: Duration) {
        self.init(data: data, status: head.statusCode, headers: head.headerFields, storedAt: storedAt)
    }

    /// The value of a header field, whatever the case of its name.
    ///
    /// ```swift
    /// cached.value(forHeader: "cache-control")   // "max-age=60"
    /// ```
    /// - Parameter name: The field name.
    /// - Returns: The value, or `nil` when the response has no such field.
    public func value(forHeader name: String) -> String? {
        headerValue(in: headers, named: name)
    }

    /// The fields the response's `Vary` names that its ``CacheKey`` does not hold, lowercased, or `nil`
    /// for `Vary: *` (no request can be shown to match).
    ///
    /// ```swift
    /// // Vary: Accept-Encoding, X-Tenant
    /// cached.fieldsVariedOutsideTheKey   // ["x-tenant"]
    /// ```
    public var fieldsVariedOutsideTheKey: [String]? {
        guard let vary = value(forHeader: "Vary") else { return [] }
        return CacheKey.fields(outsideTheKeyIn: vary)
    }

    /// Whether this response answers `request`: it does unless its `Vary` names a field, outside the
    /// key, that `request` has another value for (or has where the stored request had none, or lacks
    /// where it had one), or its `Vary` is `*`. One response is kept for a key: another variant of it
    /// is a miss, and its answer replaces this one.
    ///
    /// ```swift
    /// // stored for X-Tenant: 7, with Vary: X-Tenant
    /// cached.matches(request(tenant: "7"))   // true
    /// cached.matches(request(tenant: "8"))   // false
    /// ```
    /// - Parameter request: The request to answer.
    /// - Returns: Whether the stored response may answer it.
    public func matches(_ request: URLRequest) -> Bool {
        guard let fields = fieldsVariedOutsideTheKey else { return false }
        return fields.allSatisfy { request.value(forHTTPHeaderField: $0) == variedRequestFields[$0] }
    }

    /// This response, remembering `request`'s values of the fields its `Vary` names outside the key.
    func remembering(_ request: URLRequest) -> CachedResponse {
        var remembered = self
        remembered.variedRequestFields = [:]
        for field in fieldsVariedOutsideTheKey ?? [] {
            remembered.variedRequestFields[field] = request.value(forHTTPHeaderField: field)
        }
        return remembered
    }

    /// Whether the response forbids caches to keep it: `Cache-Control: no-store`.
    ///
    /// ```swift
    /// CachedResponse(data: Data(), status: 200, headers: ["Cache-Control": "private, no-store"]).isNoStore   // true
    /// ```
    public var isNoStore: Bool {
        value(forHeader: "Cache-Control").map(Self.hasNoStore) ?? false
    }

    /// An `HTTPURLResponse` for `url` with the stored status and header fields, and an `Age` field
    /// when `age` is given (whole seconds, as HTTP caches add it).
    ///
    /// ```swift
    /// let response = cached.httpResponse(for: url, age: .seconds(42))
    /// response.value(forHTTPHeaderField: "Age")   // "42"
    /// ```
    /// - Parameters:
    ///   - url: The URL of the request being answered.
    ///   - age: How long the response has been cached, or `nil` for the `Age` field it arrived with;
    ///     the field is then that plus the `Age` it arrived with (RFC 9111 §4.2.3).
    /// - Returns: The response.
    public func httpResponse(for url: URL, age: Duration? = nil) -> HTTPURLResponse {
        let head = head(for: url, age: age)
        // The initializer fails only for a status code HTTPURLResponse does not accept.
        return head.httpURLResponse
            ?? HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: head.headerFields)!
    }

    /// The head of a response for `url` with the stored status and header fields, and an `Age` field
    /// when `age` is given (whole seconds, as HTTP caches add it); see ``httpResponse(for:age:)``.
    ///
    /// ```swift
    /// cached.head(for: url, age: .seconds(42)).value(forHTTPHeaderField: "Age")   // "42"
    /// ```
    /// - Parameters:
    ///   - url: The URL of the request being answered.
    ///   - age: How long the response has been cached, or `nil` for the `Age` field it arrived with;
    ///     the field is then that plus the `Age` it arrived with (RFC 9111 §4.2.3).
    /// - Returns: The head.
    public func head(for url: URL, age: Duration? = nil) -> ResponseHead {
        var fields = headers
        if let age {
            for name in fields.keys where name.lowercased() == "age" { fields[name] = nil }
            fields["Age"] = String(max(0, (age + arrivedAge).components.seconds))
        }
        return ResponseHead(url: url, statusCode: status, headerFields: fields)
    }

    /// Whether a `Cache-Control` value holds the `no-store` directive.
    static func hasNoStore(_ cacheControl: String) -> Bool {
        cacheControl.split(separator: ",").contains { directive in
            directive.trimmingCharacters(in: .whitespaces).lowercased() == "no-store"
        }
    }
}
