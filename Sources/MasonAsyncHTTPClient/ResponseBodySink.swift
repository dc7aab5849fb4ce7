import Foundation
import Mason
import NIOCore
import NIOFoundationCompat
import NIOPosix

/// Where ``ResponseCollector`` puts a response body, one piece at a time, on the request's event loop.
protocol ResponseBodySink: Sendable {
    /// What the body became, once it has all been taken.
    associatedtype Output: Sendable

    /// Takes one piece of the body; the next piece comes once the returned future has succeeded, and
    /// a failed future ends the request with its error.
    func take(_ piece: ByteBuffer, on eventLoop: any EventLoop) -> EventLoopFuture<Void>

    /// The body taken so far.
    var output: Output { get }
}

/// A body gathered in memory.
final class DataSink: ResponseBodySink, @unchecked Sendable {
    // @unchecked Sendable: `data` is changed only in `take(_:on:)`, which `ResponseCollector` calls one
    // piece at a time, each after the last, and read only once the request's future has completed.
    private var data = Data()

    func take(_ piece: ByteBuffer, on eventLoop: any EventLoop) -> EventLoopFuture<Void> {
        data.append(contentsOf: piece.readableBytesView)
        return eventLoop.makeSucceededVoidFuture()
    }

    var output: Data { data }
}

/// A body written to a file as it arrives, on a thread pool so that the event loop never waits for
/// the disk; the next piece is read once the last one is written.
struct FileSink: ResponseBodySink {
    /// The open file.
    let handle: FileHandle
    /// Where the writes run.
    let threadPool: NIOThreadPool
    /// The write started last: a request that fails does not wait for it, its file's owner must.
    private let lastWrite = Locked<EventLoopFuture<Void>?>(nil)

    init(handle: FileHandle, threadPool: NIOThreadPool) {
        self.handle = handle
        self.threadPool = threadPool
    }

    func take(_ piece: ByteBuffer, on eventLoop: any EventLoop) -> EventLoopFuture<Void> {
        let write = threadPool.runIfActive(eventLoop: eventLoop) {
            try handle.write(contentsOf: piece.readableBytesView)
        }
        lastWrite.withLock { $0 = write }
        return write
    }

    /// Returns once no write is in progress: before the file is closed.
    func lastWriteEnded() async {
        _ = try? await lastWrite.withLock { $0 }?.get()
    }

    var output: Void { () }
}
