import Dispatch
public import Logging
public import Mason
public import MasonStoreCore
public import PostgresNIO

/// Where Mason's PostgreSQL store logs (at debug level: work rolled back because it was never saved).
let postgresStoreLogger = Logger(label: "mason.store.postgres")

extension DataOperation where Context == PostgresContext {
    /// Runs the operation on a connection from `client`'s pool, in a transaction, and gives the
    /// connection back — the same rules as on SQLite.
    ///
    /// Every `save()` commits what was done so far, and the next statement opens the next transaction;
    /// a throw — from PostgreSQL, from your code, or a cancellation of the calling task — rolls back
    /// everything since the last save and reaches you as a `StoreError`; work left unsaved when the
    /// operation returns is rolled back (logged at debug level). Nested operations are savepoints.
    ///
    /// The operation's body is synchronous: it runs on a thread Mason gives it for the run (a Dispatch
    /// queue of its own), never on Swift's cooperative pool, which it would block while waiting for
    /// the server. Cancelling the task closes the connection: the operation ends at once, the pool
    /// opens a new connection, and the server rolls back the open transaction when it sees the
    /// connection closed. A statement the server is still executing (`pg_sleep`, a long `UPDATE`
    /// holding its locks) is cancelled too: Mason asks the server, on another connection of the pool,
    /// to cancel it (`pg_cancel_backend`). It finds the statement by a comment before each query and
    /// data change of the run (`/* mason 1f0c… */ `, after an optimizer hint if one comes first), never
    /// by the server process, which behind a pooler in transaction mode may serve another client by
    /// then. A utility statement (`CALL`, DDL, `LOCK`, `COPY`: untagged, as PostgreSQL 13 to 15 would
    /// count each run apart in `pg_stat_statements`), one you send through `db.connection` yourself,
    /// and any when the server tracks no activity (`track_activities = off`) are not found, and run on
    /// to their end.
    ///
    /// ```swift
    /// let bae = try await makeBaby(name: "Bae").save().operate(in: client)
    /// ```
    /// - Parameters:
    ///   - client: A running `PostgresClient` (its `run()` in a task of yours).
    ///   - isolation: The isolation level of the operation's transactions (`readCommitted` by default).
    ///   - logger: Where to log work rolled back unsaved, and the queries (`mason.store.postgres`).
    /// - Returns: The operation's element.
    /// - Throws: `StoreError`, after the rollback.
    @discardableResult
    public func operate(
        in client: PostgresClient,
        isolation: TransactionIsolation = .readCommitted,
        logger: Logger? = nil
    ) async throws(StoreError) -> Element where Element: Sendable {
        do {
            return try await client.withConnection { connection in
                let (outcome, closing) = await run(
                    on: connection, from: client, isolation: isolation, logger: logger)
                if closing {
                    // Given back before it has closed, the pool would lease it again, to fail there.
                    // Closing is idempotent, and ensures the wait ends even if the channel lingers.
                    try? await connection.close().get()
                }
                return try outcome.get()
            }
        } catch {
            throw StoreError.postgres(error, cancelled: Task.isCancelled)
        }
    }

    /// Runs the operation on `connection`, which you lease and keep: the transaction rules of
    /// `operate(in:isolation:logger:)`. Only one operation at a time may use a connection. The
    /// connection is closed when it failed, when a `ROLLBACK` could not end the transaction, and when
    /// the task is cancelled; open a new one then. With no client to ask through, a cancellation
    /// closes the connection but cannot cancel a statement the server is executing: that statement
    /// runs on until it ends, holding its locks, unless the server checks its clients meanwhile
    /// (`client_connection_check_interval`, PostgreSQL 14).
    ///
    /// ```swift
    /// try await client.withConnection { connection in try await makeBaby(name: "Bae").save().operate(on: connection) }
    /// ```
    /// - Parameters:
    ///   - connection: An open connection.
    ///   - isolation: The isolation level of the operation's transactions (`readCommitted` by default).
    ///   - logger: Where to log work rolled back unsaved, and the queries (`mason.store.postgres`).
    /// - Returns: The operation's element.
    /// - Throws: `StoreError`, after the rollback.
    @discardableResult
    public func operate(
        on connection: PostgresConnection,
        isolation: TransactionIsolation = .readCommitted,
        logger: Logger? = nil
    ) async throws(StoreError) -> Element where Element: Sendable {
        let (outcome, closing) = await run(on: connection, from: nil, isolation: isolation, logger: logger)
        if closing {
            // A failed ROLLBACK may have left a transaction open on it: never hand it back in that state.
            try? await connection.close().get()
        }
        return try outcome.get()
    }

    /// Runs the operation on its own thread; `closing` says whether the connection must close (a
    /// cancellation closed it, or the connection itself failed), so it must not serve another operation.
    /// It is decided from the connection, never from the error's kind: a server error of SQLSTATE
    /// class 08 maps to `.connectionLost` but arrives on a connection that still works.
    private func run(
        on connection: PostgresConnection,
        from client: PostgresClient?,
        isolation: TransactionIsolation,
        logger: Logger?
    ) async -> (outcome: Result<Element, StoreError>, closing: Bool) {
        let logger = logger ?? postgresStoreLogger
        let cancellation = PostgresCancellation(connection, client: client, logger: logger)
        let (outcome, broke) = await withTaskCancellationHandler {
            // A serial queue of its own targets Dispatch's overcommitting pool: a thread that may block,
            // started when none is free. The task hops there and back rather than awaiting a
            // continuation resumed from the queue, which Thread Sanitizer reports as a race when the
            // resume comes before the task has suspended (swiftlang/swift#57803).
            await withTaskExecutorPreference(QueueExecutor()) {
                @concurrent () async -> (Result<Element, StoreError>, connectionBroke: Bool) in
                transact(on: connection, isolation: isolation, logger: logger, cancellation: cancellation)
            }
        } onCancel: {
            cancellation.cancel()
        }
        return (outcome, broke || cancellation.isCancelled || connection.isClosed)
    }

    /// Runs the operation like `operate(in:isolation:logger:)`, and again when it failed
    /// in a way worth retrying (`StoreError.isWorthRetrying`: a serialization failure or deadlock under
    /// concurrency, or a busy lock, with nothing saved yet), waiting on `clock` as `policy` says. Declare
    /// an operation retryable this way only if running it twice is what you mean — each attempt is a
    /// new transaction, so it is, when nothing outside the database depends on the first attempt.
    ///
    /// ```swift
    /// try await increment.save().operate(in: client, isolation: .serializable, retrying: .immediate(retries: 50))
    /// ```
    /// - Parameters:
    ///   - client: A running `PostgresClient`.
    ///   - isolation: The isolation level (`serializable` is where conflicts are reported and retried).
    ///   - policy: How many attempts and how long between them.
    ///   - clock: The clock to wait on (`ContinuousClock` by default).
    ///   - logger: Where to log (`mason.store.postgres` by default).
    /// - Returns: The element of the first attempt that ran to the end.
    /// - Throws: `StoreError`: the last attempt's; `.cancelled` when the task is cancelled while it waits.
    @discardableResult
    public func operate<C: Clock>(
        in client: PostgresClient,
        isolation: TransactionIsolation = .readCommitted,
        retrying policy: RetryPolicy,
        clock: C = ContinuousClock(),
        logger: Logger? = nil
    ) async throws(StoreError) -> Element where Element: Sendable, C.Duration == Duration {
        try await StoreError.retryingWhileWorthIt(policy: policy, clock: clock) { () async throws(StoreError) in
            try await operate(in: client, isolation: isolation, logger: logger)
        }
    }

    /// Runs the operation nested in the transaction `context` belongs to — the seed's
    /// `otherOperation.operate(context)` inside an operation's body: a savepoint, so a throw rolls back
    /// only the nested work.
    ///
    /// ```swift
    /// DataOperation<PostgresContext, [Baby]> { db in try names.map { try makeBaby(name: $0).operate(in: db) } }
    /// ```
    /// - Parameter context: The context an enclosing operation was given.
    /// - Returns: The operation's element.
    /// - Throws: `StoreError`.
    @discardableResult
    public func operate(in context: PostgresContext) throws(StoreError) -> Element {
        do {
            return try context.withNestedUnit { try perform(in: context) }
        } catch {
            throw StoreError.postgres(error, cancelled: context.cancellation.isCancelled)
        }
    }

    /// The whole run on the operation's own thread: transaction from the first statement, rolled back
    /// to the last save on a throw and when the operation returns with work unsaved. `connectionBroke`
    /// says whether the connection failed (or could not roll back), so must not be reused.
    private func transact(
        on connection: PostgresConnection,
        isolation: TransactionIsolation,
        logger: Logger,
        cancellation: PostgresCancellation
    ) -> (Result<Element, StoreError>, connectionBroke: Bool) {
        let context = PostgresContext(
            connection: connection,
            logger: logger,
            isolation: isolation,
            cancellation: cancellation
        )
        do {
            let element = try perform(in: context)
            if let lost = context.lostTransaction { throw lost }  // recovered from, but the work is gone
            if context.unsavedChanges > 0 {
                logger.debug(
                    "Rolled back \(context.unsavedChanges) unsaved changes: only work followed by save() reaches the store"
                )
            }
            context.rollBack()
            return (.success(element), context.connectionBroke)
        } catch {
            context.rollBack()
            var failure = StoreError.postgres(error, cancelled: cancellation.isCancelled)
            failure.savesBeforeFailure = context.saves
            // The body caught a save in doubt and threw something else: the doubt must still reach
            // the caller, or a retry could apply the work twice.
            if let lost = context.lostTransaction as? StoreError, lost.isCommitInDoubt {
                failure.isCommitInDoubt = true
            }
            return (.failure(failure), context.connectionBroke)
        }
    }
}
