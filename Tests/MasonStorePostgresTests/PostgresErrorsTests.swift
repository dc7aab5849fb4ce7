import Dispatch
import Foundation
import Mason
import MasonStorePostgres
import PostgresNIO
import Testing

/// Every bad input gets its typed error, with PostgreSQL's SQLSTATE and message and the statement's
/// SQL — never its bound values.
@Suite(.enabled(if: PostgresServer.url != nil, PostgresServer.skipReason), .timeLimit(.minutes(10)))
struct PostgresErrorsTests {
    let client = PostgresServer.client

    @Test func aUniqueViolationKeepsItsSQLStateButNotTheValues() async throws {
        let table = PostgresServer.uniqueName("secret")
        try await DataOperation<PostgresContext, Int>.execute(
            PostgresQuery(unsafeSQL: "CREATE TABLE \(table) (token text PRIMARY KEY)")
        )
        .save().operate(in: client)
        let insert = DataOperation<PostgresContext, Int>.execute(
            "INSERT INTO \(unescaped: table) VALUES (\("hunter2"))")
        try await insert.save().operate(in: client)
        let error = await #expect(throws: StoreError.self) { try await insert.save().operate(in: client) }
        #expect(error?.kind == .constraintViolation)
        #expect(error?.sqlState == "23505")
        #expect(error?.message?.contains("duplicate key") == true)
        #expect(error?.sql == "INSERT INTO \(table) VALUES ($1)")
        #expect(error.map { "\($0)" }?.contains("hunter2") == false)
        #expect(error.map { "\($0)" }?.contains("SQLSTATE 23505") == true)
    }

    @Test func badSQLIsADatabaseErrorWithItsState() async throws {
        let error = await #expect(throws: StoreError.self) {
            try await DataOperation<PostgresContext, Int>.execute("SELEC 1").operate(in: client)
        }
        #expect(error?.kind == .database)
        #expect(error?.sqlState == "42601")
    }

    @Test func aMissingTableIsMissingSchema() async throws {
        let error = await #expect(throws: StoreError.self) {
            try await DataOperation<PostgresContext, Int>.execute("DELETE FROM nursery_nowhere").operate(in: client)
        }
        #expect(error?.kind == .missingSchema)
        #expect(error?.sqlState == "42P01")
    }

    @Test func aValueOfTheWrongTypeIsATypeMismatch() async throws {
        let error = await #expect(throws: StoreError.self) {
            try await DataOperation<PostgresContext, Int?>.fetchOne(Int.self, "SELECT \("twelve")::int").operate(
                in: client)
        }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.sqlState == "22P02")
    }

    @Test func aBrokenConnectionIsConnectionLost() async throws {
        let error = await #expect(throws: StoreError.self) {
            try await DataOperation<PostgresContext, Int>.execute("SELECT pg_terminate_backend(pg_backend_pid())")
                .operate(in: client)
        }
        #expect(error?.kind == .connectionLost)
        // The pool replaces the connection: the next operation runs.
        #expect(try await DataOperation<PostgresContext, Int?>.fetchOne(Int.self, "SELECT 1").operate(in: client) == 1)
    }

    @Test func aConcurrentUpdateUnderSerializableIsASerializationFailure() async throws {
        let table = PostgresServer.uniqueName("race")
        try await DataOperation<PostgresContext, Void> { db in
            try db.execute(PostgresQuery(unsafeSQL: "CREATE TABLE \(table) (id int PRIMARY KEY, value int NOT NULL)"))
            try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1, 0)"))
        }
        .save().operate(in: client)
        // The first reads, waits while the second commits its update, then updates the same row.
        let read = DispatchSemaphore(value: 0)
        let committed = DispatchSemaphore(value: 0)
        let first = DataOperation<PostgresContext, Void> { db in
            _ = try db.fetchOne(Int.self, "SELECT value FROM \(unescaped: table) WHERE id = 1")
            read.signal()
            committed.wait()
            try db.execute("UPDATE \(unescaped: table) SET value = value + 1 WHERE id = 1")
        }
        let second = DataOperation<PostgresContext, Int>.execute(
            "UPDATE \(unescaped: table) SET value = value + 10 WHERE id = 1")
        let outcome = Task { try await first.save().operate(in: client, isolation: .serializable) }
        // Waited for on a queue of its own: a blocked thread of the cooperative pool would stall others.
        await withCheckedContinuation { continuation in
            DispatchQueue(label: "test.read").async {
                read.wait()
                continuation.resume()
            }
        }
        try await second.save().operate(in: client)
        committed.signal()
        let error = await #expect(throws: StoreError.self) { try await outcome.value }
        #expect(error?.kind == .serializationFailure)
        #expect(error?.sqlState == "40001")
        #expect(error?.isWorthRetrying == true)
    }
}
