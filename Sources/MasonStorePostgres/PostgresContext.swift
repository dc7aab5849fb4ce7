public import Logging
public import PostgresNIO

/// The context operations run in on PostgreSQL: one connection from a `PostgresClient`'s pool, inside
/// a transaction that `operate` opens — the counterpart of GRDB's `Database` for SQLite.
///
/// An operation's body gets it and runs SQL through it, synchronously, on a thread Mason gives the
/// operation (never one of Swift's cooperative pool). Queries are `PostgresQuery` values, so every
/// interpolated value is sent as a bound parameter, never spliced into the SQL; rows decode into any
/// `Decodable` type, a column per property, or a single column into a plain value.
///
/// ```swift
/// struct Baby: Codable { var id: Int; var name: String }
///
/// func makeBaby(name: String) -> DataOperation<PostgresContext, Baby> {
///     DataOperation { db in
///         try db.fetchOne(Baby.self, "INSERT INTO baby (name) VALUES (\(name)) RETURNING id, name")!
///     }
/// }
/// ```
///
/// A context is not `Sendable`: it belongs to the operation it was given to, for that run only.
public final class PostgresContext {
    /// The connection the operation runs on, for postgres-nio calls Mason does not wrap, inside the
    /// operation's transaction: reading it opens the transaction when none is open (before the first
    /// statement, and after a save), so what you send through it is rolled back with the rest. Read it
    /// for each use: one kept across a `save()` runs outside the transaction that follows. Run only SQL
    /// through it that leaves the transaction open (no `COMMIT`: use `save()`); for what PostgreSQL
    /// refuses in a transaction (`CREATE INDEX CONCURRENTLY`, `VACUUM`), use the client's own
    /// `withConnection`, outside any operation. A statement sent through it carries no tag for a
    /// cancellation to find it by on the server, and postgres-nio's `wait()` never returns for one
    /// written after the connection closed (a cancellation closes it): prefer Mason's own calls.
    /// (Before, it was a stored property, outside any transaction until Mason's first statement.)
    ///
    /// ```swift
    /// let result = try db.connection.query("SELECT 1", logger: db.logger).wait()
    /// ```
    /// - Throws: What opening the transaction threw; `CancellationError` once the operation was
    ///   cancelled.
    public var connection: PostgresConnection {
        get throws {
            try openTransactionIfNeeded()
            try cancellation.check()
            return session
        }
    }
    /// The connection, as it is: for Mason's own statements.
    let session: PostgresConnection
    /// Where the queries log (postgres-nio's query logging).
    public let logger: Logger
    /// The isolation level of this operation's transactions.
    public let isolation: TransactionIsolation
    let cancellation: PostgresCancellation
    /// Whether a transaction is open: `operate` opens one lazily, before the first statement after the
    /// start or a save, so an operation ending in `save()` costs no extra round trip.
    var isInsideTransaction = false
    /// How many nested units (savepoints) are open now.
    var openUnits = 0
    /// How many saves committed so far.
    var saves = 0
    /// Rows inserted, updated or deleted since the last save: logged when rolled back unsaved.
    var unsavedChanges = 0
    /// The first server error in the open transaction that no savepoint rolled back: the one that
    /// aborted it, reported when a `save()` then finds the transaction rolled back.
    var abortCause: (any Error)?
    /// The error of a `COMMIT` that did not commit: the server then ended the transaction, taking the
    /// unsaved work of every open unit with it. Once set, no `save()` commits and the operation fails
    /// with it, whatever recovered from it.
    var lostTransaction: (any Error)?
    /// Whether the connection itself failed (closed, or a postgres-nio connection error), or a
    /// `ROLLBACK` could not end the transaction: it must then be closed, never given back to the pool.
    /// A server error sets it only when it ends the session (severity `FATAL` or `PANIC`), whatever its
    /// SQLSTATE: after any other, the connection that carried it still works.
    var connectionBroke = false

    init(
        connection: PostgresConnection,
        logger: Logger,
        isolation: TransactionIsolation,
        cancellation: PostgresCancellation
    ) {
        self.session = connection
        self.logger = logger
        self.isolation = isolation
        self.cancellation = cancellation
    }

    /// Runs `query` and returns its rows and metadata.
    ///
    /// ```swift
    /// let result = try db.query("SELECT id, name FROM baby WHERE name = \(name)")
    /// for row in result.rows { let (id, name) = try row.decode((Int, String).self) }
    /// ```
    /// - Parameter query: The SQL, with interpolated values sent as bound parameters.
    /// - Returns: Every row, and how many rows the statement touched.
    /// - Throws: What PostgreSQL reported; `operate` hands it to you as a `StoreError`.
    public func query(_ query: PostgresQuery) throws -> PostgresQueryResult {
        try refuseTransactionControl(query)
        try openTransactionIfNeeded()
        let result = try cancellation.sending(query) { try send($0) }
        count(result.metadata)
        return result
    }

    /// Throws `.misuse` for a statement that would end or begin the transaction behind the operation's
    /// back (`COMMIT`, `END`, `ROLLBACK` but not `ROLLBACK TO`, `ABORT`, `BEGIN`, `START`,
    /// `PREPARE TRANSACTION`): what followed it would run outside any transaction, beyond the reach of a
    /// rollback. `save()` commits; a throw rolls back.
    private func refuseTransactionControl(_ query: PostgresQuery) throws {
        var rest = Substring(query.sql)
        let first = PostgresCancellation.nextKeyword(in: &rest)
        var second = PostgresCancellation.nextKeyword(in: &rest)
        if first == "ROLLBACK", second == "WORK" || second == "TRANSACTION" {
            second = PostgresCancellation.nextKeyword(in: &rest)
        }
        let refused: Bool
        switch first {
        case "COMMIT", "END", "ABORT", "BEGIN", "START": refused = true
        case "ROLLBACK": refused = second != "TO"
        case "PREPARE": refused = second == "TRANSACTION"
        default: refused = false
        }
        guard refused else { return }
        throw StoreError(
            kind: .misuse, message: "\(first) in an operation: save() commits, a throw rolls back",
            sql: query.sql)
    }

    /// Counts the rows a statement changed, until the next save.
    private func count(_ metadata: PostgresQueryMetadata) {
        switch metadata.command {
        case "INSERT", "UPDATE", "DELETE", "MERGE": unsavedChanges += metadata.rows ?? 0
        default: break
        }
    }

    /// Runs a statement and returns how many rows it inserted, updated or deleted.
    ///
    /// ```swift
    /// try db.execute("UPDATE counter SET value = value + 1 WHERE id = \(id)")
    /// ```
    /// - Parameter query: The SQL, with interpolated values sent as bound parameters.
    /// - Returns: The number of rows the statement touched (0 for statements that touch none).
    @discardableResult
    public func execute(_ query: PostgresQuery) throws -> Int {
        try self.query(query).metadata.rows ?? 0
    }

    /// Runs a query and decodes every row into `type`.
    ///
    /// ```swift
    /// let babies = try db.fetchAll(Baby.self, "SELECT id, name FROM baby ORDER BY id")
    /// let names = try db.fetchAll(String.self, "SELECT name FROM baby")   // one column: plain values
    /// ```
    /// - Parameters:
    ///   - type: A `Decodable` type: its properties name the columns, or it is one column's value.
    ///   - query: The SQL, with interpolated values sent as bound parameters.
    /// - Returns: The rows, decoded, in the order the server sent them.
    public func fetchAll<Row: Decodable>(_ type: Row.Type, _ query: PostgresQuery) throws -> [Row] {
        var decoded: [Row] = []
        let decoder = PostgresRowDecoder()
        try forEachRow(query) { row in decoded.append(try decoder.decode(type, from: row)) }
        return decoded
    }

    /// Runs a query and hands each row to `body` as it arrives, while the server sends the rest: the
    /// way to read many rows without collecting them into an array first. There is no back-pressure
    /// (postgres-nio's callback API has none): rows that arrive faster than `body` handles them wait
    /// in memory, so a slow `body` over a large result may end up holding most of it.
    ///
    /// ```swift
    /// var total = 0
    /// try db.forEachRow("SELECT amount FROM payment") { row in total += try row.decode(Int.self) }
    /// ```
    /// - Parameters:
    ///   - query: The SQL, with interpolated values sent as bound parameters.
    ///   - body: Called with each row, in order; a throw stops the calls and fails the operation. The
    ///     statement still runs to its end, and the rows after the throw still arrive (to be dropped):
    ///     to read less, ask for less (`LIMIT`).
    /// - Returns: The statement's metadata (how many rows it touched).
    @discardableResult
    public func forEachRow(
        _ query: PostgresQuery,
        _ body: (PostgresRow) throws -> Void
    ) throws -> PostgresQueryMetadata {
        try refuseTransactionControl(query)
        try openTransactionIfNeeded()
        return try cancellation.sending(query) { query in
            guard !session.isClosed else { throw ConnectionClosed() }
            let stream = RowStream()
            session.query(query, logger: logger) { row in stream.append(row) }
                .whenComplete { stream.finish($0) }
            let closing = ConnectionCloseWatch.onClose(of: session) { stream.finish(.failure(ConnectionClosed())) }
            defer { ConnectionCloseWatch.cancel(closing) }
            do {
                let metadata = try stream.forEach(body)
                count(metadata)
                return metadata
            } catch {
                // The rest of the rows still arrive (and are dropped); the statement's end is awaited so
                // that the connection is ready for the next one. If the statement fails meanwhile, the
                // transaction is aborted: the server's error is kept for the `save()` that will find it so.
                if !(error is ConnectionClosed), !(error is PSQLError) {
                    do {
                        _ = try stream.forEach { _ in }
                    } catch let drained {
                        noteFailure(drained)
                    }
                }
                noteFailure(error)
                throw error
            }
        }
    }

    /// Keeps a server error as the cause of the transaction's abort, unless one is kept already, and
    /// notes a failure of the connection itself.
    func noteFailure(_ error: any Error) {
        if Self.isConnectionFailure(error) { connectionBroke = true }
        guard error is PSQLError, abortCause == nil else { return }
        abortCause = error
    }

    /// Whether `error` is the connection failing (closed, or a message postgres-nio could not make
    /// sense of, after which it closes it), rather than the server answering with an error (which
    /// it sends on a connection that goes on working, even for a SQLSTATE of class 08) — or the server
    /// ending the session: an error of severity `FATAL` or `PANIC` (`57P01`, the backend terminated,
    /// even while a `COMMIT` waited for a synchronous standby after committing locally), after which
    /// it closes the connection.
    static func isConnectionFailure(_ error: any Error) -> Bool {
        switch error {
        case is ConnectionClosed:
            return true
        case let error as PSQLError:
            guard let server = error.serverInfo else {
                switch error.code {
                case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown,
                    .messageDecodingFailure, .unexpectedBackendMessage:  // postgres-nio closes after these
                    return true
                default:
                    return false
                }
            }
            let severity = server[.severity] ?? server[.localizedSeverity]
            return severity == "FATAL" || severity == "PANIC"
        default:
            return false
        }
    }

    /// Whether `error` is the server's answer to a statement on a session it keeps (an error of
    /// severity `ERROR`): only then is a failed `COMMIT` known to have rolled back.
    static func isServerAnswer(_ error: any Error) -> Bool {
        (error as? PSQLError)?.serverInfo != nil && !isConnectionFailure(error)
    }

    /// Runs a query and decodes its first row into `type`, or returns `nil` when it has none. The
    /// whole result is read first: for a query of many rows, `LIMIT 1`.
    ///
    /// ```swift
    /// let count = try db.fetchOne(Int.self, "SELECT count(*) FROM baby") ?? 0
    /// ```
    /// - Parameters:
    ///   - type: A `Decodable` type: its properties name the columns, or it is one column's value.
    ///   - query: The SQL, with interpolated values sent as bound parameters.
    /// - Returns: The first row, decoded.
    public func fetchOne<Row: Decodable>(_ type: Row.Type, _ query: PostgresQuery) throws -> Row? {
        guard let row = try self.query(query).rows.first else { return nil }
        return try PostgresRowDecoder().decode(type, from: row)
    }

    /// Sends one statement and waits for its result on this (non-cooperative) thread — or for the
    /// connection to close, since a statement written to a closed connection is never answered.
    func send(_ query: PostgresQuery) throws -> PostgresQueryResult {
        try checkBeforeSending()
        return try answer(to: query)
    }

    /// Throws what stops a statement before it is sent: a cancellation, or a closed connection.
    func checkBeforeSending() throws {
        try cancellation.check()
        guard !session.isClosed else { throw ConnectionClosed() }
    }

    /// Hands one statement to the connection and waits for its answer, without the checks of `send`:
    /// from here, a failure of the connection may come after the server has run the statement.
    func answer(to query: PostgresQuery) throws -> PostgresQueryResult {
        do {
            return try session.query(query, logger: logger).waitUnlessClosed(session)
        } catch {
            noteFailure(error)
            throw error
        }
    }

    /// Opens the transaction, and the nested units that were open at the last save, if none is open.
    func openTransactionIfNeeded() throws {
        guard !isInsideTransaction else { return }
        let begin = PostgresQuery(unsafeSQL: "BEGIN ISOLATION LEVEL \(isolation.rawValue)")
        _ = try send(begin)
        isInsideTransaction = true
        abortCause = nil
        for level in stride(from: 1, through: openUnits, by: 1) {
            _ = try send(PostgresQuery(unsafeSQL: "SAVEPOINT mason_\(level)"))
        }
    }

    /// Rolls back whatever is open. When that fails the transaction may still be open, so the
    /// connection is marked broken, to be closed (which rolls back too) rather than reused.
    func rollBack() {
        guard isInsideTransaction else { return }
        isInsideTransaction = false
        guard !session.isClosed else { return }
        do {
            _ = try session.query("ROLLBACK", logger: logger).waitUnlessClosed(session)
        } catch {
            connectionBroke = true
        }
    }
}
