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
        let expectedSQL = "INSERT INTO \(table) VALUES ($1)"
        #expect(error?.sql == expectedSQL)
        let description: String = error.map { String(describing: $0) } ?? ""
        #expect(!description.contains("hunter2"))
        #expect(description.contains("SQLSTATE 23505"))
    }

    @Test func badSQLIsADatabaseErrorWithItsState() async throws {
        let error = await #expect(throws: StoreError.self) {
            try await DataOperation<PostgresContext, Int>.execute("SELEC 1").operate(in: client)
        }
        #expect(error?.kind == .database)
        #expect(error?.sqlState == "42601")
    }

    /// A statement the server stops on its own (`statement_timeout`, or another session's
    /// `pg_cancel_backend`) is the database's failure with SQLSTATE 57014, not `.cancelled`: no task
    /// was cancelled, and code that lets a cancellation pass quietly must not swallow a timeout.
    @Test func aStatementTimeoutIsNotACancellation() async throws {
        let error = await #expect(throws: StoreError.self) {
            try await DataOperation<PostgresContext, Void> { db in
                try db.execute("SET LOCAL statement_timeout = '50ms'")
                try db.execute("SELECT pg_sleep(5)")
            }.operate(in: client)
        }
        #expect(error?.sqlState == "57014")
        #expect(error?.kind == .database)
    }

    /// A bound `Codable` value that does not encode (as JSON: `Double.nan`) is `.typeMismatch`, and
    /// the error holds no value, as on SQLite. (Before: `.operation`, with the `EncodingError`, and
    /// the value in it, kept whole.)
    @Test func aValueThatDoesNotEncodeIsATypeMismatchHoldingNoValue() async throws {
        struct Reading: Codable, Sendable, PostgresEncodable { var secret: String; var level: Double }
        let error = await #expect(throws: StoreError.self) {
            try await DataOperation<PostgresContext, Void> { db in
                try db.execute("SELECT \(Reading(secret: "hunter2", level: .nan))::jsonb")
            }.operate(in: client)
        }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.underlying == nil)
        #expect(!String(describing: error).contains("hunter2"))
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

    /// PostgreSQL quotes the value a data exception (class 22) is about, bound or not: the error keeps
    /// the message and not the value.
    @Test(arguments: ["hunter2", "hunter2\"x\"", "99999999999"])
    func aDataExceptionKeepsItsMessageButNotTheValue(secret: String) async throws {
        let error = try #require(
            await #expect(throws: StoreError.self) {
                try await DataOperation<PostgresContext, Int?>.fetchOne(Int.self, "SELECT \(secret)::int").operate(
                    in: client)
            })
        #expect(error.kind == .typeMismatch)
        #expect(error.message?.contains("for type integer") == true, "\(error.message ?? "")")
        #expect(!"\(error)".contains(secret.prefix(7)), "\(error)")
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

    /// PostgreSQL answers `COMMIT` in a transaction a failed statement aborted with `ROLLBACK`, not
    /// an error: `save()` must report that nothing was kept rather than succeed.
    @Test func aSaveOfATransactionTheServerAbortedIsAnError() async throws {
        let table = PostgresServer.uniqueName("aborted")
        try await DataOperation<PostgresContext, Int>.execute(
            PostgresQuery(unsafeSQL: "CREATE TABLE \(table) (v int PRIMARY KEY)")
        )
        .save().operate(in: client)
        let swallowed = DataOperation<PostgresContext, Void> { db in
            try db.execute("INSERT INTO \(unescaped: table) VALUES (1)")
            do { try db.execute("INSERT INTO \(unescaped: table) VALUES (1)") } catch {}  // a duplicate, ignored
        }
        .save()
        let error = await #expect(throws: StoreError.self) { try await swallowed.operate(in: client) }
        #expect(error?.kind == .constraintViolation, "the kind of the error that aborted the transaction")
        #expect(error?.sqlState == "23505", "the SQLSTATE of the error that aborted the transaction")
        #expect(error?.sql == "COMMIT")
        #expect(error?.savesBeforeFailure == 0)
        #expect(error?.isCommitInDoubt == false, "the server answered: the work was rolled back")
        #expect((error?.underlying as? StoreError)?.sqlState == "23505", "the error that aborted the transaction")
        let kept = try await DataOperation.fetchAll(Int.self, "SELECT v FROM \(unescaped: table)").operate(in: client)
        #expect(kept == [])
    }

    /// A `forEachRow` body that throws leaves the statement to run out; when the statement then fails
    /// on the server, the transaction is aborted and the next `save()` says so.
    @Test func aSaveAfterAStreamFailedOnTheServerIsAnError() async throws {
        let table = PostgresServer.uniqueName("drained")
        try await DataOperation<PostgresContext, Int>.execute(
            PostgresQuery(unsafeSQL: "CREATE TABLE \(table) (v int PRIMARY KEY)")
        )
        .save().operate(in: client)
        let viaStream = DataOperation<PostgresContext, Void> { db in
            try db.execute("INSERT INTO \(unescaped: table) VALUES (1)")
            // The failure comes late, so the body has thrown long before; should the server's error
            // reach the body's call first all the same, it is swallowed too: either way the
            // transaction is aborted, and the save must say so.
            do {
                try db.forEachRow("SELECT 1 / (50000 - x) FROM generate_series(1, 100000) AS x") { _ in
                    throw Refusal()
                }
            } catch {}
        }
        .save()
        let error = await #expect(throws: StoreError.self) { try await viaStream.operate(in: client) }
        #expect(error?.sql == "COMMIT")
        #expect((error?.underlying as? StoreError)?.sqlState == "22012", "the division by zero met while draining")
        let kept = try await DataOperation.fetchAll(Int.self, "SELECT v FROM \(unescaped: table)").operate(in: client)
        #expect(kept == [])
    }

    /// A `COMMIT` that fails (here a deferred unique constraint) ends the transaction on the server:
    /// what a `recover` does next runs in a new transaction, never in autocommit, and the operation
    /// still fails, since the work the failed save was to keep is gone.
    @Test func aRecoveryAfterAFailedCommitStaysUnsaved() async throws {
        let table = PostgresServer.uniqueName("deferred")
        try await DataOperation<PostgresContext, Int>.execute(
            PostgresQuery(
                unsafeSQL: "CREATE TABLE \(table) (v int, CONSTRAINT \(table)_v UNIQUE (v) "
                    + "DEFERRABLE INITIALLY DEFERRED)"
            )
        )
        .save().operate(in: client)
        let duplicateThenSave = DataOperation<PostgresContext, Void> { db in
            try db.execute("INSERT INTO \(unescaped: table) VALUES (1)")
            try db.execute("INSERT INTO \(unescaped: table) VALUES (1)")
        }
        .save()
        let operation = duplicateThenSave.recover { _ in
            DataOperation<PostgresContext, Int>.execute("INSERT INTO \(unescaped: table) VALUES (2)").map { _ in }
        }
        let error = await #expect(throws: StoreError.self) { try await operation.operate(in: client) }
        #expect(error?.kind == .constraintViolation)
        #expect(error?.sqlState == "23505")
        #expect(error?.isCommitInDoubt == false, "the server answered COMMIT with an error: rolled back")
        let kept = try await DataOperation.fetchAll(Int.self, "SELECT v FROM \(unescaped: table)").operate(in: client)
        #expect(kept == [])
    }
}
