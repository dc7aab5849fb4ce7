import MasonStoreCore
internal import GRDB
import Mason

/// What Mason knows about one access in progress: whether it may write, how many nested units
/// (savepoints) are open, and what has been saved. It exists from the start of an `operate` to its
/// end, and lets an operation nested on the same `Database` (the seed's `operate(context)`) find the
/// access it runs in, so nesting never opens a second access.
///
/// `@unchecked Sendable`: it is stored in the global registry, but its mutable fields are touched only
/// by the code running inside its access, which GRDB serializes on one thread at a time. A nested
/// registration on the same connection (an observation GRDB runs inside `COMMIT`) puts back the entry
/// it replaced before the access goes on (``run(on:writing:_:)``). The registry itself is behind a
/// lock (`Locked`: a pthread mutex, which Thread Sanitizer understands; it reports the futex of
/// `Synchronization.Mutex` as a race).
final class StoreSession: @unchecked Sendable {
    /// Whether the access is a write (savepoints, `save()`); a read runs nested units as they are.
    let isWriting: Bool
    /// The number of nested units open, so `save()` can open them again after its commit.
    var openUnits = 0
    /// How many times the access committed.
    var saves = 0
    /// `Database.totalChangesCount` at the last commit (or the start), to tell unsaved work from none.
    var changesAtLastSave = 0
    /// The error with which SQLite ended the whole transaction inside a nested unit (`OR ROLLBACK`,
    /// `RAISE(ROLLBACK, …)`, a full disk), taking the unsaved work of the enclosing units with it. Once
    /// set, no `save()` commits and the access fails with it, whatever recovered from it.
    var lostTransaction: (any Error)?
    /// Set when a `save()` committed but the next transaction could not open (another connection took
    /// the write lock, a cancellation): the save is done, so only work that writes afterwards fails,
    /// with this error, vetoed by ``commitGuard`` rather than committed statement by statement.
    var pausedBy: (any Error)?
    /// Vetoes every commit of the access but `save()`'s own, while the access runs.
    var commitGuard: CommitGuard?

    private init(isWriting: Bool) {
        self.isWriting = isWriting
    }

    private static let registry = Locked<[ObjectIdentifier: StoreSession]>([:])

    /// The session of the access `db` is in, if Mason opened it.
    static func current(for db: Database) -> StoreSession? {
        registry.withLock { $0[ObjectIdentifier(db)] }
    }

    /// Runs `body` as the session of `db`, then gives `db` back the session it had before, if any.
    ///
    /// The sessions of one `Database` form a stack: code that reaches the connection while an access
    /// runs — GRDB runs a `ValueObservation` on the writer's connection inside its `COMMIT` — gets its
    /// own session for its own run, and the access it interrupted finds its session again afterwards,
    /// so its next `save()` still works.
    static func run<T>(on db: Database, writing: Bool, _ body: (StoreSession) throws -> T) rethrows -> T {
        let session = StoreSession(isWriting: writing)
        let key = ObjectIdentifier(db)
        let previous = registry.withLock { $0.updateValue(session, forKey: key) }
        defer { registry.withLock { $0[key] = previous } }
        return try body(session)
    }
}

/// Vetoes every commit on the connection of a write access but the one `save()` runs: a statement
/// that runs with no transaction open (SQLite ended it, or a save could not open the next one)
/// would otherwise commit on its own (autocommit). The statement fails instead, with the error that
/// kept the transaction from opening, or ``StoreError/transactionEnded``.
/// GRDB calls it on the connection's queue, where the access that owns it runs.
final class CommitGuard: TransactionObserver {
    /// Whether the `COMMIT` running is `save()`'s.
    var isSaving = false
    /// The access it guards, which holds it: its `pausedBy` says why no transaction is open.
    private unowned let session: StoreSession

    /// A guard for the access of `session`.
    init(_ session: StoreSession) {
        self.session = session
    }

    /// No change events: GRDB asks every observer before a commit whatever it observes, and observing
    /// changes would make it report each changed row (an update hook, an event a row).
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseWillCommit() throws {
        guard !isSaving else { return }
        throw session.pausedBy ?? StoreError.transactionEnded
    }
    func databaseDidCommit(_ db: Database) {}
    func databaseDidRollback(_ db: Database) {}
}

extension StoreError {
    /// SQLite ended an access's transaction itself, outside any nested unit.
    static var transactionEnded: StoreError {
        StoreError(
            kind: .database,
            message: "SQLite ended the operation's transaction (OR ROLLBACK, RAISE(ROLLBACK, …), a full disk): "
                + "its work since the last save is gone, and no later save commits"
        )
    }
}
