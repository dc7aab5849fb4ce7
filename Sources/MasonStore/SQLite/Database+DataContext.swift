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
        try resumeTransaction(session)
        session.openUnits += 1
        let name = "mason_\(session.openUnits)"
        defer { session.openUnits -= 1 }
        try execute(sql: "SAVEPOINT \(name)")
        let element: T
        do {
            element = try body()
        } catch {
            if session.pausedBy != nil {
                throw error  // a save inside committed the unit's work: nothing left to roll back
            }
            if isInsideTransaction {
                try? execute(sql: "ROLLBACK TO SAVEPOINT \(name)")
                try? execute(sql: "RELEASE SAVEPOINT \(name)")
            } else {
                // SQLite ended the whole transaction (`OR ROLLBACK`, `RAISE(ROLLBACK, …)`, a full disk,
                // an interrupt): the enclosing units' unsaved work is gone too, so the access can no
                // longer succeed. A new transaction keeps what runs until it ends (a `recover`, a
                // `retry`) from committing statement by statement; the access then rolls it back.
                session.lostTransaction = session.lostTransaction ?? error
                try? reopenTransaction(units: session.openUnits - 1)
            }
            throw error
        }
        if session.pausedBy == nil {  // else a save inside committed the unit, and no transaction is open
            try execute(sql: "RELEASE SAVEPOINT \(name)")
        }
        return element
    }

    /// Commits everything the access did so far, then goes on in a new transaction, with the nested
    /// units that were open opened again, so a failure later rolls back to this point and no further.
    /// Once the commit is done the save is: if the next transaction cannot open (another connection
    /// took the write lock, the task was cancelled), only a later write fails, with that error.
    ///
    /// It runs only inside a write through `operate`; elsewhere it throws `StoreError.Kind.misuse`.
    ///
    /// ```swift
    /// let saveNow = DataOperation<Database, Void>.save()   // calls this when operated
    /// ```
    public func saveChanges() throws {
        guard let session = StoreSession.current(for: self), session.isWriting else {
            throw StoreError(
                kind: .misuse,
                message: "save() runs only in a transaction operate(in:) opened, not in a read or a write of yours"
            )
        }
        // After SQLite ended the transaction, committing would keep part of the work and lose the rest.
        if let lost = session.lostTransaction { throw lost }
        // No transaction opened since the last save, so no write has run since: nothing to commit.
        if session.pausedBy != nil { return }
        guard isInsideTransaction else {
            // SQLite ended it (`INSERT OR ROLLBACK` caught by the body): the work since the last save is gone.
            session.lostTransaction = StoreError.transactionEnded
            throw StoreError.transactionEnded
        }
        session.commitGuard?.isSaving = true
        defer { session.commitGuard?.isSaving = false }
        try execute(sql: "COMMIT TRANSACTION")
        session.saves += 1
        session.changesAtLastSave = totalChangesCount
        do {
            try reopenTransaction(units: session.openUnits)
        } catch {
            session.pausedBy = error
        }
    }

    /// How many times the current access through `operate` saved (``saveChanges()``); `nil` outside
    /// one.
    ///
    /// ```swift
    /// try db.saveChanges()
    /// db.saveCount   // 1
    /// ```
    public var saveCount: Int? {
        StoreSession.current(for: self)?.saves
    }

    /// Opens the transaction a save could not open after its commit, if any; throws why it still
    /// cannot.
    func resumeTransaction(_ session: StoreSession) throws {
        guard session.pausedBy != nil else { return }
        try reopenTransaction(units: session.openUnits)
        session.pausedBy = nil
    }

    /// Begins the access's next transaction, with the nested units `1...units` open again; on a failure
    /// it leaves none open.
    private func reopenTransaction(units: Int) throws {
        try execute(sql: "BEGIN IMMEDIATE TRANSACTION")
        do {
            for level in stride(from: 1, through: units, by: 1) {
                try execute(sql: "SAVEPOINT mason_\(level)")
            }
        } catch {
            try? execute(sql: "ROLLBACK TRANSACTION")
            throw error
        }
    }
}
