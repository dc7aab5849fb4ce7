import Mason
import NIOCore
import PostgresNIO

/// The cancellation of one running operation, shared by the task that awaits it (which cancels) and
/// the thread that runs it (which checks before every statement).
///
/// Cancelling closes the connection: the statement awaited fails at once, and the server rolls back
/// the open transaction (work up to the last save stays committed) when it sees the connection closed
/// — for a statement it is still executing, once that ends, unless its
/// `client_connection_check_interval` is set. The pool replaces the connection.
final class PostgresCancellation: Sendable {
    private let connection: PostgresConnection
    private let cancelled = Locked(false)

    init(_ connection: PostgresConnection) {
        self.connection = connection
    }

    /// Whether the operation was cancelled.
    var isCancelled: Bool {
        cancelled.withLock { $0 }
    }

    /// Marks the operation cancelled and closes its connection, without waiting for either.
    func cancel() {
        let first = cancelled.withLock { flag in
            defer { flag = true }
            return !flag
        }
        if first {
            let closing: EventLoopFuture<Void> = connection.close()
            _ = closing
        }
    }

    /// Throws `CancellationError` once the operation was cancelled.
    func check() throws {
        if isCancelled { throw CancellationError() }
    }
}
