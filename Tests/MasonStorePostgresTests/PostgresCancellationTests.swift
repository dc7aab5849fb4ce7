import Foundation
import Logging
import Mason
import MasonStorePostgres
import MasonTesting
import PostgresNIO
import Testing

/// A cancelled operation stops on the server too: the statement the server executes is cancelled,
/// and the locks its transaction held are free at once. Only closing the connection, as before, left
/// the server executing the statement to its end (here an hour), holding the row it had updated.
@Suite(.enabled(if: PostgresServer.url != nil, PostgresServer.skipReason), .timeLimit(.minutes(10)))
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

    /// A statement read row by row is cancelled on the server like one read whole.
    @Test func cancellingWhileReadingRowsStopsTheStatementOnTheServer() async throws {
        let marker = PostgresServer.uniqueName("mason_rows")
        let read = DataOperation<PostgresContext, Int> { db in
            var rows = 0
            try db.forEachRow(PostgresQuery(unsafeSQL: "SELECT pg_sleep(3600) /* \(marker) */")) { _ in rows += 1 }
            return rows
        }
        let run: Task<Int, any Error> = Task { try await read.operate(in: PostgresServer.client) }
        try #require(await waitUntil(statementsExecuting: marker, are: 1), "the statement started")
        run.cancel()
        let error: StoreError? = await #expect(throws: StoreError.self) { try await run.value }
        #expect(error?.kind == .cancelled)
        #expect(try await waitUntil(statementsExecuting: marker, are: 0), "the statement is cancelled")
    }

    /// A run cancelled while none of its statements awaits an answer has nothing for the server to
    /// cancel, so it asks nothing: before, each such cancellation sent up to three queries, each on a
    /// connection leased from the pool, which a burst of cancellations filled.
    @Test func aCancellationBetweenStatementsAsksTheServerNothing() async throws {
        let recorder = LogRecorder()
        let configuration = try #require(PostgresServer.configuration(PostgresServer.url!))
        let client = PostgresClient(configuration: configuration, backgroundLogger: recorder.logger(level: .trace))
        let running: Task<Void, Never> = Task { await client.run() }
        defer { running.cancel() }
        let between = AsyncStream<Void>.makeStream()
        let resume = DispatchSemaphore(value: 0)
        let twoSteps = DataOperation<PostgresContext, Void> { db in
            _ = try db.execute("SELECT 1")
            between.continuation.yield()
            resume.wait()  // on the operation's own thread, never the cooperative pool's
            _ = try db.execute("SELECT 2")
        }
        let run: Task<Void, any Error> = Task { try await twoSteps.operate(in: client) }
        var iterator = between.stream.makeAsyncIterator()
        await iterator.next()  // awaited: a pool thread blocked here could starve the client it waits for
        run.cancel()
        resume.signal()
        let error: StoreError? = await #expect(throws: StoreError.self) { try await run.value }
        #expect(error?.kind == .cancelled)
        // A request would have gone at once and again after 100 ms and 1 s.
        try await Task.sleep(for: .seconds(2))
        #expect(try await DataOperation.fetchOne(Int.self, "SELECT 3").operate(in: client) == 3, "the client works")
        let asked = recorder.entries.filter { $0.text.contains("pg_cancel_backend") }
        #expect(asked.isEmpty, "\(asked.map(\.text))")
        #expect(recorder.entries.contains { $0.text.contains("SELECT 3") }, "the log shows the statements sent")
    }

    /// The statements a cancellation can find carry the run's tag: a query or data change, first or
    /// after a leading optimizer hint (which pg_hint_plan reads only as the first comment). A utility
    /// statement goes as written, as PostgreSQL 13 to 15 count each text apart in pg_stat_statements.
    @Test func queriesCarryTheRunsTagAfterAnyHintAndUtilityStatementsGoAsWritten() async throws {
        let texts = try await DataOperation<PostgresContext, [String]> { db in
            let plain = try db.fetchOne(String.self, "SELECT current_query()")
            let hinted = try db.fetchOne(String.self, "/*+ SeqScan(t) */ SELECT current_query()")
            let utility = "DO $$ BEGIN CREATE TEMP TABLE mason_q ON COMMIT DROP AS SELECT current_query() AS q; END $$"
            _ = try db.execute(PostgresQuery(unsafeSQL: utility))
            let asSent = try db.fetchOne(String.self, "SELECT q FROM mason_q")
            return [plain, hinted, asSent].compactMap { $0 }
        }
        .operate(in: PostgresServer.client)
        try #require(texts.count == 3)
        let tag = #/^/\* mason [0-9a-f]{16} \*/ /#
        #expect(texts[0].firstMatch(of: tag) != nil && texts[0].hasSuffix("SELECT current_query()"), "\(texts[0])")
        #expect(texts[1].hasPrefix("/*+ SeqScan(t) *//* mason "), "\(texts[1])")
        #expect(texts[2].hasPrefix("DO $$"), "\(texts[2])")
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
        try #require(await waitUntil(statementsExecuting: theirMarker, are: 1), "theirs started")
        let myRun: Task<Void, any Error> = Task { try await sleep(myMarker).operate(in: mine) }
        try #require(await waitUntil(statementsExecuting: myMarker, are: 1), "mine started")
        myRun.cancel()
        let error: StoreError? = await #expect(throws: StoreError.self) { try await myRun.value }
        #expect(error?.kind == .cancelled)
        #expect(try await waitUntil(statementsExecuting: myMarker, are: 0), "my statement is cancelled")
        #expect(try await statementsExecuting(theirMarker) == 1, "theirs runs on")
        theirRun.cancel()
        await #expect(throws: StoreError.self) { try await theirRun.value }
        #expect(try await waitUntil(statementsExecuting: theirMarker, are: 0), "nothing left sleeping")
    }

    /// Waits until `count` backends execute a statement that contains `marker`, at most 4 minutes (the
    /// whole suite under Thread Sanitizer on 2 cores has taken minutes to start a statement here).
    private func waitUntil(statementsExecuting marker: String, are count: Int) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(240)
        while try await statementsExecuting(marker) != count {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(10))
        }
        return true
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
