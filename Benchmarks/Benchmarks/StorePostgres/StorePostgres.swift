// MasonStorePostgres against raw postgres-nio doing the same work, in the same run, on the same
// server: insert 50,000 rows × 10 integers in one transaction with bound parameters; fetch 200,000
// rows × 10 integers; 10,000 single-row transactions from 16 tasks. The ratio that matters is
// Mason's throughput over raw postgres-nio's.
//
// Needs a server: ../Scripts/with-postgres swift package benchmark --target StorePostgres
import Benchmark
import Dispatch
import Foundation
import Logging
import MasonStorePostgres
import PostgresNIO

let insertedRows = 50_000
let fetchedRows = 200_000
let transactions = 10_000
let writers = 16
let logger = Logger(label: "bench")

typealias Ten = (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)

struct Item: Decodable, Sendable {
    var i0, i1, i2, i3, i4, i5, i6, i7, i8, i9: Int
}

func insert(_ table: String, _ value: Int) -> PostgresQuery {
    """
    INSERT INTO \(unescaped: table) (i0, i1, i2, i3, i4, i5, i6, i7, i8, i9)
    VALUES (\(value), \(value), \(value), \(value), \(value), \(value), \(value), \(value), \(value), \(value))
    """
}

/// The server the environment names, with a client running for the whole process.
let client: PostgresClient? = {
    guard let url = ProcessInfo.processInfo.environment["MASON_POSTGRES_URL"],
        var configuration = try? PostgresClient.Configuration(url: url)
    else { return nil }
    configuration.options.maximumConnections = writers
    let client = PostgresClient(configuration: configuration)
    Task.detached { await client.run() }
    return client
}()

/// A new table of its own, with `rows` rows.
func table(filledWith rows: Int, on client: PostgresClient) async throws -> String {
    let name = "item_\(UUID().uuidString.prefix(8).lowercased())"
    try await client.query(
        PostgresQuery(unsafeSQL: "CREATE UNLOGGED TABLE \(name) (i0 int8, i1 int8, i2 int8, i3 int8, i4 int8, i5 int8, i6 int8, i7 int8, i8 int8, i9 int8)"),
        logger: logger
    )
    if rows > 0 {
        try await client.query(
            PostgresQuery(unsafeSQL: "INSERT INTO \(name) SELECT g, g, g, g, g, g, g, g, g, g FROM generate_series(1, \(rows)) g"),
            logger: logger
        )
    }
    return name
}

/// The floor for a synchronous body: `work` on a Dispatch queue of its own (a thread that may block),
/// awaited without blocking the caller — what any operation with a synchronous body pays at least.
func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue(label: "floor").async { continuation.resume(with: Result { try work() }) }
    }
}

/// A sum the event loop adds to, read after the statement ended.
final class Sum: @unchecked Sendable {
    // @unchecked: written only on the connection's event loop, read after its future completed.
    var value = 0
}

/// Runs `transaction` for each of the 10,000 values, from 16 tasks at once (each its own stride).
func fromWriters(_ transaction: @escaping @Sendable (Int) async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        for writer in 0..<writers {
            group.addTask {
                for value in stride(from: writer, to: transactions, by: writers) { try await transaction(value) }
            }
        }
        try await group.waitForAll()
    }
}

let benchmarks: @Sendable () -> Void = {
    guard let client else {
        print("StorePostgres: MASON_POSTGRES_URL is unset; run ../Scripts/with-postgres swift package benchmark --target StorePostgres")
        return
    }
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(20), maxIterations: 5)

    // MARK: insert 50,000 rows × 10 bound integers, one transaction

    Benchmark("insert 50,000, raw postgres-nio: withTransaction, a query per row") { benchmark in
        let name = try await table(filledWith: 0, on: client)
        for _ in benchmark.scaledIterations {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(PostgresQuery(unsafeSQL: "DELETE FROM \(name)"), logger: logger)
                for value in 0..<insertedRows { try await connection.query(insert(name, value), logger: logger) }
            }
        }
    }

    Benchmark("insert 50,000, MasonStorePostgres: one operation, execute per row") { benchmark in
        let name = try await table(filledWith: 0, on: client)
        let insertAll = DataOperation<PostgresContext, Void> { db in
            try db.execute(PostgresQuery(unsafeSQL: "DELETE FROM \(name)"))
            for value in 0..<insertedRows { try db.execute(insert(name, value)) }
        }
        .save()
        for _ in benchmark.scaledIterations { try await insertAll.operate(in: client) }
    }

    // MARK: fetch 200,000 rows × 10 integers

    Benchmark("fetch 200,000, raw postgres-nio: query, rows decoded as tuples") { benchmark in
        let name = try await table(filledWith: fetchedRows, on: client)
        for _ in benchmark.scaledIterations {
            var sum = 0
            for try await row in try await client.query(PostgresQuery(unsafeSQL: "SELECT * FROM \(name)"), logger: logger) {
                sum &+= try row.decode(Ten.self).0
            }
            blackHole(sum)
        }
    }

    Benchmark("fetch 200,000, floor for a synchronous body: onRow, decoded on the event loop, wait()") { benchmark in
        let name = try await table(filledWith: fetchedRows, on: client)
        for _ in benchmark.scaledIterations {
            let total = try await client.withConnection { connection in
                try await blocking {
                    let sum = Sum()
                    _ = try connection.query(PostgresQuery(unsafeSQL: "SELECT * FROM \(name)"), logger: logger) { row in
                        sum.value &+= try row.decode(Ten.self).0
                    }
                    .wait()
                    return sum.value
                }
            }
            blackHole(total)
        }
    }

    Benchmark("fetch 200,000, MasonStorePostgres: forEachRow, rows decoded as tuples") { benchmark in
        let name = try await table(filledWith: fetchedRows, on: client)
        let fetch = DataOperation<PostgresContext, Int> { db in
            var sum = 0
            try db.forEachRow(PostgresQuery(unsafeSQL: "SELECT * FROM \(name)")) { row in
                sum &+= try row.decode(Ten.self).0
            }
            return sum
        }
        for _ in benchmark.scaledIterations { blackHole(try await fetch.operate(in: client)) }
    }

    Benchmark("fetch 200,000, MasonStorePostgres: fetchAll of Decodable records") { benchmark in
        let name = try await table(filledWith: fetchedRows, on: client)
        let fetch = DataOperation.fetchAll(Item.self, PostgresQuery(unsafeSQL: "SELECT * FROM \(name)"))
        for _ in benchmark.scaledIterations { blackHole(try await fetch.operate(in: client)) }
    }

    // MARK: 10,000 single-row transactions from 16 tasks

    Benchmark("10,000 transactions from 16 tasks, raw postgres-nio: withTransaction") { benchmark in
        let name = try await table(filledWith: 0, on: client)
        for _ in benchmark.scaledIterations {
            try await fromWriters { value in
                _ = try await client.withTransaction(logger: logger) { connection in
                    try await connection.query(insert(name, value), logger: logger)
                }
            }
        }
    }

    Benchmark("10,000 transactions from 16 tasks, floor for a synchronous body: wait() on a thread") { benchmark in
        let name = try await table(filledWith: 0, on: client)
        for _ in benchmark.scaledIterations {
            try await fromWriters { value in
                try await client.withConnection { connection in
                    try await blocking {
                        _ = try connection.query("BEGIN", logger: logger).wait()
                        _ = try connection.query(insert(name, value), logger: logger).wait()
                        _ = try connection.query("COMMIT", logger: logger).wait()
                    }
                }
            }
        }
    }

    Benchmark("10,000 transactions from 16 tasks, MasonStorePostgres: operate each") { benchmark in
        let name = try await table(filledWith: 0, on: client)
        for _ in benchmark.scaledIterations {
            try await fromWriters { value in
                try await DataOperation<PostgresContext, Int>.execute(insert(name, value)).save()
                    .operate(in: client)
            }
        }
    }
}
