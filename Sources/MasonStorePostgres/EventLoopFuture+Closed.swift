import Mason
import NIOCore
import PostgresNIO

/// The connection closed while a statement was waiting for its answer.
struct ConnectionClosed: Error {}

extension EventLoopFuture where Value: Sendable {
    /// Waits for the future, or until `connection` closes, whichever comes first.
    ///
    /// postgres-nio answers a statement written to a connection that is closing with an error, but
    /// one written after the channel closed is never answered: without this, a thread would wait for
    /// ever on a connection the server dropped.
    func waitUnlessClosed(_ connection: PostgresConnection) throws -> Value {
        let outcome = eventLoop.makePromise(of: Value.self)
        let settled = Locked(false)
        let settle = { @Sendable (result: Result<Value, any Error>) in
            let first = settled.withLock { done in
                defer { done = true }
                return !done
            }
            if first { outcome.completeWith(result) }
        }
        whenComplete(settle)
        let closing = ConnectionCloseWatch.onClose(of: connection) { settle(.failure(ConnectionClosed())) }
        defer { ConnectionCloseWatch.cancel(closing) }
        return try outcome.futureResult.wait()
    }
}
