import Dispatch
import Foundation
import Mason
import MasonStorePostgres
import PostgresNIO
import Testing

/// An operation's statements run on a thread of its own, never on one of Swift's cooperative pool: its
/// work blocks that thread while PostgreSQL answers.
@Suite(.enabled(if: PostgresServer.url != nil, PostgresServer.skipReason), .timeLimit(.minutes(10)))
struct DataOperationPostgresTests {
    let client = PostgresServer.client

    @Test func moreOperationsBlockingAtOnceThanThePoolHasThreadsAllRun() async throws {
        // Two more than the pool has threads: run on the pool, at most as many as it has would arrive.
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let arrived = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let held = DataOperation<PostgresContext, Bool> { db in
            _ = try db.fetchOne(Int.self, "SELECT 1")
            arrived.signal()
            return go.wait(timeout: .now() + .seconds(300)) == .success
        }
        let runs = (0..<count).map { _ in Task { try await held.operate(in: client) } }
        // Waited for on a queue of its own: a blocked thread of the cooperative pool would stall others.
        // Generous: under Thread Sanitizer, with the whole suite starting at once, the operations waited
        // more than 60 s for the pool to start them (CI); run on the pool, they would never arrive.
        let everyOneArrived = await withCheckedContinuation { continuation in
            DispatchQueue(label: "test.arrivals").async {
                let deadline = DispatchTime.now() + .seconds(240)
                let all = (0..<count).allSatisfy { _ in arrived.wait(timeout: deadline) == .success }
                for _ in 0..<count { go.signal() }
                continuation.resume(returning: all)
            }
        }
        #expect(everyOneArrived)
        for run in runs {
            #expect(try await run.value)
        }
    }

    /// A server error of class 08 (what `dblink` or `postgres_fdw` report when their remote is down)
    /// says nothing of this connection, which stays open: the operation fails at once, and the one
    /// connection of the pool serves the next operation.
    @Test(.timeLimit(.minutes(5)))  // under TSan the whole suite starts at once: 60 s was too short
    func aConnectionErrorFromTheServerGivesTheHealthyConnectionBack() async throws {
        let url = try #require(PostgresServer.url)
        var configuration = try #require(PostgresServer.configuration(url))
        configuration.options.maximumConnections = 1
        let client = PostgresClient(configuration: configuration)
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let remoteDown = DataOperation<PostgresContext, Int> { db in
                try db.execute("DO $$ BEGIN RAISE EXCEPTION 'remote down' USING ERRCODE = '08001'; END $$")
            }
            let error = await #expect(throws: StoreError.self) { try await remoteDown.operate(in: client) }
            #expect(error?.kind == .connectionLost)
            #expect(error?.sqlState == "08001")
            let next = try await DataOperation<PostgresContext, Int?>.fetchOne(Int.self, "SELECT 1").operate(in: client)
            #expect(next == 1)
        }
    }
}
