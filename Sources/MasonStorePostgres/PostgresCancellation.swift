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
/// The statement is found by its text, not by the server process behind the connection: the run's
/// queries and data changes carry a comment naming the run (``tag``), and the cancellation cancels
/// the statements that carry it. A process id learnt earlier could, behind a pooler in transaction
/// mode (PgBouncer, Supavisor), name a server process serving another client by then. The server is
/// asked only when such a statement is awaiting its answer: a run cancelled between statements, or
/// during one that carries no tag, costs the pool nothing.
///
/// ```swift
/// let cancellation = PostgresCancellation(connection, client: client, logger: logger)
/// _ = try cancellation.sending(query) { try connection.query($0, logger: logger).wait() }   // on another thread:
/// cancellation.cancel()
/// ```
final class PostgresCancellation: Sendable {
    private let connection: PostgresConnection
    private let client: PostgresClient?
    private let logger: Logger
    /// The comment every statement of the run starts with (`/* mason 0123456789abcdef */ `), when
    /// there is a client to cancel it through; `nil` otherwise, and the statements go as written.
    let tag: String?
    private let state = Locked(State())

    private struct State {
        var isCancelled = false
        /// Tagged statements sent and not yet answered (more than one when a statement runs in the
        /// body of another's `forEachRow`).
        var taggedInFlight = 0
    }

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
        state.withLock { $0.isCancelled }
    }

    /// Sends `query` through `send` as the run sends it, unless the operation was cancelled: with its
    /// ``tag``, which the cancellation finds it by, first or after a leading optimizer hint (`/*+ … */`,
    /// which pg_hint_plan reads only as the first comment) — for a query or data change (`SELECT`,
    /// `INSERT`, `UPDATE`, `DELETE`, `MERGE`, `WITH`, `VALUES`, `TABLE`). Any other statement goes as
    /// written: PostgreSQL 13 to 15 count a utility statement (`SET`, `CALL`, DDL, `LOCK`, `COPY`) apart
    /// in `pg_stat_statements` for each text, and a tag per run would fill it. Until `send` returns, a
    /// cancellation asks the server to cancel a tagged statement.
    ///
    /// ```swift
    /// try cancellation.sending("SELECT 1") { try send($0) }   // sends /* mason 1f… */ SELECT 1
    /// try cancellation.sending("SET search_path TO app") { try send($0) }   // as written
    /// ```
    /// - Throws: `CancellationError` when the operation was cancelled; what `send` throws.
    func sending<Answer>(_ query: PostgresQuery, _ send: (PostgresQuery) throws -> Answer) throws -> Answer {
        guard let tag, let position = Self.tagPosition(in: query.sql) else {
            try check()
            return try send(query)
        }
        var tagged = query
        tagged.sql.insert(contentsOf: tag, at: position)
        try state.withLock { state throws(CancellationError) in
            if state.isCancelled { throw CancellationError() }
            state.taggedInFlight += 1
        }
        defer { state.withLock { $0.taggedInFlight -= 1 } }
        return try send(tagged)
    }

    /// Where a tag goes in `sql`: at its start, or after a leading optimizer hint; `nil` when the
    /// statement is no query or data change.
    static func tagPosition(in sql: String) -> String.Index? {
        var position = sql.startIndex
        var rest: Substring = sql.drop(while: \.isWhitespace)
        if rest.hasPrefix("/*+"), let hint = rest.range(of: "*/") {
            position = hint.upperBound
            rest = rest[hint.upperBound...]
        }
        let keyword: String = nextKeyword(in: &rest)
        return taggedKeywords.contains(keyword) ? position : nil
    }

    /// The next keyword of `sql`, after blanks, comments (block comments nest, as PostgreSQL's do),
    /// opening parentheses and empty statements (`;`), uppercased; `sql` then starts after it.
    static func nextKeyword(in sql: inout Substring) -> String {
        while true {
            sql = sql.drop { $0.isWhitespace || $0 == "(" || $0 == ";" }
            if sql.hasPrefix("--") {
                sql = sql.drop { $0 != "\n" }
            } else if sql.hasPrefix("/*"), let end = endOfComment(in: sql) {
                sql = sql[end...]
            } else {
                break
            }
        }
        let keyword = sql.prefix { $0.isLetter }
        sql = sql[keyword.endIndex...]
        return keyword.uppercased()
    }

    /// Where the block comment `sql` starts with ends, counting the comments nested in it; `nil` when
    /// it does not end.
    private static func endOfComment(in sql: Substring) -> Substring.Index? {
        var depth = 0
        var index = sql.startIndex
        while index < sql.endIndex {
            let rest = sql[index...]
            if rest.hasPrefix("/*") {
                depth += 1
                index = sql.index(index, offsetBy: 2)
            } else if rest.hasPrefix("*/") {
                depth -= 1
                index = sql.index(index, offsetBy: 2)
                if depth == 0 { return index }
            } else {
                index = sql.index(after: index)
            }
        }
        return nil
    }

    /// The first keywords of the statements a run tags: those `pg_stat_statements` tells apart by
    /// their parse tree, never by their text.
    private static let taggedKeywords: Set<String> = [
        "SELECT", "INSERT", "UPDATE", "DELETE", "MERGE", "WITH", "VALUES", "TABLE"
    ]

    /// `sql` without the ``tag`` a run put in it: the SQL as written, for errors.
    ///
    /// ```swift
    /// PostgresCancellation.untagged("/* mason 000000000000001f */ SELECT 1")   // "SELECT 1"
    /// ```
    static func untagged(_ sql: String) -> String {
        guard let start = sql.range(of: "/* mason ") else { return sql }
        let rest: Substring = sql[start.upperBound...]
        let digits: Substring = rest.prefix(16)
        guard digits.count == 16, digits.allSatisfy(\.isHexDigit), rest.dropFirst(16).hasPrefix(" */ ") else {
            return sql
        }
        var untagged = sql
        untagged.removeSubrange(start.lowerBound..<rest.index(start.upperBound, offsetBy: 20))
        return untagged
    }

    /// Marks the operation cancelled, closes its connection and, when a tagged statement awaits its
    /// answer, asks the server to cancel it, without waiting for any of them.
    func cancel() {
        let (first, executing): (Bool, Bool) = state.withLock { state in
            defer { state.isCancelled = true }
            return (!state.isCancelled, state.taggedInFlight > 0)
        }
        guard first else { return }
        let closing: EventLoopFuture<Void> = connection.close()
        _ = closing
        if executing, let client, let tag {
            Self.cancelStatements(taggedWith: tag, through: client, logger: logger)
        }
    }

    /// Asks the server, on a connection of `client`'s pool, to cancel every statement executing that
    /// carries `tag` (`pg_cancel_backend`), and returns at once. When none does, it asks again after
    /// 100 ms and after 1 s, since a statement sent just before may not have started yet; nothing
    /// more happens when the statement has ended, or the connection's close has ended it. Seeing other
    /// sessions' statements and cancelling them needs the same role (or `pg_read_all_stats` and
    /// `pg_signal_backend`), which the pool's connections have, and the server tracking them
    /// (`track_activities`, on by default).
    private static func cancelStatements(taggedWith tag: String, through client: PostgresClient, logger: Logger) {
        let query: PostgresQuery = """
            SELECT pg_catalog.pg_cancel_backend(pid) FROM pg_catalog.pg_stat_activity
            WHERE state = 'active' AND pid <> pg_catalog.pg_backend_pid() AND pg_catalog.strpos(query, \(tag)) > 0
            """
        Task {
            for delay: Duration in [.zero, .milliseconds(100), .seconds(1)] {
                try? await Task.sleep(for: delay)
                do {
                    let cancelled: Int = try await client.withConnection { connection in
                        try await connection.query(query, logger: logger).get().rows.count
                    }
                    if cancelled > 0 { return }
                } catch {
                    // Best effort: the closed connection still ends the transaction, once the statement ends.
                    logger.debug(
                        "could not ask PostgreSQL to cancel a cancelled operation's statement",
                        metadata: ["error": "\(String(reflecting: error))"])
                    return
                }
            }
        }
    }

    /// Throws `CancellationError` once the operation was cancelled.
    func check() throws {
        if isCancelled { throw CancellationError() }
    }
}
