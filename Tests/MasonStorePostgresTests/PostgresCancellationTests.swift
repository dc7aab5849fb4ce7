import Foundation
import Mason
import MasonStorePostgres
import PostgresNIO
import Testing

/// A cancelled operation stops on the server too: the statement the server executes is cancelled,
/// and the locks its transaction held are free at once. Only closing the connection, as before, left
/// the server executing the statement to its end (here an hour), holding the row it had updated.
@Suite(.enabled(if: PostgresServer.url != nil, PostgresServer.skipReason), .timeLimit(.minutes(5)))
struct PostgresCancellationTests {
    @Test func cancellingStopsTheStatementOnTheServerAndFreesItsLocks() async throws {
        let table: String = PostgresServer.uniqueName("cancel_locks")
        try await DataOperation<PostgresContext, Void> { db in
            _ = try db.execute(PostgresQuery(unsafeSQL: "CREATE TABLE \(table) (id int PRIMARY KEY, v int NOT NULL)"))
            _ = try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1, 0)"))
        }
        .save().operate(in: PostgresServer.client)
        let marker = "mason_marker_\(table)"
        let lockThenSleep = DataOperation<PostgresContext, Void> { db in
            _ = try db.execute(PostgresQuery(unsafeSQL: "UPDATE \(table) SET v = 1 WHERE id = 1"))
            _ = try db.execute(PostgresQuery(unsafeSQL: "SELECT pg_sleep(3600) /* \(marker) */"))
        }
        let run: Task<Void, any Error> = Task { try await lockThenSleep.operate(in: PostgresServer.client) }
        while try await statementsExecuting(marker) == 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        run.cancel()
        let error: StoreError? = await #expect(throws: StoreError.self) { try await run.value }
        #expect(error?.kind == .cancelled)
        // Waits at most a minute for the row: before, the sleeping transaction held it for an hour.
        let update = DataOperation<PostgresContext, Int> { db in
            _ = try db.execute("SET LOCAL lock_timeout = '60s'")
            return try db.execute(PostgresQuery(unsafeSQL: "UPDATE \(table) SET v = 2 WHERE id = 1"))
        }
        #expect(try await update.save().operate(in: PostgresServer.client) == 1, "the row is free")
        while try await statementsExecuting(marker) > 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Behind a pooler in transaction mode a connection's transactions run on whichever server
    /// process is free: a cancellation stops its own statement, never the one another client runs on
    /// the process that served this connection before. (Naming the statement by the process that
    /// connection was first served by, as before, cancelled the other client's statement and left
    /// this one running.)
    @Test(.enabled(if: PostgresServer.bouncerURL != nil, PostgresServer.bouncerSkipReason))
    func behindAPoolerACancellationStopsOnlyItsOwnStatement() async throws {
        let configuration = try #require(PostgresServer.configuration(PostgresServer.bouncerURL!))
        let (mine, theirs) = (
            PostgresClient(configuration: configuration), PostgresClient(configuration: configuration)
        )
        let clients: Task<Void, Never> = Task {
            await withDiscardingTaskGroup { group in
                group.addTask { await mine.run() }
                group.addTask { await theirs.run() }
            }
        }
        defer { clients.cancel() }
        let (myMarker, theirMarker) = (
            PostgresServer.uniqueName("mason_mine"), PostgresServer.uniqueName("mason_theirs")
        )
        func sleep(_ marker: String) -> DataOperation<PostgresContext, Void> {
            DataOperation { db in
                _ = try db.execute(PostgresQuery(unsafeSQL: "SELECT pg_sleep(3600) /* \(marker) */"))
            }
        }
        // My connection is served by one server process; once free, PgBouncer gives it to the next
        // transaction (last in, first out): theirs. Mine then runs on a second process.
        #expect(try await DataOperation.fetchOne(Int.self, "SELECT 1").operate(in: mine) == 1)
        let theirRun: Task<Void, any Error> = Task { try await sleep(theirMarker).operate(in: theirs) }
        while try await statementsExecuting(theirMarker) == 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        let myRun: Task<Void, any Error> = Task { try await sleep(myMarker).operate(in: mine) }
        while try await statementsExecuting(myMarker) == 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        myRun.cancel()
        let error: StoreError? = await #expect(throws: StoreError.self) { try await myRun.value }
        #expect(error?.kind == .cancelled)
        var waited: Duration = .zero
        while try await statementsExecuting(myMarker) > 0, waited < .seconds(30) {
            try await Task.sleep(for: .milliseconds(10))
            waited += .milliseconds(10)
        }
        #expect(try await statementsExecuting(myMarker) == 0, "my statement is cancelled")
        #expect(try await statementsExecuting(theirMarker) == 1, "theirs runs on")
        theirRun.cancel()
        await #expect(throws: StoreError.self) { try await theirRun.value }
    }

    /// How many backends other than the asking one are executing a statement that contains `marker`.
    private func statementsExecuting(_ marker: String) async throws -> Int {
        let count = DataOperation<PostgresContext, Int?>.fetchOne(
            Int.self,
            """
            SELECT count(*)::int FROM pg_stat_activity
            WHERE state = 'active' AND pid <> pg_backend_pid() AND strpos(query, \(marker)) > 0
            """
        )
        return try await count.operate(in: PostgresServer.client) ?? 0
    }
}
