public import MasonStoreCore
import PostgresNIO

extension PostgresContext: DataContext {
    /// Runs `body` in a savepoint of the current transaction: if it throws, only its work is rolled
    /// back, and the error is rethrown. A body that caught the failure of one of its statements fails
    /// with it all the same, rolled back: PostgreSQL aborts the transaction at a failed statement, so
    /// nothing the body did after it could stand.
    ///
    /// Nested operations (`operate(in:)` with a context, `retry`) run this way, never on a second
    /// connection.
    ///
    /// ```swift
    /// try db.withNestedUnit { try db.execute("INSERT INTO baby (name) VALUES (\(name))") }
    /// ```
    /// - Parameter body: The nested work.
    /// - Returns: What `body` returns.
    public func withNestedUnit<T>(_ body: () throws -> T) throws -> T {
        try openTransactionIfNeeded()
        openUnits += 1
        defer { openUnits -= 1 }
        let name = "mason_\(openUnits)"
        _ = try send(PostgresQuery(unsafeSQL: "SAVEPOINT \(name)"))
        let element: T
        do {
            element = try body()
        } catch {
            // Undoes the unit's work and clears the abort its failed statement caused. It fails only
            // when the transaction is gone (a failed COMMIT, a lost connection, a cancellation): the
            // enclosing operate then rolls back everything, so the first error is the one to report.
            if isInsideTransaction, (try? send(PostgresQuery(unsafeSQL: "ROLLBACK TO SAVEPOINT \(name)"))) != nil {
                abortCause = nil  // the savepoint undid what failed: the transaction goes on
                _ = try? send(PostgresQuery(unsafeSQL: "RELEASE SAVEPOINT \(name)"))
            }
            throw error
        }
        if isInsideTransaction {
            do {
                _ = try send(PostgresQuery(unsafeSQL: "RELEASE SAVEPOINT \(name)"))
                abortCause = nil  // released: the transaction is sound, whatever failed and was undone before
            } catch  where Self.isAbortedTransaction(error) {
                // The body caught the failure of one of its statements (Mason's, or one it sent through
                // `connection`), and PostgreSQL aborted the transaction for it: the unit cannot end
                // well. Rolled back to its savepoint, it fails with that failure (the 25P02 of the
                // release when it is not known), which `recover` or `retry` can then handle in a
                // transaction that goes on.
                let cause = abortCause ?? error
                guard (try? send(PostgresQuery(unsafeSQL: "ROLLBACK TO SAVEPOINT \(name)"))) != nil else { throw cause }
                abortCause = nil
                _ = try? send(PostgresQuery(unsafeSQL: "RELEASE SAVEPOINT \(name)"))
                throw cause
            }
        }
        return element
    }

    /// How many times the operation saved (``saveChanges()``) so far.
    ///
    /// ```swift
    /// try db.saveChanges()
    /// db.saveCount   // 1
    /// ```
    public var saveCount: Int? { saves }

    /// Whether the task running this access was cancelled: its statement in flight then fails with
    /// the connection closed, and every later one with `CancellationError`.
    ///
    /// ```swift
    /// db.isCancelled   // true once the operation's task is cancelled
    /// ```
    public var isCancelled: Bool { cancellation.isCancelled }

    /// Commits everything the operation did so far. The next statement opens the next transaction
    /// (with the nested units that are open opened again), so a later failure rolls back to this point
    /// and no further.
    ///
    /// A transaction a failed statement aborted cannot commit: PostgreSQL answers its `COMMIT` with
    /// `ROLLBACK`, and this throws, with the error that aborted it as `underlying`.
    ///
    /// ```swift
    /// let saveNow = DataOperation<PostgresContext, Void>.save()   // calls this when operated
    /// ```
    /// - Throws: `StoreError` (its `sql` is `COMMIT`) when the server rolled back instead; what the
    ///   server reported when the commit itself failed (a deferred constraint); a `StoreError` with
    ///   `isCommitInDoubt` set when the connection failed (or a cancellation closed it) while `COMMIT`
    ///   awaited its answer, or the server answered by ending the session (a `FATAL` error), or a
    ///   pooler answered that its connection to the server failed, so that the server may have
    ///   committed. Either way the transaction has ended with the work of every
    ///   open unit: the next statement opens a new one, but no later `save()` commits, and the
    ///   operation fails with this error even if it recovers (or, when the body throws another, with
    ///   that one, still flagged in doubt).
    public func saveChanges() throws {
        // After a COMMIT that failed, committing would keep part of the work and lose the rest.
        if let lostTransaction { throw lostTransaction }
        guard isInsideTransaction else { return }
        // Whatever COMMIT answers, the server's transaction is over: committed or rolled back (and a
        // COMMIT never sent means a cancelled or closed connection, which rolls back too). The next
        // statement opens a new one, so nothing runs in autocommit.
        isInsideTransaction = false
        let lost = unsavedChanges
        unsavedChanges = 0
        let result: PostgresQueryResult
        do {
            // Not sent: the connection closes (or has), and the server rolls back. A connection a
            // FATAL error ended may look open for a moment: COMMIT is not sent on it either, so that
            // its failure is not taken for a lost answer.
            try checkBeforeSending()
            if connectionBroke { throw ConnectionClosed() }
        } catch {
            lostTransaction = error
            throw error
        }
        do {
            result = try answer(to: "COMMIT")
        } catch {
            // A server's error says the transaction was rolled back. Anything else says nothing, and
            // the server may have committed: a connection that failed while COMMIT awaited its answer
            // (closed by a cancellation, too), an answer postgres-nio could not read, or a FATAL error
            // that ends the session (sent even after a local commit, by a backend terminated while it
            // waited for a synchronous standby).
            guard !Self.isServerAnswer(error) || Self.leavesCommitInDoubt(error) else {
                lostTransaction = error
                throw error
            }
            var failure = StoreError.postgres(error, cancelled: cancellation.isCancelled)
            failure.isCommitInDoubt = true
            failure.sql = failure.sql ?? "COMMIT"
            lostTransaction = failure
            throw failure
        }
        guard result.metadata.command == "COMMIT" else {
            let cause = abortCause.map { StoreError.postgres($0, cancelled: false) }
            abortCause = nil
            var failure = StoreError(
                kind: cause?.kind ?? .database,
                message: "COMMIT was answered with \(result.metadata.command): a statement had failed and "
                    + "aborted the transaction, so its \(lost) changes since the last save were rolled back",
                sql: "COMMIT",
                underlying: cause
            )
            failure.sqlState = cause?.sqlState
            lostTransaction = failure
            throw failure
        }
        saves += 1
    }

    /// Whether `error` is PostgreSQL refusing a statement because the transaction is aborted (25P02).
    static func isAbortedTransaction(_ error: any Error) -> Bool {
        (error as? PSQLError)?.serverInfo?[.sqlState] == "25P02"
    }

    /// A server's answer to `COMMIT` that still says nothing of what the server did: a connection
    /// failure (class 08) or a shutdown (57P01–57P03) of severity `ERROR` comes from a pooler whose
    /// own connection to the server failed while `COMMIT` was on it (PgBouncer's "server conn
    /// crashed?"), not from the server, which ends a session with `FATAL`.
    static func leavesCommitInDoubt(_ error: any Error) -> Bool {
        guard let state = (error as? PSQLError)?.serverInfo?[.sqlState] else { return false }
        return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }
}
