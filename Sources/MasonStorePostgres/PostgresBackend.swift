import Logging
import Mason
import NIOCore
import PostgresNIO

/// The server process behind a connection, named so that no other can be taken for it: its process
/// id and the time it started (a process id alone may be reused once the backend has exited). A
/// cancellation uses it to stop, through another connection, the statement the backend executes.
///
/// ```swift
/// let backend = PostgresBackend.serving(connection, logger: logger)   // asked once per connection
/// backend?.cancelStatement(through: client, logger: logger)
/// ```
struct PostgresBackend: Sendable, Equatable {
    let processID: Int32
    let startTime: String

    /// What is known of one open connection's backend (`nil`: the server could not say).
    private struct Known {
        weak var connection: PostgresConnection?
        let backend: PostgresBackend?
    }

    private static let known = Locked([ObjectIdentifier: Known]())

    /// The backend serving `connection`, asked of the server the first time an operation runs on the
    /// connection (one round trip for its whole life), or `nil` when the server cannot say (a pooler
    /// in front of it, no `pg_stat_activity`). Call it only while no transaction is open on it.
    ///
    /// ```swift
    /// let backend = PostgresBackend.serving(connection, logger: logger)
    /// ```
    static func serving(_ connection: PostgresConnection, logger: Logger) -> PostgresBackend? {
        let key = ObjectIdentifier(connection)
        if let entry = known.withLock({ $0[key] }), entry.connection === connection { return entry.backend }
        let query: PostgresQuery = """
            SELECT pid, backend_start::text FROM pg_stat_activity WHERE pid = pg_backend_pid()
            """
        let row = try? connection.query(query, logger: logger).waitUnlessClosed(connection).rows.first
        let backend: PostgresBackend? = (try? row?.decode((Int32, String).self)).map {
            PostgresBackend(processID: $0.0, startTime: $0.1)
        }
        let added = known.withLock { known in
            defer { known[key] = Known(connection: connection, backend: backend) }
            return known[key]?.connection !== connection
        }
        if added {
            // Forgotten when the connection closes; the callback holds the key, not the connection.
            connection.closeFuture.whenComplete { _ in
                known.withLock { known in
                    if known[key]?.connection == nil || known[key]?.connection?.isClosed == true {
                        known[key] = nil
                    }
                }
            }
        }
        return backend
    }

    /// Asks the server, on a connection of `client`'s pool, to cancel the statement this backend
    /// executes (`pg_cancel_backend`), and returns at once. Nothing happens if the backend has
    /// exited, or executes nothing; the backend it names cannot be another.
    ///
    /// ```swift
    /// backend.cancelStatement(through: client, logger: logger)
    /// ```
    func cancelStatement(through client: PostgresClient, logger: Logger) {
        let query: PostgresQuery = """
            SELECT pg_cancel_backend(pid) FROM pg_stat_activity
            WHERE pid = \(processID) AND backend_start::text = \(startTime)
            """
        Task {
            // Best effort: a client that has stopped cannot send it, and the closed connection still
            // ends the transaction.
            _ = try? await client.withConnection { connection in
                _ = try await connection.query(query, logger: logger).get()
            }
        }
    }
}
