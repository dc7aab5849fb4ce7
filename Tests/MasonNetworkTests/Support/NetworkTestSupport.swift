import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTesting

/// Helpers shared by the MasonNetwork tests, in a namespace so their names cannot clash.
enum NetworkTestSupport {
    /// A URL from a string known to be valid.
    static func url(_ string: String) -> URL {
        guard let url = URL(string: string) else { fatalError("invalid test URL \(string)") }
        return url
    }

    /// A GET request for a URL string known to be valid.
    static func request(_ string: String) -> URLRequest {
        URLRequest(url: url(string))
    }
}

/// A URLProtocol answering `http://stub.test/…` inside a `URLSession`, so `URLSessionTransport` can be
/// tested end to end without a network:
///
/// - `/status/<n>`: status n, body `status <n>`, header `X-Stub: yes`;
/// - `/bytes/<n>`: 200 with n bytes announced in `Content-Length`;
/// - `/chunks/<n>/<size>`: 200 with n chunks of `size` bytes and no `Content-Length`;
/// - `/hang`: never answers (for cancellation and timeouts);
/// - `/echo`: 200 with the request's method, headers and body as JSON.
///
/// A HEAD request gets the status and header fields only, as from a real server.
final class StubURLProtocol: URLProtocol {

    /// A session configuration whose only protocol is this one.
    static func configuration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        return configuration
    }

    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.host == "stub.test"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    private struct Record {
        var seen: [String] = []
        var waiters: [(id: String, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private static let record = Locked(Record())

    /// The `X-Test-ID` values of the requests that reached the protocol (that were sent).
    static func wasSent(_ id: String) -> Bool {
        record.withLock { $0.seen.contains(id) }
    }

    /// Waits, without sleeping, until a request with `X-Test-ID: id` has reached the protocol.
    static func waitUntilSent(_ id: String) async {
        await withCheckedContinuation { continuation in
            let ready = record.withLock { record -> Bool in
                if record.seen.contains(id) { return true }
                record.waiters.append((id, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    override func startLoading() {
        guard let url = request.url else { return }
        if let id = request.value(forHTTPHeaderField: "X-Test-ID") {
            let ready = Self.record.withLock { record -> [CheckedContinuation<Void, Never>] in
                record.seen.append(id)
                let ready = record.waiters.filter { $0.id == id }.map(\.continuation)
                record.waiters.removeAll { $0.id == id }
                return ready
            }
            for continuation in ready { continuation.resume() }
        }
        let parts = url.path.split(separator: "/").map(String.init)
        switch parts.first {
        case "status":
            let status = Int(parts.dropFirst().first ?? "") ?? 500
            respond(status: status, headers: ["X-Stub": "yes"], chunks: [Data("status \(status)".utf8)])
        case "bytes":
            let count = Int(parts.dropFirst().first ?? "") ?? 0
            respond(status: 200, headers: ["Content-Length": "\(count)"], chunks: [Data(repeating: 7, count: count)])
        case "chunks":
            let count = Int(parts.dropFirst().first ?? "") ?? 0
            let size = Int(parts.dropFirst(2).first ?? "") ?? 0
            respond(status: 200, headers: [:], chunks: Array(repeating: Data(repeating: 1, count: size), count: count))
        case "hang":
            break
        case "echo":
            let echo = Echo(
                method: request.httpMethod ?? "", headers: request.allHTTPHeaderFields ?? [:],
                body: String(decoding: request.httpBody ?? Data(), as: UTF8.self))
            let body = (try? JSONEncoder().encode(echo)) ?? Data()
            respond(status: 200, headers: ["Content-Type": "application/json"], chunks: [body])
        default:
            respond(status: 404, headers: [:], chunks: [])
        }
    }

    override func stopLoading() {}

    private func respond(status: Int, headers: [String: String], chunks: [Data]) {
        guard let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        else { return }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        for chunk in chunks where request.httpMethod != "HEAD" {
            client?.urlProtocol(self, didLoad: chunk)
        }
        client?.urlProtocolDidFinishLoading(self)
    }

    /// What `/echo` answers.
    struct Echo: Codable, Equatable {
        let method: String
        let headers: [String: String]
        let body: String
    }
}
