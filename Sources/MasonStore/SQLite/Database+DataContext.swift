public import MasonStoreCore
public import GRDB

extension Database: DataContext {
    /// Runs `body` in a savepoint of the current access: if it throws, only its work is rolled back.
    ///
    /// Inside `operate` this is how a nested operation runs (the seed's
    /// `makeBaby.operate(context)` within another operation): a savepoint, never a second access, so
    /// GRDB's re-entrancy check is never hit. In a read it simply runs `body`. Outside Mason's accesses
    /// (in your own `dbQueue.write { db in … }`) it is GRDB's `inSavepoint`.
    ///
    /// ```swift
    /// try db.withNestedUnit { try Baby(name: "Bae").insert(db) }
    /// ```
    /// - Parameter body: The nested work.
    /// - Returns: What `body` returns.
    public func withNestedUnit<T>(_ body: () throws -> T) throws -> T {
        guard let session = StoreSession.current(for: self) else {
            var element: T?
            try inSavepoint {
                element = try body()
                return .commit
            }
            guard let element else { throw StoreError(kind: .misuse, message: "the savepoint did not run") }
            return element
        }
        guard session.isWriting else { return try body() }
        session.openUnits += 1
        let name = "mason_\(session.openUnits)"
        defer { session.openUnits -= 1 }
        try execute(sql: "SAVEPOINT \(name)")
        let element: T
        do {
            element = try body()
        } catch {
            // A savepoint's rollback fails only when the transaction is already gone (an interrupt):
            // the enclosing access rolls back in that case, so the first error is the one to report.
            try? execute(sql: "ROLLBACK TO SAVEPOINT \(name)")
            try? execute(sql: "RELEASE SAVEPOINT \(name)")
            throw error
        }
        try execute(sql: "RELEASE SAVEPOINT \(name)")
        return element
    }

    /// Commits everything the access did so far, then goes on in a new transaction, with the nested
    /// units that were open opened again, so a failure later rolls back to this point and no further.
    ///
    /// It runs only inside a write through `operate`; elsewhere it throws `StoreError.Kind.misuse`.
    ///
    /// ```swift
    /// let saveNow = DataOperation<Database, Void>.save()   // calls this when operated
    /// ```
    public func saveChanges() throws {
        guard let session = StoreSession.current(for: self), session.isWriting else {
            throw StoreError(kind: .misuse, message: "save() runs only inside a write through operate(in:)")
        }
        try execute(sql: "COMMIT TRANSACTION")
        session.saves += 1
        session.changesAtLastSave = totalChangesCount
        try execute(sql: "BEGIN IMMEDIATE TRANSACTION")
        for level in stride(from: 1, through: session.openUnits, by: 1) {
            try execute(sql: "SAVEPOINT mason_\(level)")
        }
    }
}
