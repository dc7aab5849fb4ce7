import GRDB
import MasonStore
import Testing

/// A loop written as recursion through `flatMap` runs in a bounded stack, in one access, on a real
/// database: the steps to come wait on the heap, not on the writer thread's stack.
@Suite(.timeLimit(.minutes(5))) struct DataOperationStackSafetyTests {
    @Test func aBatchLoopWrittenAsRecursionThroughFlatMapRunsAHundredThousandLevels() throws {
        let store = try StoreFixture()
        // Each level counts one more while the count is under `levels`, then asks again: the recursion
        // a "process a batch, then the rest" loop makes. Ten thousand levels overflowed the writer
        // thread's stack when each ran the next nested.
        let levels = 100_000
        @Sendable func count() -> DataOperation<Database, Int> {
            DataOperation { db in
                try db.execute(sql: "UPDATE counter SET value = value + 1 WHERE id = 1")
                return try Int.fetchOne(db, sql: "SELECT value FROM counter WHERE id = 1") ?? 0
            }
            .flatMap { $0 < levels ? count() : .pure($0) }
        }
        #expect(try count().save().operate(in: store.writer) == levels)
        let reader = try DatabaseQueue(path: store.path)
        #expect(try reader.read { try Int.fetchOne($0, sql: "SELECT value FROM counter WHERE id = 1") } == levels)
    }

    @Test func recursionWithWorkAfterTheInnerOperationRunsAHundredThousandLevels() throws {
        let store = try StoreFixture()
        @Sendable func sum(_ n: Int) -> DataOperation<Database, Int> {
            DataOperation.pure(n).flatMap { $0 == 0 ? .pure(0) : sum($0 - 1).map { [n] in $0 + n } }
        }
        #expect(try sum(100_000).read(from: store.writer) == 5_000_050_000)
    }

    @Test func aThrowDeepInTheLoopRollsBackEveryLevel() throws {
        struct Deep: Error {}
        let store = try StoreFixture()
        @Sendable func fill(_ n: Int) -> DataOperation<Database, Int> {
            DataOperation { db in
                guard n > 0 else { throw Deep() }
                try db.execute(sql: "INSERT INTO baby (name) VALUES (?)", arguments: ["baby \(n)"])
                return n - 1
            }
            .flatMap(fill)
        }
        #expect(throws: StoreError.self) { try fill(20_000).save().operate(in: store.writer) }
        #expect(try store.namesOnDisk().isEmpty)
    }
}
