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
}
