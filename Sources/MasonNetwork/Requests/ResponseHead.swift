public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The head of an HTTP response — its status code and header fields — as the transport received it.
///
/// A transport on URLSession receives an `HTTPURLResponse` and wraps it; a transport on another HTTP
/// client (MasonAsyncHTTPClient's) keeps the status and fields it got, and builds an `HTTPURLResponse`
/// only when one is asked for (``httpURLResponse``). Building one costs more than many requests'
/// whole pipeline on a fast link (Foundation parses the media type and charset as it does), and most
/// requests never need it: ``requestAsync(_:transport:)`` and its twins look at the status alone, and at
/// the fields only to report a failure. A plain value: `Sendable`.
///
/// ```swift
/// let head = ResponseHead(url: url, statusCode: 503, headerFields: ["Retry-After": "2"])
/// head.statusCode                                      // 503
/// head.value(forHTTPHeaderField: "retry-after")        // "2"
/// head.httpURLResponse?.statusCode                     // 503, built now
/// ```
public struct ResponseHead: Sendable {
    private enum Storage: Sendable {
        case foundation(HTTPURLResponse)
        case fields(url: URL, httpVersion: String, headerFields: [String: String])
    }

    private let storage: Storage

    /// The status code, for example `200`.
    public let statusCode: HTTPStatusCode

    /// Wraps an `HTTPURLResponse`; ``httpURLResponse`` returns it as it is.
    ///
    /// ```swift
    /// let (data, response) = try await URLSession.shared.data(for: request)
    /// let head = ResponseHead(response as! HTTPURLResponse)
    /// ```
    /// - Parameter response: The response.
    public init(_ response: HTTPURLResponse) {
        storage = .foundation(response)
        statusCode = response.statusCode
    }

    /// A head from its parts, for a transport that did not receive an `HTTPURLResponse`.
    ///
    /// ```swift
    /// let head = ResponseHead(url: url, statusCode: 200, headerFields: ["Content-Type": "application/json"])
    /// ```
    /// - Parameters:
    ///   - url: The URL that answered (after any redirect).
    ///   - statusCode: The status code.
    ///   - httpVersion: The protocol version, `"HTTP/1.1"` by default.
    ///   - headerFields: The header fields; repeated fields joined with `", "`, as HTTP allows.
    public init(
        url: URL, statusCode: HTTPStatusCode, httpVersion: String = "HTTP/1.1", headerFields: [String: String] = [:]
    ) {
        storage = .fields(url: url, httpVersion: httpVersion, headerFields: headerFields)
        self.statusCode = statusCode
    }

    /// Every header field, names as the server sent them.
    ///
    /// ```swift
    /// head.headerFields   // ["Content-Type": "application/json", "Content-Length": "24"]
    /// ```
    public var headerFields: [String: String] {
        switch storage {
        case .foundation(let response):
            var fields: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                fields[(name as? String) ?? String(describing: name)] = (value as? String) ?? String(describing: value)
            }
            return fields
        case .fields(_, _, let fields):
            return fields
        }
    }

    /// The value of a header field, looked up without regard to case, as HTTP requires.
    ///
    /// ```swift
    /// head.value(forHTTPHeaderField: "content-type")   // "application/json"
    /// ```
    /// - Parameter name: The field name.
    /// - Returns: The field's value, or `nil` if the response has no such field.
    public func value(forHTTPHeaderField name: String) -> String? {
        headerValue(in: headerFields, named: name)
    }

    /// The URL that answered, after any redirect; `nil` only for an `HTTPURLResponse` made without one.
    ///
    /// ```swift
    /// ResponseHead(url: url, statusCode: 200).url   // url
    /// ```
    public var url: URL? {
        switch storage {
        case .foundation(let response): response.url
        case .fields(let url, _, _): url
        }
    }

    /// The head as an `HTTPURLResponse`: the one it wraps, or one built now from its parts (each call
    /// builds another, so keep the result). `nil` only if Foundation refuses to build one, which it does
    /// not for a status it can read.
    ///
    /// ```swift
    /// let response = head.httpURLResponse   // an HTTPURLResponse with head's status and fields
    /// ```
    public var httpURLResponse: HTTPURLResponse? {
        switch storage {
        case .foundation(let response):
            response
        case .fields(let url, let httpVersion, let fields):
            HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: httpVersion, headerFields: fields)
        }
    }
}

/// The value of the field `name` in `fields`, looked up without regard to case: the exact name first.
func headerValue(in fields: [String: String], named name: String) -> String? {
    if let exact = fields[name] { return exact }
    return fields.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
}

/// The body and the `HTTPURLResponse` for a body and a head, for the methods that return one;
/// ``NetworkRequestError/noResponse`` when none can be built.
package func foundationResponse<Body>(_ answer: (Body, ResponseHead)) throws(NetworkRequestError) -> (
    Body, HTTPURLResponse
) {
    guard let response = answer.1.httpURLResponse else { throw .noResponse }
    return (answer.0, response)
}

extension Transport {
    /// ``Transport/download(_:)`` with the response as a head, for the decorators' shared code.
    package func downloadReturningHead(_ request: URLRequest) async throws -> (URL, ResponseHead) {
        let (file, response) = try await download(request)
        return (file, ResponseHead(response))
    }
}
