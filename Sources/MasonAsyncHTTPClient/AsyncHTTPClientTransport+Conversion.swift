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

extension ResponseHead {
    /// The head of the client's answer to `request`: its status, its header fields (a repeated field
    /// joined with `", "`), its HTTP version, and the URL it came from (after redirects); `nil` when
    /// there is no URL. No `HTTPURLResponse` is built until one is asked for.
    ///
    /// When the client's last request went to `sentURL` — the string the client request was made with,
    /// so there was no redirect — the head's URL is `request.url`, not a new parse of that string.
    package init?(_ response: HTTPClientResponse, answering request: URLRequest, sentTo sentURL: String? = nil) {
        let lastURL = response.history.last?.request.url
        let redirected = lastURL != nil && lastURL != sentURL
        guard let url = (redirected ? lastURL.flatMap(URL.init(string:)) : nil) ?? request.url else { return nil }
        var fields = [String: String](minimumCapacity: response.headers.count)
        for (name, value) in response.headers {
            fields[name] = fields[name].map { "\($0), \(value)" } ?? value
        }
        self.init(
            url: url,
            statusCode: Int(response.status.code),
            httpVersion: "HTTP/\(response.version.major).\(response.version.minor)",
            headerFields: fields
        )
    }
}
