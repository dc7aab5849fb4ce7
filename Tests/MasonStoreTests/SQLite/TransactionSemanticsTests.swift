import Foundation
import GRDB
import Logging
import Mason
import MasonStore
import MasonTesting
import Synchronization
import Testing

/// Each sentence of the semantics paragraph ("Transactions" in the MasonStore documentation), on real
/// files, on a queue and on a pool.
@Suite(.timeLimit(.minutes(5))) struct TransactionSemanticsTests {
    // "Work up to a save() is committed atomically."
    @Test(arguments: WriterKind.allCases) func workUpToASaveIsCommittedAtomically(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        let outsider = try DatabaseQueue(path: store.path)
        let seenBeforeSave = Locked<[String]?>(nil)
        let operation = sequence(["Bae", "Bea", "Abe"].map(makeBaby))
            .map { babies in
                seenBeforeSave.withLock {
                    $0 = try? outsider.read { try String.fetchAll($0, sql: "SELECT name FROM baby") }
                }
                return babies
            }
            .save()
        _ = try operation.operate(in: store.writer)
        #expect(seenBeforeSave.withLock { $0 } == [], "another connection sees none of the work before the save")
        #expect(try store.namesOnDisk() == ["Bae", "Bea", "Abe"])
    }

    // "A thrown error … rolls back everything since the last save()."
    @Test(arguments: WriterKind.allCases) func aThrownErrorRollsBackToTheLastSave(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        let operation = makeBaby(name: "Bae").save()
            .flatMap { _ in makeBaby(name: "Bea") }
            .flatMap { _ -> DataOperation<Database, Baby> in .fail(Refused()) }
        let error = #expect(throws: StoreError.self) { try operation.operate(in: store.writer) }
        #expect(error?.kind == .operation)
        #expect(error?.underlying as? Refused == Refused())
        #expect(error?.savesBeforeFailure == 1)
        #expect(try store.namesOnDisk() == ["Bae"])
    }

    // "… a failed step …"
    @Test(arguments: WriterKind.allCases) func aFailedStepRollsBackToTheLastSave(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        let checked: ResultFDO<Baby, Refused> = lift(makeBaby(name: "Bae").save())
            .flatMap { _ in lift(makeBaby(name: "Bea")) }
            .flatMap { _ in lift(Result<Baby, Refused>.failure(Refused(reason: "no more"))) }
        let outcome = try checked.operate(in: store.writer)
        #expect(outcome == .failure(Refused(reason: "no more")))
        #expect(try store.namesOnDisk() == ["Bae"])
    }

    // "… or a cancelled task rolls back everything since the last save()." (a blocking operate)
    @Test func aCancelledTaskRollsBackABlockingOperate() async throws {
        let store = try StoreFixture()
        let started = AsyncStream<Void>.makeStream()
        let operation = makeBaby(name: "Bae").save()
            .flatMap { _ in makeBaby(name: "Bea") }
            .flatMap { baby -> DataOperation<Database, Baby> in
                started.continuation.yield()
                while !Task.isCancelled { usleep(1_000) }
                return .pure(baby)
            }
            .flatMap { _ in makeBaby(name: "Abe") }
            .save()
        let task = Task { try operation.operate(in: store.writer) }
        var iterator = started.stream.makeAsyncIterator()
        await iterator.next()
        task.cancel()
        let error = await #expect(throws: StoreError.self) { _ = try await task.value }
        #expect(error?.kind == .cancelled)
        #expect(try store.namesOnDisk() == ["Bae"])
    }

    // "… or a cancelled task …" (await operate: a long operation cancelled mid-way)
    @Test(arguments: WriterKind.allCases) func aLongOperationCancelledMidwayLeavesTheFileAsAtItsLastSave(
        kind: WriterKind
    ) async throws {
        let store = try StoreFixture(kind)
        let progress = Atomic<Int>(0)
        let midway = AsyncStream<Void>.makeStream()
        let long = traverse(Array(0..<2_000_000)) { index in
            DataOperation<Database, Void> { db in
                try db.execute(sql: "INSERT INTO baby (name) VALUES (?)", arguments: ["long \(index)"])
                if progress.add(1, ordering: .relaxed).newValue == 1_000 { midway.continuation.yield() }
            }
        }
        let operation = sequence(["Bae", "Bea"].map(makeBaby)).save().flatMap { _ in long }.save()
        let task = Task { try await operation.operate(in: store.writer) }
        var iterator = midway.stream.makeAsyncIterator()
        await iterator.next()  // 1,000 rows written, unsaved
        task.cancel()
        let error = await #expect(throws: StoreError.self) { _ = try await task.value }
        #expect(error?.kind == .cancelled)
        #expect(progress.load(ordering: .relaxed) < 2_000_000)
        #expect(try store.namesOnDisk() == ["Bae", "Bea"])
        // And the database is still writable afterwards (GRDB #1715 left it read-only).
        _ = try await makeBaby(name: "Abe").save().operate(in: store.writer)
        #expect(try store.namesOnDisk() == ["Bae", "Bea", "Abe"])
    }

    // "Work left unsaved when operate returns is rolled back (logged at debug level)."
    @Test(arguments: WriterKind.allCases) func unsavedWorkIsRolledBackAndLogged(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        let recorder = LogRecorder()
        let babies = try sequence(["Bae", "Bea"].map(makeBaby)).operate(
            in: store.writer, logger: recorder.logger(level: .debug))
        #expect(babies.count == 2, "the operation's element is returned")
        #expect(try store.namesOnDisk().isEmpty)
        #expect(recorder.entries.map(\.level) == [.debug])
        #expect(recorder.entries.first?.message.contains("Rolled back 2 unsaved changes") == true)
        // Nothing unsaved, nothing logged:
        _ = try makeBaby(name: "Bae").save().operate(in: store.writer, logger: recorder.logger(level: .debug))
        #expect(recorder.entries.count == 1)
    }

    // "A nested operation is a savepoint of the enclosing one."
    @Test(arguments: WriterKind.allCases) func aNestedOperationIsASavepoint(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        let failingNested = DataOperation<Database, Baby> { db in
            _ = try makeBaby(name: "Lost").operate(in: db)
            throw Refused()
        }
        let operation = DataOperation<Database, [String]> { db in
            _ = try makeBaby(name: "Bae").operate(in: db)
            #expect(throws: StoreError.self) { try failingNested.operate(in: db) }
            _ = try makeBaby(name: "Bea").operate(in: db)
            return try String.fetchAll(db, sql: "SELECT name FROM baby ORDER BY id")
        }
        #expect(try operation.save().operate(in: store.writer) == ["Bae", "Bea"])
        #expect(try store.namesOnDisk() == ["Bae", "Bea"])
    }

    @Test(arguments: WriterKind.allCases) func nestingThreeDeepWithASaveInTheMiddle(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        let third = DataOperation<Database, Void> { db in
            _ = try makeBaby(name: "three").operate(in: db)
            throw Refused(reason: "third")
        }
        let second = DataOperation<Database, Void> { db in
            _ = try makeBaby(name: "two").save().operate(in: db)  // saves "one" and "two"
            _ = try makeBaby(name: "two-unsaved").operate(in: db)
            try third.operate(in: db)
        }
        let first = DataOperation<Database, Void> { db in
            _ = try makeBaby(name: "one").operate(in: db)
            try second.operate(in: db)
        }
        let error = #expect(throws: StoreError.self) { try first.save().operate(in: store.writer) }
        #expect(error?.underlying as? Refused == Refused(reason: "third"))
        #expect(try store.namesOnDisk() == ["one", "two"])
        // A nested failure recovered from undoes only the nested work:
        let recovered = makeBaby(name: "undone")
            .flatMap { _ -> DataOperation<Database, Baby> in .fail(Refused()) }
            .recover { _ in makeBaby(name: "recovered") }
            .save()
        #expect(try recovered.operate(in: store.writer).name == "recovered")
        #expect(try store.namesOnDisk() == ["one", "two", "recovered"])
    }

    @Test(arguments: WriterKind.allCases) func operateOnTheSameWriterInsideAnOperationNests(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        let writer = store.writer
        let outer = DataOperation<Database, Int> { db in
            _ = try makeBaby(name: "Bae").operate(in: db)
            _ = try makeBaby(name: "Bea").operate(in: writer)  // the writer, not the context: still nested
            return try Baby.fetchCount(db)
        }
        #expect(try outer.save().operate(in: writer) == 2)
        #expect(try store.namesOnDisk() == ["Bae", "Bea"])
    }

    // Your own `write { db in … }` is yours: an operation run inside it is a savepoint of it, whose
    // failure rolls back only its own work, and whose `save()` cannot commit your transaction.
    @Test(arguments: WriterKind.allCases) func operateInsideYourOwnWriteLeavesYourTransactionAlone(
        kind: WriterKind
    ) throws {
        let store = try StoreFixture(kind)
        let writer = store.writer
        try writer.write { db in
            try db.execute(sql: "INSERT INTO baby (name) VALUES ('Mine')")
            #expect(try makeBaby(name: "Bae").operate(in: writer).name == "Bae")
            let refused = makeBaby(name: "Bea").flatMap { _ -> DataOperation<Database, Baby> in .fail(Refused()) }
            let error = #expect(throws: StoreError.self) { try refused.operate(in: writer) }
            #expect(error?.underlying is Refused)
            let saving = #expect(throws: StoreError.self) { try makeBaby(name: "Abe").save().operate(in: writer) }
            #expect(saving?.kind == .misuse)
            #expect(db.isInsideTransaction, "your transaction is still open")
            try db.execute(sql: "INSERT INTO baby (name) VALUES ('Mine too')")
        }
        #expect(try store.namesOnDisk() == ["Mine", "Bae", "Mine too"])
    }

    // A save() is done once its COMMIT is: another connection taking the write lock right after it
    // does not turn the committed operation into a failure (which a retry would insert again)…
    @Test(arguments: WriterKind.allCases) func aSaveIsDoneThoughAnotherWriterTakesTheLockRightAfter(
        kind: WriterKind
    ) throws {
        let store = try StoreFixture(kind)
        let other = try LockHolder(path: store.path)
        let operation = DataOperation<Database, Void> { db in
            try db.execute(sql: "INSERT INTO baby (name) VALUES ('Bae')")
            db.afterNextTransaction { _ in other.take() }
        }
        let outcome = Result { () throws(StoreError) in try operation.save().operate(in: store.writer) }
        other.release()
        #expect(throws: Never.self) { try outcome.get() }
        #expect(try store.namesOnDisk() == ["Bae"])
    }

    // … and a write after that save fails, without committing on its own.
    @Test(arguments: WriterKind.allCases) func aWriteAfterASaveWhoseNextTransactionCannotOpenFails(
        kind: WriterKind
    ) throws {
        let store = try StoreFixture(kind)
        let other = try LockHolder(path: store.path)
        let operation = DataOperation<Database, Void> { db in
            try db.execute(sql: "INSERT INTO baby (name) VALUES ('Bae')")
            db.afterNextTransaction { _ in other.take() }
        }
        .save()
        .flatMap { _ in makeBaby(name: "Bea") }
        .save()
        let outcome = Result { () throws(StoreError) in try operation.operate(in: store.writer) }
        other.release()
        let error = #expect(throws: StoreError.self) { try outcome.get() }
        #expect(error?.kind == .busy)
        #expect(error?.savesBeforeFailure == 1)
        #expect(error?.isWorthRetrying == false)
        #expect(try store.namesOnDisk() == ["Bae"])
    }

    @Test func saveInAReadIsAMisuse() throws {
        let store = try StoreFixture(.pool)
        let error = #expect(throws: StoreError.self) { try makeBaby(name: "Bae").save().read(from: store.writer) }
        #expect(error?.kind == .readOnly || error?.kind == .misuse)
        #expect(try store.namesOnDisk().isEmpty)
    }

    @Test func retryUndoesAFailedAttemptBeforeTheNext() throws {
        let store = try StoreFixture()
        let attempts = Atomic<Int>(0)
        let flaky = DataOperation<Database, Baby> { db in
            let attempt = attempts.add(1, ordering: .relaxed).newValue
            _ = try makeBaby(name: "attempt \(attempt)").operate(in: db)
            if attempt < 3 { throw Refused() }
            return try Baby(name: "Bae").inserted(db)
        }
        let baby = try flaky.retry(.immediate(retries: 2)).save().operate(in: store.writer)
        #expect(baby.name == "Bae")
        #expect(try store.namesOnDisk() == ["attempt 3", "Bae"])
    }

    // A statement that makes SQLite end the whole transaction (`OR ROLLBACK`, `RAISE(ROLLBACK, …)`, a
    // full disk) takes every unsaved change with it: nothing after it may commit without a save, and
    // the operation fails with that error even if a `recover` or `retry` handled it.
    @Test(arguments: WriterKind.allCases) func aRecoveryAfterAWholeTransactionRollbackStaysUnsaved(
        kind: WriterKind
    ) throws {
        let store = try StoreFixture(kind)
        _ = try makeBaby(name: "Bae").save().operate(in: store.writer)
        let operation = DataOperation<Database, Void>
            .execute(sql: "INSERT OR ROLLBACK INTO baby (name) VALUES ('Bae')")
            .recover { _ in makeBaby(name: "Fallback").map { _ in } }
            .flatMap { _ in DataOperation<Database, Void>.fail(Refused()) }
        let error = #expect(throws: StoreError.self) { try operation.operate(in: store.writer) }
        #expect(error?.underlying is Refused)
        #expect(try store.namesOnDisk() == ["Bae"])
        let recovered = DataOperation<Database, Void>
            .execute(sql: "INSERT OR ROLLBACK INTO baby (name) VALUES ('Bae')")
            .recover { _ in makeBaby(name: "Fallback").map { _ in } }
            .save()
        let lost = #expect(throws: StoreError.self) { try recovered.operate(in: store.writer) }
        #expect(lost?.kind == .constraintViolation, "the error that ended the transaction, though recovered")
        #expect(try store.namesOnDisk() == ["Bae"])
    }

    @Test(arguments: WriterKind.allCases) func aRetryAfterAWholeTransactionRollbackStaysUnsaved(
        kind: WriterKind
    ) throws {
        let store = try StoreFixture(kind)
        _ = try makeBaby(name: "Bae").save().operate(in: store.writer)
        let attempts = Atomic<Int>(0)
        let flaky = DataOperation<Database, Void> { db in
            if attempts.add(1, ordering: .relaxed).newValue == 1 {
                try db.execute(sql: "INSERT OR ROLLBACK INTO baby (name) VALUES ('Bae')")
            }
            try db.execute(sql: "INSERT INTO baby (name) VALUES ('Retried')")
        }
        let operation = flaky.retry(.immediate(retries: 1))
            .flatMap { _ in DataOperation<Database, Void>.fail(Refused()) }
        #expect(throws: StoreError.self) { try operation.operate(in: store.writer) }
        #expect(try store.namesOnDisk() == ["Bae"])
        #expect(attempts.load(ordering: .relaxed) == 2)
    }

    // At the top level too: once SQLite ended the transaction and the body caught the error, what
    // follows does not commit statement by statement, no save commits, and the operation fails.
    @Test(arguments: WriterKind.allCases) func aWholeTransactionRollbackCaughtByTheBodyFailsTheOperation(
        kind: WriterKind
    ) throws {
        let store = try StoreFixture(kind)
        _ = try makeBaby(name: "Bae").save().operate(in: store.writer)
        let caught = DataOperation<Database, Void> { db in
            do { try db.execute(sql: "INSERT OR ROLLBACK INTO baby (name) VALUES ('Bae')") } catch {}
        }
        let thenWrites = caught.flatMap { _ in makeBaby(name: "Bea") }.save()
        let error = #expect(throws: StoreError.self) { try thenWrites.operate(in: store.writer) }
        #expect(error?.message?.contains("SQLite ended the operation's transaction") == true)
        let thenSaves = #expect(throws: StoreError.self) { try caught.save().operate(in: store.writer) }
        #expect(thenSaves?.message?.contains("SQLite ended the operation's transaction") == true)
        let thenReturns = #expect(throws: StoreError.self) { try caught.operate(in: store.writer) }
        #expect(thenReturns?.message?.contains("SQLite ended the operation's transaction") == true)
        #expect(try store.namesOnDisk() == ["Bae"])
    }

    // The work saved before the transaction ended stays; the unsaved work before it is not replayed.
    @Test(arguments: WriterKind.allCases) func aWholeTransactionRollbackKeepsWhatWasSaved(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        let operation = makeBaby(name: "Bae").save()
            .flatMap { _ in makeBaby(name: "Bea") }
            .flatMap { _ in
                DataOperation<Database, Void>.execute(sql: "INSERT OR ROLLBACK INTO baby (name) VALUES ('Bae')")
                    .recover { _ in .pure(()) }
            }
            .save()
        let error = #expect(throws: StoreError.self) { try operation.operate(in: store.writer) }
        #expect(error?.savesBeforeFailure == 1)
        #expect(try store.namesOnDisk() == ["Bae"])
    }
}

/// A second connection to a file that takes its write lock on demand (`take()` returns once it holds
/// it) and keeps it, on a thread of its own, until `release()` (which returns once it let go).
final class LockHolder: Sendable {
    private let connection: DatabaseQueue
    private let holding = DispatchSemaphore(value: 0)
    private let letGo = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let taken = Atomic<Bool>(false)

    init(path: String) throws {
        connection = try DatabaseQueue(path: path)
    }

    func take() {
        guard !taken.exchange(true, ordering: .relaxed) else { return }
        Thread { [connection, holding, letGo, released] in
            try? connection.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                holding.signal()
                letGo.wait()
                try db.execute(sql: "ROLLBACK")
            }
            released.signal()
        }
        .start()
        holding.wait()
    }

    func release() {
        guard taken.load(ordering: .relaxed) else { return }
        letGo.signal()
        released.wait()
    }
}
