import GRDB
import Mason
import MasonStore
import Testing

/// Sundell-style `saved(in:)` on a `Future` and on a `Deferred`.
@Suite(.timeLimit(.minutes(5))) struct SavedTests {
    @Test func aResolvedFutureIsSavedThenResolved() async throws {
        let store = try StoreFixture()
        let promise = Promise<Baby>()
        let saved = promise.saved(in: store.writer)
        promise.resolve(with: Baby(name: "Bae"))
        let baby = try await saved.value
        #expect(baby.id == 1)
        #expect(try store.namesOnDisk() == ["Bae"])
    }

    // Before the fix the future resolved inside the writer's access: an observer reading the same
    // queue stopped the process ("Database methods are not reentrant").
    @Test func anObserverOfTheSavedFutureMayReadTheSameQueue() async throws {
        let store = try StoreFixture(.queue)
        let writer = store.writer
        let count = Future(value: Baby(name: "Bae")).saved(in: writer)
            .map { _ in (try? DataOperation<Database, Int>.count(Baby.self).read(from: writer)) ?? -1 }
        #expect(try await count.value == 1)
    }

    @Test func aFailedSaveRejectsWithTheStoreError() async throws {
        let empty = try DatabaseQueue()  // no baby table
        let saved = Future(value: Baby(name: "Bae")).saved(in: empty)
        let error = await #expect(throws: StoreError.self) { _ = try await saved.value }
        #expect(error?.kind == .missingSchema)
    }

    @Test func aDeferredIsSavedOnEachRun() async throws {
        let store = try StoreFixture()
        let outcome = await Deferred.pure(Baby(name: "Bae")).saved(in: store.writer).value
        #expect(try outcome.get().id == 1)
        #expect(try store.namesOnDisk() == ["Bae"])
    }
}
