import Foundation
import Mason
import MasonStorePostgres
import PostgresNIO
import Testing

/// What a body sends through `db.connection` (postgres-nio's own calls) is part of the operation's
/// transaction, as on SQLite, where the `Database` a body gets is always inside one.
@Suite(.enabled(if: PostgresServer.url != nil, PostgresServer.skipReason), .timeLimit(.minutes(5)))
struct PostgresContextTests {
    struct Refusal: Error {}

    /// A raw statement first in an operation, then a throw: the statement is rolled back. (Before,
    /// `BEGIN` came only with Mason's first statement: the raw one ran in autocommit and stayed.)
    @Test func aRawStatementFirstInAnOperationIsRolledBackByAThrow() async throws {
        let table = try await makeTable("raw_first")
        let operation = DataOperation<PostgresContext, Void> { db in
            _ = try db.connection.query(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)"), logger: db.logger)
                .wait()
            throw Refusal()
        }
        await #expect(throws: StoreError.self) { try await operation.operate(in: PostgresServer.client) }
        #expect(try await rows(of: table) == [])
    }

    /// The same right after a save: what was saved stays, the raw statement after it does not.
    @Test func aRawStatementAfterASaveIsRolledBackByAThrow() async throws {
        let table = try await makeTable("raw_after_save")
        let operation = DataOperation<PostgresContext, Int>.execute(
            PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)")
        )
        .save()
        .flatMap { _ in
            DataOperation<PostgresContext, Void> { db in
                _ = try db.connection.query(
                    PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (2)"), logger: db.logger
                ).wait()
                throw Refusal()
            }
        }
        await #expect(throws: StoreError.self) { try await operation.operate(in: PostgresServer.client) }
        #expect(try await rows(of: table) == [1])
    }

    /// `COMMIT` (or `ROLLBACK`, `BEGIN`…) sent as a statement is refused as a misuse, and nothing of
    /// the operation stays. (Before, the context still thought a transaction open: what followed ran
    /// in autocommit, and a throw after it left both rows.) `ROLLBACK TO` a savepoint of your own is
    /// still allowed.
    @Test(arguments: [
        "COMMIT", "  end transaction", "/* why */ ROLLBACK", "begin", "ABORT", "/* a /* b */ */ COMMIT", ";COMMIT"
    ])
    func aStatementEndingTheTransactionIsRefused(_ statement: String) async throws {
        let table = try await makeTable("commit_refused")
        let operation = DataOperation<PostgresContext, Void> { db in
            try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)"))
            try db.execute(PostgresQuery(unsafeSQL: statement))
            try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (2)"))
            throw Refusal()
        }
        let error = await #expect(throws: StoreError.self) { try await operation.operate(in: PostgresServer.client) }
        #expect(error?.kind == .misuse)
        #expect(try await rows(of: table) == [])
    }

    @Test func rollingBackToASavepointOfYourOwnIsAllowed() async throws {
        let table = try await makeTable("own_savepoint")
        try await DataOperation<PostgresContext, Void> { db in
            try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)"))
            try db.execute("SAVEPOINT mine")
            try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (2)"))
            try db.execute("ROLLBACK TO SAVEPOINT mine")
        }.save().operate(in: PostgresServer.client)
        #expect(try await rows(of: table) == [1])
    }

    /// A nested unit whose body caught the failure of its own statement fails with that failure
    /// (PostgreSQL aborted the transaction), rolled back to its savepoint: `recover` then goes on in a
    /// working transaction. (Before, releasing the savepoint failed with 25P02, "current transaction is
    /// aborted", the recovery's statements too, and the duplicate key that caused it was lost.)
    @Test func aUnitThatSwallowedAFailedStatementCanBeRecovered() async throws {
        let table = try await makeTable("swallowed")
        try await DataOperation<PostgresContext, Int>.execute(
            PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)")
        ).save().operate(in: PostgresServer.client)
        let caught = Locked<String?>(nil)
        let tolerant = DataOperation<PostgresContext, Void> { db in
            do { try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)")) } catch {}
        }
        let operation = tolerant.recover { error in
            caught.withLock { $0 = (error as? PSQLError)?.serverInfo?[.sqlState] }
            return .pure(())
        }
        .flatMap { _ in
            DataOperation<PostgresContext, Int>.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (2)"))
        }
        .save()
        _ = try await operation.operate(in: PostgresServer.client)
        #expect(try await rows(of: table) == [1, 2])
        #expect(caught.withLock { $0 } == "23505", "the duplicate key is what the recovery sees")
    }

    /// A failure the body rolled back itself (to a savepoint of its own) leaves later units alone: one
    /// that succeeds is kept. (The first version of the fix above took any failure seen before as an
    /// aborted transaction: a later `recover` undid its own successful insert and reported success.)
    @Test func aFailureTheBodyRolledBackItselfLeavesLaterUnitsAlone() async throws {
        let table = try await makeTable("own_rollback")
        try await DataOperation<PostgresContext, Int>.execute(
            PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)")
        ).save().operate(in: PostgresServer.client)
        let recovered = Locked(false)
        let operation = DataOperation<PostgresContext, Void> { db in
            try db.execute("SAVEPOINT mine")
            do {
                try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)"))
            } catch {
                try db.execute("ROLLBACK TO SAVEPOINT mine")
            }
        }
        .flatMap { _ in
            DataOperation<PostgresContext, Int>.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (2)"))
                .recover { _ in
                    recovered.withLock { $0 = true }
                    return .pure(0)
                }
        }
        .save()
        _ = try await operation.operate(in: PostgresServer.client)
        #expect(try await rows(of: table) == [1, 2])
        #expect(!recovered.withLock { $0 })
    }

    /// The same for a failed statement sent through `connection`, which Mason does not see: the unit
    /// still fails, rolled back, and can be recovered.
    @Test func aUnitThatSwallowedAFailedRawStatementCanBeRecovered() async throws {
        let table = try await makeTable("swallowed_raw")
        try await DataOperation<PostgresContext, Int>.execute(
            PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)")
        ).save().operate(in: PostgresServer.client)
        let tolerant = DataOperation<PostgresContext, Void> { db in
            let connection = try db.connection
            do {
                _ = try connection.query(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)"), logger: db.logger)
                    .wait()
            } catch {}
        }
        let operation = tolerant.recover { _ in .pure(()) }
            .flatMap { _ in
                DataOperation<PostgresContext, Int>.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (2)"))
            }
            .save()
        _ = try await operation.operate(in: PostgresServer.client)
        #expect(try await rows(of: table) == [1, 2])
    }

}
