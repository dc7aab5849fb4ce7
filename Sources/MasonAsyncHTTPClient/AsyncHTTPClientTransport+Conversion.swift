package import AsyncHTTPClient
#if canImport(FoundationNetworking)
import Foundation
package import FoundationNetworking
#else
package import Foundation
#endif
package import MasonNetwork
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

// Between Foundation's request and response types and async-http-client's.

extension HTTPClientRequest {
    /// The client request for `request`: its URL, method (GET when it has none), every header field (in
    /// name order) and its `httpBody`.
    package init(_ request: URLRequest) throws(NetworkRequestError) {
        guard let url = request.url else { throw .invalidRequest }
        self.init(url: url.absoluteString)
        method = NIOHTTP1.HTTPMethod(rawValue: request.httpMethod ?? "GET")
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.add(name: name, value: value)
        }
        if let body = request.httpBody {
            self.body = .bytes(ByteBuffer(data: body))
        }
    }
}

extension HTTPURLResponse {
    /// The Foundation response for the client's answer to `request`: its status, its header fields (a
    /// repeated field joined with `", "`), its HTTP version, and the URL it came from (after redirects);
    /// `nil` when there is no URL.
    package convenience init?(_ response: HTTPClientResponse, answering request: URLRequest) {
        guard let url = response.url ?? request.url else { return nil }
        let fields = Dictionary(response.headers.map { ($0.name, $0.value) }) { first, next in "\(first), \(next)" }
        self.init(
            url: url,
            statusCode: Int(response.status.code),
            httpVersion: "HTTP/\(response.version.major).\(response.version.minor)",
            headerFields: fields
        )
    }
}
