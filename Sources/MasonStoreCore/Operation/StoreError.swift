/// Why a data operation failed: one typed error for everything `operate` can meet.
///
/// A database failure carries SQLite's result code and extended result code (or PostgreSQL's
/// SQLSTATE) and the SQL of the statement that failed — **never its bound values**, which may be secrets. An error thrown by your
/// own code inside an operation is kept in ``underlying`` with the kind ``Kind/operation``. Whatever the
/// error, the work since the last save is rolled back before it reaches you.
///
/// ```swift
/// do {
///     try DataOperation.insert(Baby(name: "Bae")).save().operate(in: dbQueue)
/// } catch where error.kind == .constraintViolation {
///     print(error.extendedResultCode ?? 0, error.sql ?? "")   // 2067 INSERT INTO "baby" …
/// }
/// ```
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// The families of failure a caller can act on.
    ///
    /// ```swift
    /// if error.kind == .busy { /* another connection holds the write lock: try later */ }
    /// ```
    public enum Kind: Sendable, Hashable {
        /// A `UNIQUE`, `NOT NULL`, `CHECK` or foreign-key constraint refused the change.
        case constraintViolation
        /// A value of the wrong type: a column of a `STRICT` table, or a row that does not decode into
        /// the record asked for.
        case typeMismatch
        /// The statement names a table or column the database does not have.
        case missingSchema
        /// An update or delete found no row for the record.
        case recordNotFound
        /// The file cannot be written: opened read-only, or a read-only transaction.
        case readOnly
        /// The file is damaged or is not a database.
        case corrupt
        /// Another connection holds a lock (`SQLITE_BUSY`, `SQLITE_LOCKED`, PostgreSQL's `55P03`):
        /// worth retrying.
        case busy
        /// A concurrent transaction conflicted with this one: PostgreSQL's serialization failure
        /// (`40001`) or deadlock (`40P01`). The transaction was rolled back; running the whole
        /// operation again is worth it.
        case serializationFailure
        /// The connection to the database server broke (PostgreSQL's class `08`, or a closed socket):
        /// the transaction was rolled back by the server — unless it broke while a `COMMIT` awaited
        /// its answer (``StoreError/isCommitInDoubt``).
        case connectionLost
        /// The task was cancelled; the work since the last save is rolled back — unless the
        /// cancellation cut off a `COMMIT` awaiting its answer (``StoreError/isCommitInDoubt``).
        case cancelled
        /// The operation was used where it cannot run (for example `save()` in a read).
        case misuse
        /// Any other SQLite failure; see ``resultCode`` and ``message``.
        case database
        /// Your own code threw inside the operation; see ``underlying``.
        case operation
    }

    /// The family of the failure.
    public var kind: Kind
    /// SQLite's primary result code (19 for a constraint), when SQLite reported the failure.
    public var resultCode: Int32?
    /// SQLite's extended result code (2067 for a `UNIQUE` constraint), when SQLite reported it.
    public var extendedResultCode: Int32?
    /// PostgreSQL's five-character SQLSTATE (`23505` for a unique violation), when PostgreSQL
    /// reported the failure.
    public var sqlState: String?
    /// What went wrong, in the database's words or Mason's.
    public var message: String?
    /// The SQL of the statement that failed, without its bound values.
    public var sql: String?
    /// The error your code threw, for ``Kind/operation`` (and the original error otherwise, when it
    /// holds no bound values).
    public var underlying: (any Error)?
    /// How many `save()`s of the failed `operate` had committed before it failed: their work is
    /// durable, everything after the last of them was rolled back. Zero when nothing was saved.
    /// One exception, flagged by ``isCommitInDoubt``: when the failure is the `COMMIT` of a `save()`
    /// itself, cut off by a lost connection or a cancellation, the server may have applied it before
    /// the connection went: that save is not counted, and its outcome is unknown — work that must
    /// happen once should be checked (or made idempotent) before it is retried.
    ///
    /// ```swift
    /// print(error.savesBeforeFailure)   // 1: the first save() is durable, the rest rolled back
    /// ```
    public var savesBeforeFailure = 0
    /// Whether the failure is a `COMMIT` whose answer never came: it was sent (or may have been) and
    /// the connection was lost, or the task cancelled, while it awaited the server's answer (or the
    /// answer could not be read) — or the server answered by ending the session (a `FATAL` error such as `57P01`, which PostgreSQL sends
    /// even after committing locally while it waited for a synchronous standby). The server may have
    /// committed that save's work or not; ``savesBeforeFailure`` does not count it. It stays set when
    /// the operation's body caught that error and threw another. False whenever the server answered
    /// with an error that leaves the session open, or `ROLLBACK` (the work was then rolled back), and
    /// always on SQLite, whose `COMMIT` runs in the process and whose outcome is known.
    ///
    /// ```swift
    /// do {
    ///     try await recordPayment.save().operate(in: client)
    /// } catch where error.isCommitInDoubt {
    ///     // the payment may be recorded: look before recording it again
    /// }
    /// ```
    public var isCommitInDoubt = false

    /// Makes an error; Mason makes them for you from what SQLite and GRDB report.
    ///
    /// ```swift
    /// let error = StoreError(kind: .misuse, message: "save() in a read")
    /// ```
    /// - Parameters:
    ///   - kind: The family of the failure.
    ///   - resultCode: SQLite's primary result code.
    ///   - extendedResultCode: SQLite's extended result code.
    ///   - message: What went wrong.
    ///   - sql: The failed statement's SQL, without bound values.
    ///   - underlying: The original error.
    public init(
        kind: Kind,
        resultCode: Int32? = nil,
        extendedResultCode: Int32? = nil,
        message: String? = nil,
        sql: String? = nil,
        underlying: (any Error)? = nil
    ) {
        self.kind = kind
        self.resultCode = resultCode
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
        self.underlying = underlying
    }

    /// One line: the kind, the codes, the message and the SQL, and whether a `COMMIT`'s outcome is
    /// unknown (``isCommitInDoubt``).
    ///
    /// ```swift
    /// print(error)   // constraintViolation (SQLite 19/2067): UNIQUE constraint failed: baby.name — INSERT INTO "baby" …
    /// print(lost)    // connectionLost: serverClosedConnection — COMMIT; the COMMIT's outcome is unknown
    /// ```
    public var description: String {
        var text = "\(kind)"
        if let resultCode {
            text += " (SQLite \(resultCode)" + (extendedResultCode.map { "/\($0)" } ?? "") + ")"
        }
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        if let message { text += ": \(message)" }
        if let sql { text += " — \(sql)" }
        if kind == .operation, let underlying { text += ": \(underlying)" }
        if isCommitInDoubt { text += "; the COMMIT's outcome is unknown" }
        return text
    }
}

extension StoreError {
    /// Whether running the whole operation again may succeed: the database was busy or a concurrent
    /// transaction conflicted (``Kind/busy``, ``Kind/serializationFailure``), no `save()` had made
    /// part of the work durable, and no `COMMIT` is in doubt (``isCommitInDoubt``: running it again
    /// might do the work twice). The store's retrying `operate`s retry exactly these.
    ///
    /// ```swift
    /// if error.isWorthRetrying { /* run the operation again */ }
    /// ```
    public var isWorthRetrying: Bool {
        (kind == .busy || kind == .serializationFailure) && savesBeforeFailure == 0 && !isCommitInDoubt
    }
}
