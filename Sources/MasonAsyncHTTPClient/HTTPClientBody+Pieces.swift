import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

extension HTTPClient.Body {
    /// The most a piece of a request body holds: 64 KiB.
    static let pieceSize = 64 * 1024

    /// `data`, written in pieces of at most ``pieceSize``, each once the last has gone out.
    ///
    /// Under the idle timeout each piece written counts as progress, so an upload slower than the
    /// timeout is not cut off while it moves. (async-http-client's own `.bytes` writes pieces of
    /// 4 MiB: a piece taking longer than the timeout to go out failed the request.)
    static func inPieces(_ data: Data) -> HTTPClient.Body {
        guard data.count > pieceSize else { return .bytes(data) }
        return writing(length: Int64(data.count)) { writer in
            var start = data.startIndex
            while start < data.endIndex {
                let end = data.index(start, offsetBy: pieceSize, limitedBy: data.endIndex) ?? data.endIndex
                try await writer.write(.byteBuffer(ByteBuffer(bytes: data[start..<end]))).get()
                start = end
            }
        }
    }

    /// A body of `length` bytes (chunked when `nil`) that `write` sends, in a task of its own: its
    /// loop cannot grow the stack, whether or not the client's writes complete at once.
    static func writing(
        length: Int64?,
        _ write: @escaping @Sendable (HTTPClient.Body.StreamWriter) async throws -> Void
    ) -> HTTPClient.Body {
        .stream(contentLength: length) { writer in
            let promise = MultiThreadedEventLoopGroup.singleton.any().makePromise(of: Void.self)
            promise.completeWithTask { try await write(writer) }
            return promise.futureResult
        }
    }
}
