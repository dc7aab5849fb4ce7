public import MasonStoreCore
public import GRDB
public import Logging
public import Mason

/// Where Mason's store logs (at debug level: work rolled back because it was never saved).
let storeLogger = Logger(label: "mason.store")

extension DataOperation where Context == Database {
    /// Runs the operation in one serialized access of `writer`, blocking the caller until it ends.
    ///
    /// The access is a transaction (`BEGIN IMMEDIATE`): every `save()` in the operation commits what
    /// was done so far and opens the next; a throw — from SQLite, from your code, or a cancellation of
    /// the calling task — rolls back everything since the last save and reaches you as a
    /// `StoreError`; and work left unsaved when the operation returns is rolled back (logged at debug
    /// level), as the article's context keeps unsaved changes out of the store. Called again inside an
    /// operation running on the same writer, it runs as a nested unit (a savepoint), never a second
    /// access, so it cannot deadlock or hit GRDB's re-entrancy check. Called inside your own
    /// `writer.write { db in … }`, it is a savepoint of your transaction, which it never commits nor
    /// rolls back: a throw undoes only its own work, and its `save()` fails with
    /// `StoreError.Kind.misuse`.
    ///
    /// Blocks the calling thread; from `async` code use `operate(in:logger:)` with
    /// `await`, which does not.
    ///
    /// ```swift
    /// let bae = try makeBaby(name: "Bae").save().operate(in: dbQueue)
    /// ```
    /// - Parameters:
    ///   - writer: A `DatabaseQueue` or `DatabasePool`.
    ///   - logger: Where to log work rolled back unsaved (`mason.store` by default).
    /// - Returns: The operation's element.
    /// - Throws: `StoreError`, after the rollback.
    public func operate(in writer: some DatabaseWriter, logger: Logger? = nil) throws(StoreError) -> Element {
        try StoreError.catching {
            try writer.unsafeReentrantWrite { db in
                return try write(in: db, logger: logger ?? storeLogger)
            }
        }
    }

    /// Runs the operation in one serialized access of `writer` without blocking a thread: the
    /// `async` twin of `operate(in:logger:)`, with the same transaction rules.
    ///
    /// Cancelling the task interrupts the statement running and rolls back everything since the
    /// last save; the error is `StoreError.Kind.cancelled`.
    ///
    /// ```swift
    /// let bae = try await makeBaby(name: "Bae").save().operate(in: dbPool)
    /// ```
    /// - Parameters:
    ///   - writer: A `DatabaseQueue` or `DatabasePool`.
    ///   - logger: Where to log work rolled back unsaved (`mason.store` by default).
    /// - Returns: The operation's element.
    /// - Throws: `StoreError`, after the rollback.
    public func operate(in writer: some DatabaseWriter, logger: Logger? = nil) async throws(StoreError) -> Element
    where Element: Sendable {
        try await StoreError.catching {
            try await writer.writeWithoutTransaction { db in
                try write(in: db, logger: logger ?? storeLogger)
            }
        }
    }

    /// Starts the operation in an access of `writer` and returns at once; `completion` gets the
    /// outcome on the writer's queue (the seed's `operateAsync`, with the error typed).
    ///
    /// ```swift
    /// makeBaby(name: "Bae").save().operateAsync(in: dbQueue) { result in print(result) }
    /// ```
    /// - Parameters:
    ///   - writer: A `DatabaseQueue` or `DatabasePool`.
    ///   - completion: Receives the element or the error, once.
    public func operateAsync(
        in writer: some DatabaseWriter,
        _ completion: @escaping @Sendable (Result<Element, StoreError>) -> Void
    ) {
        writer.asyncWriteWithoutTransaction { db in
            do {
                completion(.success(try write(in: db, logger: storeLogger)))
            } catch {
                completion(.failure(StoreError(error)))
            }
        }
    }

    /// Runs the operation nested in the access `context` belongs to — the seed's
    /// `otherOperation.operate(context)` inside an operation's closure. It is a savepoint of the
    /// enclosing access: a throw rolls back only the nested work (and then reaches the enclosing
    /// operation, which fails too unless it recovers).
    ///
    /// ```swift
    /// DataOperation<Database, [Baby]> { db in
    ///     try names.map { try makeBaby(name: $0).operate(in: db) }
    /// }
    /// ```
    /// - Parameter context: The `Database` an enclosing operation was given.
    /// - Returns: The operation's element.
    /// - Throws: `StoreError`.
    public func operate(in context: Database) throws(StoreError) -> Element {
        try StoreError.catching { try context.withNestedUnit { try perform(in: context) } }
    }

    /// Runs a read-only operation on `reader`, blocking the caller: on a `DatabasePool` it runs
    /// beside other reads and the writer, on a snapshot that no concurrent write changes.
    ///
    /// A `save()` or a write in it fails with `StoreError`.
    ///
    /// ```swift
    /// let count = try DataOperation.count(Baby.self).read(from: dbPool)
    /// ```
    /// - Parameter reader: A `DatabasePool`, `DatabaseQueue` or `DatabaseSnapshot`.
    /// - Returns: The operation's element.
    /// - Throws: `StoreError`.
    public func read(from reader: some DatabaseReader) throws(StoreError) -> Element {
        try StoreError.catching {
            try reader.read { db in try StoreSession.run(on: db, writing: false) { _ in try perform(in: db) } }
        }
    }

    /// Runs a read-only operation on `reader` without blocking a thread: the `async` twin of
    /// `read(from:)`.
    ///
    /// ```swift
    /// let babies = try await DataOperation.fetchAll(Baby.self).read(from: dbPool)
    /// ```
    /// - Parameter reader: A `DatabasePool`, `DatabaseQueue` or `DatabaseSnapshot`.
    /// - Returns: The operation's element.
    /// - Throws: `StoreError`.
    public func read(from reader: some DatabaseReader) async throws(StoreError) -> Element where Element: Sendable {
        try await StoreError.catching {
            try await reader.read { db in
                try StoreSession.run(on: db, writing: false) { _ in try perform(in: db) }
            }
        }
    }

    /// Runs the operation like `operate(in:logger:)`, and again when another
    /// connection held the database (`StoreError.Kind.busy`) and nothing had been saved yet —
    /// waiting between attempts as `policy` says, with `sleeper` (which blocks the caller).
    ///
    /// ```swift
    /// try makeBaby(name: "Bae").save().operate(in: dbQueue, retryingBusy: .exponential(retries: 5))
    /// ```
    /// - Parameters:
    ///   - writer: A `DatabaseQueue` or `DatabasePool`.
    ///   - policy: How many attempts and how long between them.
    ///   - sleeper: How to wait (`ThreadSleeper.system`: for real).
    /// - Returns: The element of the first attempt that ran to the end.
    /// - Throws: `StoreError`: the last attempt's.
    public func operate(
        in writer: some DatabaseWriter,
        retryingBusy policy: RetryPolicy,
        sleeper: ThreadSleeper = .system
    ) throws(StoreError) -> Element {
        try retrying(policy: policy, sleeper: sleeper, retryIf: \.isWorthRetrying) {
            () throws(StoreError) -> Element in
            try operate(in: writer)
        }
    }

    /// The `async` twin of ``operate(in:retryingBusy:sleeper:)``: waits on `clock` between attempts,
    /// holding no thread, and ends with `.cancelled` when the task is cancelled meanwhile. In `async`
    /// code it is the one Swift picks, with or without a clock.
    ///
    /// ```swift
    /// try await makeBaby(name: "Bae").save().operate(in: dbPool, retryingBusy: .exponential(retries: 5))
    /// ```
    /// - Parameters:
    ///   - writer: A `DatabaseQueue` or `DatabasePool`.
    ///   - policy: How many attempts and how long between them.
    ///   - clock: The clock to wait on; `ContinuousClock()` by default, a `ManualClock` in tests.
    /// - Returns: The element of the first attempt that ran to the end.
    /// - Throws: `StoreError`: the last attempt's; `.cancelled` when the task is cancelled while it waits.
    public func operate<C: Clock>(
        in writer: some DatabaseWriter,
        retryingBusy policy: RetryPolicy,
        clock: C = ContinuousClock()
    ) async throws(StoreError) -> Element where Element: Sendable, C.Duration == Duration {
        try await StoreError.retryingWhileWorthIt(policy: policy, clock: clock) { () async throws(StoreError) in
            try await operate(in: writer)
        }
    }

    /// The top-level write: a transaction from the start, rolled back to the last save on a throw and
    /// when the operation returns with work unsaved. Inside an access already running (Mason's, or a
    /// transaction of yours) it is a nested unit of it instead, and leaves that transaction alone.
    private func write(in db: Database, logger: Logger) throws -> Element {
        if StoreSession.current(for: db) != nil || db.isInsideTransaction {
            return try db.withNestedUnit { try perform(in: db) }
        }
        return try StoreSession.run(on: db, writing: true) { session in
            let commitGuard = CommitGuard(session)
            do {
                try db.execute(sql: "BEGIN IMMEDIATE TRANSACTION")
                db.add(transactionObserver: commitGuard, extent: .observerLifetime)
                session.commitGuard = commitGuard
                defer { db.remove(transactionObserver: commitGuard) }
                session.changesAtLastSave = db.totalChangesCount
                let element = try perform(in: db)
                if let lost = session.lostTransaction { throw lost }  // recovered from, but the work is gone
                if session.pausedBy == nil, !db.isInsideTransaction {
                    throw StoreError.transactionEnded  // SQLite ended it, and the body caught the error
                }
                let unsaved = db.totalChangesCount - session.changesAtLastSave
                if unsaved > 0 {
                    logger.debug(
                        "Rolled back \(unsaved) unsaved changes: only work followed by save() reaches the store"
                    )
                }
                if db.isInsideTransaction {
                    try db.execute(sql: "ROLLBACK TRANSACTION")
                }
                return element
            } catch {
                if db.isInsideTransaction {
                    // Fails only when SQLite already ended the transaction; GRDB then cleans up.
                    try? db.execute(sql: "ROLLBACK TRANSACTION")
                }
                var failure = StoreError(error)
                failure.savesBeforeFailure = session.saves
                throw failure
            }
        }
    }
}
