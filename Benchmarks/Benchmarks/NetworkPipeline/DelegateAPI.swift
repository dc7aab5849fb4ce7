// async-http-client's delegate API by hand: the same exchange as `rawAsyncHTTPClient`, with the head and
// the body delivered to a delegate on the event loop and one future awaited for the whole response.
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// Collects the status and the body of one response.
final class CollectingDelegate: HTTPClientResponseDelegate, @unchecked Sendable {
    // @unchecked Sendable: async-http-client calls a delegate's methods one at a time, on the task's
    // event loop, and completes `futureResult` only after the last of them; `status` and `body` are
    // touched nowhere else.
    typealias Response = (HTTPResponseStatus, ByteBuffer)

    private var status: HTTPResponseStatus = .ok
    private var body = ByteBuffer()

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        status = head.status
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        var buffer = buffer
        body.writeBuffer(&buffer)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response { (status, body) }
}

/// Raw async-http-client through its delegate API, cancelled with the caller.
func rawAsyncHTTPClientDelegate(_ url: URL) async throws -> Product {
    var request = try HTTPClient.Request(url: url.absoluteString, method: .GET)
    request.headers.add(name: "Authorization", value: "Bearer benchmark-token")
    let task = HTTPClient.shared.execute(request: request, delegate: CollectingDelegate(), deadline: .now() + .seconds(30))
    let (status, body) = try await withTaskCancellationHandler { try await task.futureResult.get() } onCancel: {
        task.cancel()
    }
    guard (200..<300).contains(status.code) else { throw BenchmarkFailure() }
    return try JSONDecoder().decode(Product.self, from: Data(buffer: body))
}
