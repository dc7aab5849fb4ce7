import AsyncHTTPClient
import Foundation
import MasonNetwork
import NIOCore
import NIOHTTP1

/// Collects one response for ``AsyncHTTPClientTransport`` as async-http-client delivers it — on the
/// request's event loop, through its delegate API — into a ``ResponseBodySink``, within a size limit.
///
/// - Over the limit: a `Content-Length` above it fails before any of the body is read (unless the answer
///   has no body: to a `HEAD`, or a 1xx, 204 or 304), and a body that
///   grows past it fails as soon as it does, with `NetworkRequestError.bodyTooLarge(limit:)`. Either
///   way the client stops reading and closes the connection.
/// - Idle: each step of the exchange — the request's head and each piece of its body sent, the
///   response's head and each piece of its body received — calls `onProgress`, which the transport's
///   ``IdleWatchdog`` counts its timeout from: a long upload of an `httpBodyStream` (sent 64 KiB at a
///   time) that keeps going is not cut off. An `httpBody` goes as one piece of up to 4 MiB, so one
///   that takes longer than the timeout to send still is.
///
/// Everything arrives in one future (`HTTPClient.Task.futureResult`): no task of its own reads the
/// body, and no timer is armed per request.
final class ResponseCollector<Sink: ResponseBodySink>: HTTPClientResponseDelegate, @unchecked Sendable {
    // @unchecked Sendable: async-http-client calls a delegate's methods one at a time, on an event loop,
    // each after the last (a redirect's request starts from the callback that saw the redirect), and
    // completes the task's future only after the last of them. The variables below are touched only by
    // those methods, and read by the transport only after that future has completed.
    typealias Response = Collected

    /// What a completed exchange yields: the sink's output, and the head of the final response with
    /// the URL it came from (after any redirect).
    struct Collected: Sendable {
        let output: Sink.Output
        let head: HTTPResponseHead
        let url: URL
    }

    private let sink: Sink
    private let limit: Int?
    /// The request's method: the answer to a `HEAD` announces a length it does not carry.
    private let method: String?
    private let onProgress: @Sendable () -> Void
    private var received = 0
    private var head: HTTPResponseHead?
    /// The URL of the request whose response came last; a redirect's replaces the one before.
    private var lastVisited: URL?
    /// Whether the request went out on a connection; read after a timeout to name what was awaited.
    private(set) var hasSentRequest = false

    /// A collector writing into `sink`, failing past `limit` bytes, calling `onProgress` at each step;
    /// `method` is the request's.
    init(into sink: Sink, limit: Int?, method: String?, onProgress: @escaping @Sendable () -> Void) {
        self.sink = sink
        self.limit = limit
        self.method = method
        self.onProgress = onProgress
    }

    /// What a wait that went past the request's timeout was waiting for: a connection, or an answer.
    var timeoutError: HTTPClientError {
        hasSentRequest ? .readTimeout : .connectTimeout
    }

    func didSendRequestHead(task: HTTPClient.Task<Collected>, _ head: HTTPRequestHead) {
        hasSentRequest = true
        onProgress()
    }

    func didSendRequestPart(task: HTTPClient.Task<Collected>, _ part: IOData) {
        onProgress()
    }

    func didSendRequest(task: HTTPClient.Task<Collected>) {
        onProgress()
    }

    func didVisitURL(task: HTTPClient.Task<Collected>, _ request: HTTPClient.Request, _ head: HTTPResponseHead) {
        lastVisited = request.url
    }

    func didReceiveHead(task: HTTPClient.Task<Collected>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        onProgress()
        if let limit, !answerHasNoBody(method: method, status: Int(head.status.code)),
            let announced = head.headers.first(name: "Content-Length").flatMap({ Int($0) }), announced > limit
        {
            return task.eventLoop.makeFailedFuture(NetworkRequestError.bodyTooLarge(limit: limit))
        }
        self.head = head
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Collected>, _ piece: ByteBuffer) -> EventLoopFuture<Void> {
        onProgress()
        received += piece.readableBytes
        if let limit, received > limit {
            return task.eventLoop.makeFailedFuture(NetworkRequestError.bodyTooLarge(limit: limit))
        }
        return sink.take(piece, on: task.eventLoop)
    }

    func didFinishRequest(task: HTTPClient.Task<Collected>) throws -> Collected {
        // async-http-client visits a URL (`didVisitURL`) before it gives that response's head.
        guard let head, let lastVisited else { throw NetworkRequestError.noResponse }
        return Collected(output: sink.output, head: head, url: lastVisited)
    }
}
