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
///
/// The statement is found by its text, not by the server process behind the connection: every
/// statement of the operation starts with a comment naming the run (``tag``), and the cancellation
/// cancels the statements that start so. A process id learnt earlier could, behind a pooler in
/// transaction mode (PgBouncer, Supavisor), name a server process serving another client by then.
///
/// ```swift
/// let cancellation = PostgresCancellation(connection, client: client, logger: logger)
/// _ = try connection.query(cancellation.tagged(query), logger: logger).wait()   // on another thread:
/// cancellation.cancel()
/// ```
final class PostgresCancellation: Sendable {
    private let connection: PostgresConnection
    private let client: PostgresClient?
    private let logger: Logger
    /// The comment every statement of the run starts with (`/* mason 0123456789abcdef */ `), when
    /// there is a client to cancel it through; `nil` otherwise, and the statements go as written.
    let tag: String?
    private let cancelled = Locked(false)

    /// The cancellation of an operation on `connection`; `client`, if any, is where to ask the server to
    /// cancel a statement.
    init(_ connection: PostgresConnection, client: PostgresClient?, logger: Logger) {
        self.connection = connection
        self.client = client
        self.logger = logger
        // 64 random bits: no two runs that overlap share a tag.
        let digits = String(UInt64.random(in: .min ... .max), radix: 16)
        self.tag = client == nil ? nil : "/* mason \(String(repeating: "0", count: 16 - digits.count) + digits) */ "
    }

    /// Whether the operation was cancelled.
    var isCancelled: Bool {
        cancelled.withLock { $0 }
    }

    /// `query` as the run sends it: after its ``tag``, which the cancellation finds it by.
    ///
    /// ```swift
    /// connection.query(cancellation.tagged("SELECT 1"), logger: logger)   // /* mason 1f… */ SELECT 1
    /// ```
    func tagged(_ query: PostgresQuery) -> PostgresQuery {
        guard let tag else { return query }
        var tagged = query
        tagged.sql = tag + query.sql
        return tagged
    }

    /// `sql` without the ``tag`` a run put before it: the SQL as written, for errors.
    ///
    /// ```swift
    /// PostgresCancellation.untagged("/* mason 000000000000001f */ SELECT 1")   // "SELECT 1"
    /// ```
    static func untagged(_ sql: String) -> String {
        let tag: Substring.UTF8View = sql.utf8.prefix(tagLength)
        guard tag.count == tagLength, tag.starts(with: "/* mason ".utf8), tag.suffix(4).elementsEqual(" */ ".utf8)
        else { return sql }
        return String(sql.utf8.dropFirst(tagLength)) ?? sql
    }

    /// The length of a ``tag``, in bytes (and characters: it is ASCII).
    private static let tagLength: Int = "/* mason 0123456789abcdef */ ".utf8.count

    /// Marks the operation cancelled, closes its connection and asks the server to cancel the
    /// statement it executes, without waiting for any of them.
    func cancel() {
        let first: Bool = cancelled.withLock { cancelled in
            defer { cancelled = true }
            return !cancelled
        }
        guard first else { return }
        let closing: EventLoopFuture<Void> = connection.close()
        _ = closing
        if let client, let tag { Self.cancelStatements(taggedWith: tag, through: client, logger: logger) }
    }

    /// Asks the server, on a connection of `client`'s pool, to cancel every statement executing that
    /// starts with `tag` (`pg_cancel_backend`), and returns at once. Nothing happens when none does:
    /// the statement has ended, or the connection's close has ended it. Seeing other sessions'
    /// statements and cancelling them needs the same role (or `pg_read_all_stats` and
    /// `pg_signal_backend`), which the pool's connections have.
    private static func cancelStatements(taggedWith tag: String, through client: PostgresClient, logger: Logger) {
        let query: PostgresQuery = """
            SELECT pg_catalog.pg_cancel_backend(pid) FROM pg_catalog.pg_stat_activity
            WHERE state = 'active' AND pid <> pg_catalog.pg_backend_pid() AND pg_catalog.strpos(query, \(tag)) = 1
            """
        Task {
            do {
                try await client.withConnection { connection in
                    _ = try await connection.query(query, logger: logger).get()
                }
            } catch {
                // Best effort: the closed connection still ends the transaction, once the statement ends.
                logger.debug(
                    "could not ask PostgreSQL to cancel a cancelled operation's statement",
                    metadata: ["error": "\(String(reflecting: error))"])
            }
        }
    }

    /// Throws `CancellationError` once the operation was cancelled.
    func check() throws {
        if isCancelled { throw CancellationError() }
    }
}
