import Logging
import Mason
import NIOCore
import PostgresNIO

/// The cancellation of one running operation, shared by the task that awaits it (which cancels) and
/// the thread that runs it (which checks before every statement).
///
/// Cancelling closes the connection: the statement awaited fails at once, and the server rolls back
/// the open transaction (work up to the last save stays committed) when it sees the connection closed.
/// A statement it is still executing (`pg_sleep`, a long `UPDATE` holding its locks) it would only
/// notice once that ends, so with a client to ask through, the cancellation also asks the server to
/// cancel it. The pool replaces the connection.
final class PostgresCancellation: Sendable {
    private let connection: PostgresConnection
    private let client: PostgresClient?
    private let logger: Logger
    private struct State {
        var isCancelled = false
        var backend: PostgresBackend?
    }
    private let state = Locked(State())

    /// The cancellation of an operation on `connection`; `client`, if any, is where to ask the server to
    /// cancel a statement.
    init(_ connection: PostgresConnection, client: PostgresClient?, logger: Logger) {
        self.connection = connection
        self.client = client
        self.logger = logger
    }

    /// Whether the operation was cancelled.
    var isCancelled: Bool {
        state.withLock { $0.isCancelled }
    }

    /// Learns the backend serving the connection, once per connection, so that a cancellation can stop
    /// the statement it executes; nothing without a client to ask through. Call it before the
    /// operation's first statement.
    func watchBackend() {
        guard client != nil, !isCancelled else { return }
        let backend = PostgresBackend.serving(connection, logger: logger)
        state.withLock { $0.backend = backend }
    }

    /// Marks the operation cancelled, closes its connection and asks the server to cancel the
    /// statement it executes, without waiting for any of them.
    func cancel() {
        let (first, backend) = state.withLock { state in
            defer { state.isCancelled = true }
            return (!state.isCancelled, state.backend)
        }
        guard first else { return }
        let closing: EventLoopFuture<Void> = connection.close()
        _ = closing
        if let client, let backend { backend.cancelStatement(through: client, logger: logger) }
    }

    /// Throws `CancellationError` once the operation was cancelled.
    func check() throws {
        if isCancelled { throw CancellationError() }
    }
}
