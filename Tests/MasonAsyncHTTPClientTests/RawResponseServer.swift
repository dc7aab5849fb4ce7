import Foundation
import NIOCore
import NIOPosix

/// A server on 127.0.0.1 that answers every request with the same bytes, written as they are: for
/// heads that an HTTP encoder would correct (a 304 announcing a `Content-Length`, which SwiftNIO's
/// encoder, and so Hummingbird, removes).
///
/// ```swift
/// try await RawResponseServer.withRunning("HTTP/1.1 304 Not Modified\r\nContent-Length: 9\r\n\r\n") { url in
///     try await transport.send(URLRequest(url: url))   // 304, no body
/// }
/// ```
struct RawResponseServer {
    /// Runs `body` with the URL of a server answering every request with `response`.
    static func withRunning<Result>(
        _ response: String, _ body: (URL) async throws -> Result
    ) async throws -> Result {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Answerer(response: response))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        do {
            let port = channel.localAddress?.port ?? 0
            let result = try await body(URL(string: "http://127.0.0.1:\(port)/")!)
            try await channel.close()
            return result
        } catch {
            try? await channel.close()
            throw error
        }
    }

    /// Writes the response once a request's head has ended (an empty line), then keeps the connection.
    private final class Answerer: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let response: String

        init(response: String) {
            self.response = response
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let request = unwrapInboundIn(data)
            guard String(buffer: request).contains("\r\n\r\n") else { return }
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: response)), promise: nil)
        }
    }
}
