import Foundation
import GRDB
import Mason
import MasonStore
import MasonStorePostgres
import PostgresNIO
import Testing

/// What the conformance suite needs of a context: a few primitive operations written in its own SQL,
/// and a way to operate. Everything the suite checks is built from these with the shared combinators.
protocol StoreUnderTest: Sendable {
    associatedtype Context: DataContext

    /// Inserts a baby; names are unique.
    func insert(_ name: String) -> DataOperation<Context, Void>
    /// Every baby's name, sorted.
    func names() -> DataOperation<Context, [String]>
    /// Adds one to the shared counter (a read, then a write: a lost update unless isolated).
    func increment() -> DataOperation<Context, Void>
    /// The shared counter.
    func counter() -> DataOperation<Context, Int>
    /// A statement that runs until it is interrupted.
    func endlessStatement() -> DataOperation<Context, Void>
    /// A query of a table that does not exist.
    func missingTable() -> DataOperation<Context, Int>
    /// A text column decoded as a number.
    func mismatchedRow() -> DataOperation<Context, Int>
    /// Runs an operation the context's way.
    @discardableResult
    func operate<T: Sendable>(_ operation: DataOperation<Context, T>) async throws(StoreError) -> T
    /// Runs an operation with typed failures the context's way.
    func operate<T: Sendable, F: Error & Sendable>(
        _ operation: ResultDataOperation<Context, T, F>
    ) async throws(StoreError) -> Result<T, F>
    /// Runs an operation, again while it fails in a way worth retrying.
    @discardableResult
    func operateRetrying<T: Sendable>(_ operation: DataOperation<Context, T>) async throws(StoreError) -> T
    /// `operation` run as a nested operation of another's access (`operate(in: context)`), whose
    /// failures arrive as `StoreError`s.
    func nested<T: Sendable>(_ operation: DataOperation<Context, T>) -> DataOperation<Context, T>
}

/// The contexts the suite runs on: SQLite always, PostgreSQL when a server is given.
enum StoreKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// The kinds this run can test; PostgreSQL's absence is reported by the suites that need it.
    static var available: [StoreKind] {
        PostgresServer.url == nil ? [.sqlite] : allCases
    }

    /// A fresh store of this kind, with its own tables.
    func make() async throws -> any StoreUnderTest {
        switch self {
        case .sqlite: try SQLiteStore()
        case .postgres: try await PostgresStore()
        }
    }
}

/// SQLite through GRDB: a pool on a new file.
struct SQLiteStore: StoreUnderTest {
    let pool: DatabasePool
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mason-conformance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        pool = try DatabasePool(path: folder.appendingPathComponent("store.sqlite").path)
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE baby (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)")
            try db.execute(sql: "CREATE TABLE counter (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO counter VALUES (1, 0)")
        }
    }

    func insert(_ name: String) -> DataOperation<Database, Void> {
        DataOperation { db in try db.execute(sql: "INSERT INTO baby (name) VALUES (?)", arguments: [name]) }
    }

    func names() -> DataOperation<Database, [String]> {
        DataOperation { db in try String.fetchAll(db, sql: "SELECT name FROM baby ORDER BY name") }
    }

    func increment() -> DataOperation<Database, Void> {
        DataOperation { db in
            let value = try Int.fetchOne(db, sql: "SELECT value FROM counter WHERE id = 1") ?? 0
            try db.execute(sql: "UPDATE counter SET value = ? WHERE id = 1", arguments: [value + 1])
        }
    }

    func counter() -> DataOperation<Database, Int> {
        DataOperation { db in try Int.fetchOne(db, sql: "SELECT value FROM counter WHERE id = 1") ?? 0 }
    }

    func endlessStatement() -> DataOperation<Database, Void> {
        DataOperation { db in
            _ = try Int.fetchOne(
                db, sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c")
        }
    }

    func missingTable() -> DataOperation<Database, Int> {
        DataOperation { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM nursery") ?? 0 }
    }

    func mismatchedRow() -> DataOperation<Database, Int> {
        DataOperation { db in
            try db.execute(sql: "INSERT INTO baby (name) VALUES ('not a number')")
            let row = try Row.fetchOne(db, sql: "SELECT name FROM baby WHERE name = 'not a number'")!
            return try row.decode(Int.self, atIndex: 0)
        }
    }

    func operate<T: Sendable>(_ operation: DataOperation<Database, T>) async throws(StoreError) -> T {
        try await operation.operate(in: pool)
    }

    func operate<T: Sendable, F: Error & Sendable>(
        _ operation: ResultDataOperation<Database, T, F>
    ) async throws(StoreError) -> Result<T, F> {
        try await operation.operate(in: pool)
    }

    func operateRetrying<T: Sendable>(_ operation: DataOperation<Database, T>) async throws(StoreError) -> T {
        try await operation.operate(in: pool, retryingBusy: .immediate(retries: 100), clock: ContinuousClock())
    }

    func nested<T: Sendable>(_ operation: DataOperation<Database, T>) -> DataOperation<Database, T> {
        DataOperation { db in try operation.operate(in: db) }
    }
}

/// PostgreSQL through postgres-nio: tables of their own on the shared server.
struct PostgresStore: StoreUnderTest {
    let baby = PostgresServer.uniqueName("baby")
    let counterTable = PostgresServer.uniqueName("counter")

    init() async throws {
        let baby = baby, counterTable = counterTable
        try await DataOperation<PostgresContext, Void> { db in
            try db.execute(
                PostgresQuery(unsafeSQL: "CREATE TABLE \(baby) (id serial PRIMARY KEY, name text NOT NULL UNIQUE)"))
            try db.execute(
                PostgresQuery(unsafeSQL: "CREATE TABLE \(counterTable) (id int PRIMARY KEY, value int NOT NULL)"))
            try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(counterTable) VALUES (1, 0)"))
        }
        .save().operate(in: PostgresServer.client)
    }

    func insert(_ name: String) -> DataOperation<PostgresContext, Void> {
        let table = baby
        return DataOperation { db in try db.execute("INSERT INTO \(unescaped: table) (name) VALUES (\(name))") }
    }

    func names() -> DataOperation<PostgresContext, [String]> {
        .fetchAll(String.self, "SELECT name FROM \(unescaped: baby) ORDER BY name COLLATE \"C\"")
    }

    func increment() -> DataOperation<PostgresContext, Void> {
        let table = counterTable
        return DataOperation { db in
            let value = try db.fetchOne(Int.self, "SELECT value FROM \(unescaped: table) WHERE id = 1") ?? 0
            try db.execute("UPDATE \(unescaped: table) SET value = \(value + 1) WHERE id = 1")
        }
    }

    func counter() -> DataOperation<PostgresContext, Int> {
        DataOperation.fetchOne(Int.self, "SELECT value FROM \(unescaped: counterTable) WHERE id = 1").map { $0 ?? 0 }
    }

    func endlessStatement() -> DataOperation<PostgresContext, Void> {
        DataOperation { db in try db.execute("SELECT pg_sleep(3600)") }
    }

    func missingTable() -> DataOperation<PostgresContext, Int> {
        DataOperation.fetchOne(Int.self, "SELECT count(*)::int FROM nursery").map { $0 ?? 0 }
    }

    func mismatchedRow() -> DataOperation<PostgresContext, Int> {
        let table = baby
        return DataOperation { db in
            try db.execute("INSERT INTO \(unescaped: table) (name) VALUES ('not a number')")
            return try db.fetchOne(Int.self, "SELECT name FROM \(unescaped: table) WHERE name = 'not a number'")!
        }
    }

    func operate<T: Sendable>(_ operation: DataOperation<PostgresContext, T>) async throws(StoreError) -> T {
        try await operation.operate(in: PostgresServer.client)
    }

    func operate<T: Sendable, F: Error & Sendable>(
        _ operation: ResultDataOperation<PostgresContext, T, F>
    ) async throws(StoreError) -> Result<T, F> {
        try await operation.operate(in: PostgresServer.client)
    }

    func operateRetrying<T: Sendable>(_ operation: DataOperation<PostgresContext, T>) async throws(StoreError) -> T {
        // With a jittered pause, as the scale-out child retries: with none, a writer the scheduler keeps
        // behind the others can lose a hundred times in a row on a loaded machine.
        try await operation.operate(
            in: PostgresServer.client, isolation: .serializable,
            retrying: RetryPolicy(retries: 10_000, backoff: .constant(.milliseconds(2)), jitter: .full))
    }

    func nested<T: Sendable>(_ operation: DataOperation<PostgresContext, T>) -> DataOperation<PostgresContext, T> {
        DataOperation { db in try operation.operate(in: db) }
    }
}
