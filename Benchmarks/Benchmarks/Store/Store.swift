// GRDB's performance workloads (Tests/Performance/GRDBPerformance): insert 50,000 rows × 10 integer
// columns in one transaction and fetch 200,000 rows × 10 integer columns, by column values and as
// Codable records — through MasonStore's operations and through raw GRDB, on the same files, in the
// same run. The ratio that matters is Mason's throughput over raw GRDB's doing the same work.
import Benchmark
import Foundation
import GRDB
import MasonStore

struct Item: Codable, Sendable, FetchableRecord, PersistableRecord {
    var i0, i1, i2, i3, i4, i5, i6, i7, i8, i9: Int
    init(_ value: Int) {
        (i0, i1, i2, i3, i4, i5, i6, i7, i8, i9) = (
            value, value, value, value, value, value, value, value, value, value
        )
    }
}

let insertedRows = 50_000
let fetchedRows = 200_000
let insertSQL = "INSERT INTO item (i0, i1, i2, i3, i4, i5, i6, i7, i8, i9) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"

func arguments(_ value: Int) -> StatementArguments {
    [value, value, value, value, value, value, value, value, value, value]
}

/// A new file with the `item` table (and, for the fetches, `fetchedRows` rows).
func database(filledWith rows: Int) throws -> DatabaseQueue {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mason-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let queue = try DatabaseQueue(path: folder.appendingPathComponent("items.sqlite").path)
    try queue.write { db in
        try db.execute(
            sql: "CREATE TABLE item (i0 INT, i1 INT, i2 INT, i3 INT, i4 INT, i5 INT, i6 INT, i7 INT, i8 INT, i9 INT)")
        let statement = try db.makeStatement(sql: insertSQL)
        for value in 0..<rows { try statement.execute(arguments: arguments(value)) }
    }
    return queue
}

/// Sums the ten columns of every row of a cursor: what "fetch by column values" reads.
func sumOfColumns(_ db: Database) throws -> Int {
    var sum = 0
    let rows = try Row.fetchCursor(db, sql: "SELECT * FROM item")
    while let row = try rows.next() {
        for index in 0..<10 { sum &+= row[index] as Int }
    }
    return sum
}

/// A transaction observer that observes no change and lets every commit through: what any access
/// that may veto a commit (MasonStore's, which refuses a commit that is not `save()`'s) costs in GRDB,
/// which then does some bookkeeping for each statement.
final class CommitVeto: TransactionObserver {
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseWillCommit() throws {}
    func databaseDidCommit(_ db: Database) {}
    func databaseDidRollback(_ db: Database) {}
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput], maxDuration: .seconds(10), maxIterations: 20)

    // MARK: insert 50,000 rows × 10 integers, one transaction

    Benchmark("insert 50,000 by column values, raw GRDB: one prepared statement (GRDB's own floor)") { benchmark in
        let queue = try database(filledWith: 0)
        for _ in benchmark.scaledIterations {
            try queue.inTransaction { db in
                try db.execute(sql: "DELETE FROM item")
                let statement = try db.makeStatement(sql: insertSQL)
                for value in 0..<insertedRows { try statement.execute(arguments: arguments(value)) }
                return .commit
            }
        }
    }

    Benchmark("insert 50,000 by column values, MasonStore: one operation, one prepared statement") { benchmark in
        let queue = try database(filledWith: 0)
        let insertAll = DataOperation<Database, Void> { db in
            try db.execute(sql: "DELETE FROM item")
            let statement = try db.makeStatement(sql: insertSQL)
            for value in 0..<insertedRows { try statement.execute(arguments: arguments(value)) }
        }
        .save()
        for _ in benchmark.scaledIterations { try insertAll.operate(in: queue) }
    }

    Benchmark("insert 50,000 by column values, raw GRDB: cached statement per row") { benchmark in
        let queue = try database(filledWith: 0)
        for _ in benchmark.scaledIterations {
            try queue.inTransaction { db in
                try db.execute(sql: "DELETE FROM item")
                for value in 0..<insertedRows {
                    try db.cachedStatement(sql: insertSQL).execute(arguments: arguments(value))
                }
                return .commit
            }
        }
    }

    Benchmark(
        "insert 50,000 by column values, raw GRDB: cached statement per row, a commit observer (floor)"
    ) { benchmark in
        let queue = try database(filledWith: 0)
        for _ in benchmark.scaledIterations {
            try queue.inTransaction { db in
                let observer = CommitVeto()
                db.add(transactionObserver: observer)
                defer { db.remove(transactionObserver: observer) }
                try db.execute(sql: "DELETE FROM item")
                for value in 0..<insertedRows {
                    try db.cachedStatement(sql: insertSQL).execute(arguments: arguments(value))
                }
                return .commit
            }
        }
    }

    Benchmark("insert 50,000 by column values, MasonStore: traverse, one operation per row") { benchmark in
        let queue = try database(filledWith: 0)
        let insertAll = DataOperation<Database, Void>.execute(sql: "DELETE FROM item")
            .flatMap { _ in
                traverse(Array(0..<insertedRows)) { value in
                    DataOperation<Database, Void> { db in
                        try db.cachedStatement(sql: insertSQL).execute(arguments: arguments(value))
                    }
                }
            }
            .save()
        for _ in benchmark.scaledIterations { _ = try insertAll.operate(in: queue) }
    }

    Benchmark("insert 50,000 Codable records, raw GRDB") { benchmark in
        let queue = try database(filledWith: 0)
        let items = (0..<insertedRows).map(Item.init)
        for _ in benchmark.scaledIterations {
            try queue.inTransaction { db in
                try db.execute(sql: "DELETE FROM item")
                for item in items { try item.insert(db) }
                return .commit
            }
        }
    }

    Benchmark("insert 50,000 Codable records, MasonStore: traverse of insert") { benchmark in
        let queue = try database(filledWith: 0)
        let items = (0..<insertedRows).map(Item.init)
        let insertAll = DataOperation<Database, Void>.execute(sql: "DELETE FROM item")
            .flatMap { _ in traverse(items) { DataOperation.insert($0) } }
            .save()
        for _ in benchmark.scaledIterations { blackHole(try insertAll.operate(in: queue)) }
    }

    // MARK: fetch 200,000 rows × 10 integers

    Benchmark("fetch 200,000 by column values, raw GRDB") { benchmark in
        let queue = try database(filledWith: fetchedRows)
        for _ in benchmark.scaledIterations { blackHole(try queue.read(sumOfColumns)) }
    }

    Benchmark("fetch 200,000 by column values, MasonStore: read(from:)") { benchmark in
        let queue = try database(filledWith: fetchedRows)
        let fetch = DataOperation<Database, Int>(sumOfColumns)
        for _ in benchmark.scaledIterations { blackHole(try fetch.read(from: queue)) }
    }

    Benchmark("fetch 200,000 Codable records, raw GRDB") { benchmark in
        let queue = try database(filledWith: fetchedRows)
        for _ in benchmark.scaledIterations { blackHole(try queue.read { try Item.fetchAll($0) }) }
    }

    Benchmark("fetch 200,000 Codable records, MasonStore: fetchAll") { benchmark in
        let queue = try database(filledWith: fetchedRows)
        let fetch = DataOperation.fetchAll(Item.self)
        for _ in benchmark.scaledIterations { blackHole(try fetch.read(from: queue)) }
    }
}
