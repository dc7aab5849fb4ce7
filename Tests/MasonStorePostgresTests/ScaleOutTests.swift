import Foundation
import Mason
import MasonStorePostgres
import MasonTesting
import PostgresNIO
import Testing

/// Scale-out shown, not claimed: four processes increment one row 1,000 times each under
/// SERIALIZABLE, retrying serialization failures, and not one increment is lost. (CI's Thread
/// Sanitizer run, ≈ 5× slower, sets `MASON_SCALE_OUT_INCREMENTS` to 250.)
@Suite(.enabled(if: PostgresServer.url != nil, PostgresServer.skipReason), .timeLimit(.minutes(10)))
struct ScaleOutTests {
    @Test func fourProcessesIncrementingOneRowCountExactly() async throws {
        let table = PostgresServer.uniqueName("scale")
        let client = PostgresServer.client
        try await DataOperation<PostgresContext, Void> { db in
            try db.execute(PostgresQuery(unsafeSQL: "CREATE TABLE \(table) (id int PRIMARY KEY, value int NOT NULL)"))
            try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1, 0)"))
        }
        .save().operate(in: client)

        // The children run on threads of their own: none of the pool's is blocked while they run.
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await ChildProcess.run(
                        Self.childURL, arguments: [PostgresServer.url!, table, "\(Self.increments)"]
                    ).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == [0, 0, 0, 0])
        let count = try await DataOperation.fetchOne(Int.self, "SELECT value FROM \(unescaped: table) WHERE id = 1")
            .operate(in: client)
        #expect(count == 4 * Self.increments)
    }

    /// How many increments each child runs.
    static let increments =
        ProcessInfo.processInfo.environment["MASON_SCALE_OUT_INCREMENTS"].flatMap { Int($0) } ?? 1_000

    /// The child executable, built beside the tests.
    static var childURL: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("mason-store-postgres-child")
    }
}
