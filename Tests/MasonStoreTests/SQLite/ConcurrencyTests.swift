import Foundation
import GRDB
import Mason
import MasonStore
import MasonTesting
import Synchronization
import Testing

/// Readers on a pool see a consistent snapshot during a write; concurrent writers lose no update; a
/// busy database is retried.
@Suite(.timeLimit(.minutes(10))) struct ConcurrencyTests {
    @Test func poolReadersSeeAConsistentSnapshotDuringAWrite() async throws {
        let store = try StoreFixture(.pool)
        _ = try await traverse((0..<100).map { "first \($0)" }, makeBaby).save().operate(in: store.writer)
        let inWrite = AsyncStream<Void>.makeStream()
        let mayFinish = DispatchSemaphore(value: 0)
        let writing = Task {
            let operation = traverse((0..<100).map { "second \($0)" }, makeBaby)
                .map { babies in
                    inWrite.continuation.yield()
                    mayFinish.wait()  // the write stays open, half done, while the readers read
                    return babies
                }
                .save()
            return try await operation.operate(in: store.writer)
        }
        var iterator = inWrite.stream.makeAsyncIterator()
        await iterator.next()
        let counts = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await zip(DataOperation<Database, Int>.count(Baby.self), .count(Baby.self)) { [$0, $1] }.read(
                        from: store.writer)
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        mayFinish.signal()
        _ = try await writing.value
        #expect(counts == Array(repeating: 100, count: 8), "no reader saw the write in progress")
        #expect(try await DataOperation<Database, Int>.count(Baby.self).read(from: store.writer) == 200)
    }

    @Test(arguments: WriterKind.allCases) func eightWritersTimesAThousandIncrementsLoseNothing(kind: WriterKind)
        async throws
    {
        let store = try StoreFixture(kind)
        let increment = DataOperation<Database, Int> { db in
            let value = try Int.fetchOne(db, sql: "SELECT value FROM counter WHERE id = 1") ?? 0
            try db.execute(sql: "UPDATE counter SET value = ? WHERE id = 1", arguments: [value + 1])
            return value + 1
        }
        .save()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 { _ = try await increment.operate(in: store.writer) }
                }
            }
            try await group.waitForAll()
        }
        let value = try await DataOperation<Database, Int?> { db in
            try Int.fetchOne(db, sql: "SELECT value FROM counter WHERE id = 1")
        }.read(from: store.writer)
        #expect(value == 8_000)
    }

    @Test func aBusyDatabaseIsRetriedUntilTheOtherConnectionLetsGo() throws {
        let store = try StoreFixture()
        // A second connection to the same file holds the write lock.
        let other = try DatabaseQueue(path: store.path)
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let holder = Thread {
            try? other.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                holding.signal()
                release.wait()
                try db.execute(sql: "COMMIT")
            }
            released.signal()
        }
        holder.start()
        holding.wait()
        let error = #expect(throws: StoreError.self) { try makeBaby(name: "Bae").save().operate(in: store.writer) }
        #expect(error?.kind == .busy)
        // Records the waits without sleeping, and lets the other connection go at the second one
        // (returning once it has committed): so attempts 1 and 2 find the database busy, and 3 does not.
        let waits = Waits()
        let sleeper = ThreadSleeper(now: { .zero }) { _ in
            guard waits.count.add(1, ordering: .relaxed).newValue == 2 else { return }
            release.signal()
            released.wait()
        }
        let baby = try makeBaby(name: "Bae").save().operate(
            in: store.writer,
            retryingBusy: .linear(retries: 5, initial: .milliseconds(10)),
            sleeper: sleeper
        )
        #expect(baby.name == "Bae")
        #expect(waits.count.load(ordering: .relaxed) == 2)
        #expect(try store.namesOnDisk() == ["Bae"])
    }

    // Before the fix this call picked the blocking twin (the async one had no default clock): it slept
    // on a thread of Swift's pool, deaf to the cancellation, and ended with `.busy` after its retry.
    @Test func anAsyncBusyRetryWaitsOnAClockAndEndsWhenCancelled() async throws {
        let store = try StoreFixture()
        let other = try DatabaseQueue(path: store.path)
        let holding = AsyncStream<Void>.makeStream()
        let released = AsyncStream<Void>.makeStream()
        let release = DispatchSemaphore(value: 0)
        Thread {
            try? other.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                holding.continuation.yield()
                release.wait()  // on a thread of its own
                try db.execute(sql: "ROLLBACK")
            }
            released.continuation.finish()
        }.start()
        var held = holding.stream.makeAsyncIterator()
        await held.next()
        let clock = ManualClock()
        let attempt: Task<Baby, any Error> = Task {
            try await makeBaby(name: "Bae").save().operate(
                in: store.writer, retryingBusy: .linear(retries: 1, initial: .seconds(5)), clock: clock)
        }
        try await clock.waitForSleepers(count: 1)  // the first attempt found the file busy: it waits
        attempt.cancel()
        let error = await #expect(throws: StoreError.self) { try await attempt.value }
        #expect(error?.kind == .cancelled)
        // Without a clock, as the docs write it: the async twin still (the blocking one ends `.busy`).
        let defaulted: Task<Baby, any Error> = Task {
            try await makeBaby(name: "Bae").save().operate(
                in: store.writer, retryingBusy: .linear(retries: 1, initial: .seconds(5)))
        }
        defaulted.cancel()
        let defaultedError = await #expect(throws: StoreError.self) { try await defaulted.value }
        #expect(defaultedError?.kind == .cancelled)
        release.signal()
        for await _ in released.stream {}
        #expect(try store.namesOnDisk().isEmpty)
    }
}

/// The busy-retry test's count of waits.
final class Waits: Sendable {
    let count = Atomic<Int>(0)
}
