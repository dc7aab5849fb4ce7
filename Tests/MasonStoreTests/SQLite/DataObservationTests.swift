import GRDB
import MasonStore
import Testing

/// An operation's result observed as an `AsyncSequence`: the current value, then one per change,
/// duplicates removed, ending when the task is cancelled.
@Suite(.timeLimit(.minutes(5))) struct DataObservationTests {
    @Test(arguments: WriterKind.allCases) func observesSavedChangesWithoutDuplicates(kind: WriterKind) async throws {
        let store = try StoreFixture(kind)
        let names = DataOperation.fetchAll(Baby.order(Column("name"))).map { $0.map(\.name) }
        let seen = AsyncStream<[String]>.makeStream()
        let observer = Task {
            for try await value in names.values(in: store.writer) {
                seen.continuation.yield(value)
            }
            seen.continuation.finish()
        }
        var iterator = seen.stream.makeAsyncIterator()
        #expect(await iterator.next() == [])
        _ = try await makeBaby(name: "Bea").save().operate(in: store.writer)
        #expect(await iterator.next() == ["Bea"])
        // A write that changes nothing the operation reads gives no new value:
        try await DataOperation<Database, Void>.execute(sql: "UPDATE counter SET value = value + 1").save().operate(
            in: store.writer)
        try await DataOperation<Database, Void>.execute(sql: "UPDATE baby SET name = name").save().operate(
            in: store.writer)
        _ = try await makeBaby(name: "Bae").save().operate(in: store.writer)
        #expect(await iterator.next() == ["Bae", "Bea"])
        observer.cancel()
        #expect(await iterator.next() == nil, "the sequence ends when its task is cancelled")
        _ = try await observer.value
    }

    /// GRDB runs an observation on the writer's own connection inside each `COMMIT`: the running
    /// operation must still find its access afterwards, so a second `save()` commits too.
    @Test(arguments: WriterKind.allCases) func anObservationDoesNotBreakASecondSave(kind: WriterKind) async throws {
        let store = try StoreFixture(kind)
        let names = DataOperation.fetchAll(Baby.order(Column("name"))).map { $0.map(\.name) }
        var values = names.values(in: store.writer).makeAsyncIterator()
        #expect(try await values.next() == [])
        _ = try await makeBaby(name: "Ada").save().operate(in: store.writer)
        #expect(try await values.next() == ["Ada"], "the observation now runs at every commit")
        let twoSaves = makeBaby(name: "Bae").save().flatMap { _ in makeBaby(name: "Bea") }.save()
        _ = try await twoSaves.operate(in: store.writer)
        #expect(try store.namesOnDisk() == ["Ada", "Bae", "Bea"])
        let blockingTwoSaves = makeBaby(name: "Cy").save().flatMap { _ in makeBaby(name: "Dee") }.save()
        let operateBlocking = { () throws -> Void in _ = try blockingTwoSaves.operate(in: store.writer) }
        try operateBlocking()
        #expect(try store.namesOnDisk() == ["Ada", "Bae", "Bea", "Cy", "Dee"], "the blocking operate as well")
    }

    /// After a save seen by an observation, a nested `operate(in: writer)` is still a savepoint of the
    /// running access, not a second transaction.
    @Test(arguments: WriterKind.allCases) func anObservationLeavesNestingIntactAfterASave(
        kind: WriterKind
    ) async throws {
        let store = try StoreFixture(kind)
        let writer = store.writer
        let count = DataOperation<Database, Int> { db in try Baby.fetchCount(db) }
        var values = count.values(in: writer).makeAsyncIterator()
        #expect(try await values.next() == 0)
        let saveThenNest = makeBaby(name: "Bae").save().flatMap { _ in
            DataOperation<Database, Baby> { (_: Database) throws -> Baby in  // the blocking operate, nested
                try makeBaby(name: "Bea").operate(in: writer)
            }
        }
        .save()
        _ = try await saveThenNest.operate(in: writer)
        #expect(try store.namesOnDisk() == ["Bae", "Bea"])
    }
}
