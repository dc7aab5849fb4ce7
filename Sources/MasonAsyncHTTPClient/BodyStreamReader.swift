import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import NIOCore
import NIOPosix

/// Reads a request's `httpBodyStream` for async-http-client, a piece at a time, on a thread pool: an
/// `InputStream`'s reads block, and must not hold an event loop or a thread of Swift's pool.
///
/// A stream is read once: a stream opened before (by an earlier send of the request) and a second
/// reading (async-http-client sends the body again after a 307 or 308 redirect) fail with
/// `URLError(.requestBodyStreamExhausted)`, as URLSession does, rather than send nothing or only the
/// stream's rest.
final class BodyStreamReader: @unchecked Sendable {
    // @unchecked Sendable: `stream` and `isOpen` are touched only by `nextPiece()`, which the one
    // sequence `pieces()` hands out calls one piece at a time, each after the last has returned (an
    // `AsyncThrowingStream`'s unfolding closure is never called while a call is in progress), so never
    // from two threads at once. `isHandedOut` is behind its lock.
    private let stream: InputStream
    private var isOpen = false
    private let isHandedOut = Locked(false)

    /// A reader of `stream`, which it opens on the first read and closes at its end.
    init(_ stream: InputStream) {
        self.stream = stream
    }

    /// The stream's pieces, each read on `threadPool`; the sequence ends with the stream, and fails
    /// with the stream's error.
    /// Only the first call reads the stream; a later one fails at once.
    func pieces(on threadPool: NIOThreadPool = .singleton) -> AsyncThrowingStream<ByteBuffer, any Error> {
        let isFirst = isHandedOut.withLock { handedOut in
            defer { handedOut = true }
            return !handedOut
        }
        guard isFirst else { return AsyncThrowingStream { throw URLError(.requestBodyStreamExhausted) } }
        return AsyncThrowingStream { try await threadPool.runIfActive { try self.nextPiece() } }
    }

    /// The next piece of the stream, or `nil` at its end. Blocks while the stream has nothing to give.
    private func nextPiece() throws -> ByteBuffer? {
        if !isOpen {
            guard stream.streamStatus == .notOpen else { throw URLError(.requestBodyStreamExhausted) }
            stream.open()
            isOpen = true
        }
        var bytes = [UInt8](repeating: 0, count: HTTPClient.Body.pieceSize)
        let count = stream.read(&bytes, maxLength: HTTPClient.Body.pieceSize)
        if count < 0 { throw stream.streamError ?? CocoaError(.fileReadUnknown) }
        guard count > 0 else {
            stream.close()
            return nil
        }
        return ByteBuffer(bytes: bytes[..<count])
    }

    /// The `Content-Length` `request` declares, if it declares one.
    static func declaredLength(of request: URLRequest) -> Int64? {
        request.value(forHTTPHeaderField: "Content-Length").flatMap { Int64($0) }
    }
}

extension HTTPClient.Body {
    /// A body streamed from `stream`, of `length` bytes if known (chunked otherwise).
    static func reading(_ stream: InputStream, length: Int64?) -> HTTPClient.Body {
        let reader = BodyStreamReader(stream)
        return writing(length: length) { writer in
            for try await piece in reader.pieces() { try await writer.write(.byteBuffer(piece)).get() }
        }
    }
}

extension HTTPClientRequest.Body {
    /// A body streamed from `stream`, of `length` bytes if known (chunked otherwise).
    static func reading(_ stream: InputStream, length: Int64?) -> HTTPClientRequest.Body {
        .stream(BodyStreamReader(stream).pieces(), length: length.map { .known($0) } ?? .unknown)
    }
}
