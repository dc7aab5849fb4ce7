public import MasonStoreCore
import PostgresNIO

extension PostgresContext: DataContext {
    /// Runs `body` in a savepoint of the current transaction: if it throws, only its work is rolled
    /// back, and the error is rethrown.
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
            // Fails only when the transaction is gone (a lost connection, a cancellation): the
            // enclosing operate then rolls back everything, so the first error is the one to report.
            if isInsideTransaction {
                _ = try? send(PostgresQuery(unsafeSQL: "ROLLBACK TO SAVEPOINT \(name)"))
                _ = try? send(PostgresQuery(unsafeSQL: "RELEASE SAVEPOINT \(name)"))
            }
            throw error
        }
        if isInsideTransaction {
            _ = try send(PostgresQuery(unsafeSQL: "RELEASE SAVEPOINT \(name)"))
        }
        return element
    }

    /// Commits everything the operation did so far. The next statement opens the next transaction
    /// (with the nested units that are open opened again), so a later failure rolls back to this point
    /// and no further.
    ///
    /// ```swift
    /// let saveNow = DataOperation<PostgresContext, Void>.save()   // calls this when operated
    /// ```
    public func saveChanges() throws {
        guard isInsideTransaction else { return }
        _ = try send("COMMIT")
        isInsideTransaction = false
        saves += 1
        unsavedChanges = 0
    }
}
