package import AsyncHTTPClient
package import Foundation
#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif
package import MasonNetwork
import NIOCore
package import NIOHTTP1

// Between Foundation's request and response types and async-http-client's.

extension HTTPClient.Request {
    /// The client request for `request`: its URL, method (GET when it has none), every header field (in
    /// name order) and its `httpBody` (in pieces, so that each counts as progress), or its
    /// `httpBodyStream` read as it is sent.
    ///
    /// - Throws: `NetworkRequestError.invalidRequest` when it has no URL; the client's error for a URL
    ///   it cannot send to (no host, an unsupported scheme).
    package init(_ request: URLRequest) throws {
        guard let url = request.url else { throw NetworkRequestError.invalidRequest }
        try self.init(
            url: url,
            method: NIOHTTP1.HTTPMethod(rawValue: request.httpMethod ?? "GET"),
            headers: HTTPHeaders(fieldsOf: request),
            body: request.httpBody.map { .inPieces($0) }
                ?? request.httpBodyStream.map { .reading($0, length: BodyStreamReader.declaredLength(of: request)) }
        )
    }
}

extension HTTPClientRequest {
    /// The async API's request for `request`: its URL, method (GET when it has none), every header field
    /// (in name order) and its `httpBody`, or its `httpBodyStream` read as it is sent.
    ///
    /// - Throws: `NetworkRequestError.invalidRequest` when it has no URL.
    package init(_ request: URLRequest) throws(NetworkRequestError) {
        guard let url = request.url else { throw .invalidRequest }
        self.init(url: url.absoluteString)
        method = NIOHTTP1.HTTPMethod(rawValue: request.httpMethod ?? "GET")
        headers = HTTPHeaders(fieldsOf: request)
        body =
            request.httpBody.map { .bytes($0) }
            ?? request.httpBodyStream.map { .reading($0, length: BodyStreamReader.declaredLength(of: request)) }
    }
}

extension HTTPHeaders {
    /// Every header field of `request`, in name order.
    package init(fieldsOf request: URLRequest) {
        self.init()
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            add(name: name, value: value)
        }
    }
}

extension ResponseHead {
    /// The head `head` of the answer from `url`: its status, its header fields (a repeated field joined
    /// with `", "`) and its HTTP version. No `HTTPURLResponse` is built until one is asked for.
    package init(_ head: HTTPResponseHead, from url: URL) {
        var fields = [String: String](minimumCapacity: head.headers.count)
        for (name, value) in head.headers {
            fields[name] = fields[name].map { "\($0), \(value)" } ?? value
        }
        self.init(
            url: url,
            statusCode: Int(head.status.code),
            httpVersion: "HTTP/\(head.version.major).\(head.version.minor)",
            headerFields: fields
        )
    }
}
