public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// An HTTP status code (FunNetworking's `HTTPStatusCode`).
///
/// ```swift
/// let notFound: HTTPStatusCode = 404
/// ```
public typealias HTTPStatusCode = Int

/// What a server answered: the status, the header fields and the body of an HTTP response, and the
/// URL that answered.
///
/// ``NetworkRequestError/invalidResponse(_:)`` carries one for every response outside `200..<300`, so
/// the body of a failed request — an API's error document — is kept (FunNetworking discarded it).
/// A plain value: `Sendable` and `Equatable`.
///
/// ```swift
/// let details = HTTPResponseDetails(status: 404, headers: ["Content-Type": "text/plain"], body: Data("gone".utf8))
/// details.text                               // "gone"
/// details.value(forHeader: "content-type")   // "text/plain"
///
/// if case .failure(.invalidResponse(let details)) = result {
///     logger.warning("\(details.status) from \(details.url?.absoluteString ?? "?")")
/// }
/// ```
public struct HTTPResponseDetails: Sendable, Equatable {
    /// The status code, for example `404`.
    public var status: HTTPStatusCode
    /// The header fields, names as the server sent them.
    public var headers: [String: String]
    /// The body, unchanged.
    public var body: Data
    /// The URL that answered, after any redirect; `nil` for details made from parts without one.
    /// Part of equality, as every other property.
    public var url: URL?

    /// Creates the details of a response from its parts.
    ///
    /// ```swift
    /// let details = HTTPResponseDetails(status: 503, headers: ["Retry-After": "2"], body: Data())
    /// ```
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: The header fields.
    ///   - body: The body.
    ///   - url: The URL that answered, if known.
    public init(status: HTTPStatusCode, headers: [String: String] = [:], body: Data = Data(), url: URL? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// Creates the details of `response` with its `body`, keeping every header field as a string, and
    /// its URL.
    ///
    /// ```swift
    /// let details = HTTPResponseDetails(response, body: data)
    /// details.status   // response.statusCode
    /// details.url      // response.url
    /// ```
    /// - Parameters:
    ///   - response: The HTTP response.
    ///   - body: The body that came with it.
    public init(_ response: HTTPURLResponse, body: Data) {
        self.init(ResponseHead(response), body: body)
    }

    /// Creates the details of the response with `head` and `body`.
    ///
    /// ```swift
    /// let details = HTTPResponseDetails(head, body: data)
    /// details.status   // head.statusCode
    /// details.url      // head.url
    /// ```
    /// - Parameters:
    ///   - head: The status, header fields and URL.
    ///   - body: The body that came with them.
    public init(_ head: ResponseHead, body: Data) {
        self.init(status: head.statusCode, headers: head.headerFields, body: body, url: head.url)
    }

    /// The body decoded as UTF-8, or `nil` if it is not valid UTF-8.
    ///
    /// ```swift
    /// HTTPResponseDetails(status: 500, body: Data("oops".utf8)).text   // "oops"
    /// ```
    public var text: String? {
        String(data: body, encoding: .utf8)
    }

    /// The value of a header field, looked up without regard to case, as HTTP requires.
    ///
    /// ```swift
    /// HTTPResponseDetails(status: 429, headers: ["Retry-After": "3"]).value(forHeader: "retry-after")   // "3"
    /// ```
    /// - Parameter name: The field name.
    /// - Returns: The field's value, or `nil` if the response has no such field.
    public func value(forHeader name: String) -> String? {
        headerValue(in: headers, named: name)
    }
}

extension HTTPResponseDetails: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The status, where it came from and the start of what the server said, with the URL's secrets
    /// hidden (``LogRedaction/standard``) and no header: what a log line or an error message may show.
    ///
    /// ```swift
    /// String(describing: details)   // "HTTP 401 from https://api.example.com/me?access_token=<redacted>: {"error":"expired"}"
    /// ```
    public var description: String {
        let source = url.map { " from " + LogRedaction.standard.url($0) } ?? ""
        return "HTTP \(status)\(source): " + bodyPreview
    }

    /// The ``description`` and the header fields, each redacted as ``LogRedaction/standard`` does.
    ///
    /// ```swift
    /// String(reflecting: details)   // "HTTP 401 from …: … [Content-Type: application/json, Set-Cookie: <redacted>]"
    /// ```
    public var debugDescription: String {
        description + " [" + LogRedaction.standard.headers(headers) + "]"
    }

    /// The same redacted fields, for `dump` and debuggers.
    ///
    /// ```swift
    /// dump(details)   // status, url and headers redacted, the body's size
    /// ```
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "status": status, "url": url.map { LogRedaction.standard.url($0) } as Any,
                "headers": LogRedaction.standard.headers(headers), "body": "\(body.count) bytes"
            ])
    }

    /// The body's first 256 bytes as text, or its size when it is not text.
    private var bodyPreview: String {
        guard !body.isEmpty else { return "no body" }
        guard let text = String(data: body.prefix(256), encoding: .utf8) else { return "\(body.count) bytes" }
        return body.count > 256 ? text + "…" : text
    }
}
