// async-http-client's delegate API by hand: the same exchange as `rawAsyncHTTPClient`, with the head and
// the body delivered to a delegate on the event loop and one future awaited for the whole response.
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Collects the head and the body of one response.
final class CollectingDelegate: HTTPClientResponseDelegate, @unchecked Sendable {
    // @unchecked Sendable: async-http-client calls a delegate's methods one at a time, on the task's
    // event loop, and completes `futureResult` only after the last of them; `head` and `body` are
    // touched nowhere else.
    typealias Response = (HTTPResponseHead, ByteBuffer)

    private var head = HTTPResponseHead(version: .http1_1, status: .ok)
    private var body = ByteBuffer()

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        self.head = head
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        var buffer = buffer
        body.writeBuffer(&buffer)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response { (head, body) }
}

/// Raw async-http-client through its delegate API, cancelled with the caller.
func rawAsyncHTTPClientDelegate(_ url: URL) async throws -> Product {
    var request = try HTTPClient.Request(url: url.absoluteString, method: .GET)
    request.headers.add(name: "Authorization", value: "Bearer benchmark-token")
    let task = HTTPClient.shared.execute(request: request, delegate: CollectingDelegate(), deadline: .now() + .seconds(30))
    let (head, body) = try await withTaskCancellationHandler { try await task.futureResult.get() } onCancel: {
        task.cancel()
    }
    guard (200..<300).contains(head.status.code) else { throw BenchmarkFailure() }
    return try JSONDecoder().decode(Product.self, from: Data(buffer: body))
}

/// Floor for the default timeout policy, `.idle`: an idle timeout per request, which async-http-client
/// offers only on its delegate API (its async API's per-request read timeout is internal, and reading the
/// body in a task of its own costs more). The `Transport` contract by hand on that API — from a
/// `URLRequest` built as the pipeline's builders build it, to a status and header fields — with no
/// checks, no limit and no timer, so below any transport with that policy.
func rawAsyncHTTPClientDelegateInFoundationTypes(_ url: URL) async throws -> Product {
    let urlRequest = authorizedRequest(url)
    var request = try HTTPClient.Request(url: url.absoluteString, method: .GET)
    for (name, value) in urlRequest.allHTTPHeaderFields ?? [:] { request.headers.add(name: name, value: value) }
    let task = HTTPClient.shared.execute(request: request, delegate: CollectingDelegate(), eventLoop: .indifferent)
    let (head, body) = try await withTaskCancellationHandler { try await task.futureResult.get() } onCancel: {
        task.cancel()
    }
    return try productInFoundationTypes(from: url, status: head.status, headers: head.headers, body: body)
}
