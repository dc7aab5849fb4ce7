import Foundation
import GRDB
import MasonStore
import MasonTesting
import Testing

/// A child process (the tests' own executable, `mason-store-crash-child`) writes 100 multi-row
/// operations and is killed with SIGKILL at a random moment; after each of 100 trials the file opens,
/// passes `PRAGMA integrity_check`, and holds only whole saved operations.
@Suite(.timeLimit(.minutes(5))) struct CrashTests {
    static var child: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("mason-store-crash-child")
    }

    /// What one trial left on disk.
    struct Trial: Sendable {
        let number: Int
        let killedMidway: Bool
        let integrity: [String]
        /// Operations found cut in half.
        let partial: Int?
    }

    @Test func aKilledWriterLeavesOnlyWholeSavedOperations() async throws {
        let store = try StoreFixture()
        let path = store.path
        // The children are started, waited for and killed on a thread of the test's own: blocking
        // waits on the cooperative pool would stall every other test meanwhile.
        let trials = try await OwnThread.run { try Self.killWriters(writingTo: path, trials: 100) }
        for trial in trials {
            #expect(trial.integrity == ["ok"], "trial \(trial.number)")
            #expect(trial.partial == 0, "trial \(trial.number): an operation was cut in half")
        }
        let killedMidway = trials.filter(\.killedMidway).count
        #expect(killedMidway > 50, "most children were killed while writing (\(killedMidway) of 100)")
        let saved = try await DatabaseQueue(path: path).read {
            try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM item") ?? 0
        }
        #expect(saved > 0 && saved.isMultiple(of: 10))
    }

    /// Runs `trials` children one after another, each killed at a random moment, and reads the file
    /// after each. Blocks its thread.
    private static func killWriters(writingTo path: String, trials: Int) throws -> [Trial] {
        var generator = SystemRandomNumberGenerator()
        var nextBatch = 0
        var results: [Trial] = []
        for trial in 0..<trials {
            let child = try ChildProcess.start(
                Self.child, arguments: [path, trial.isMultiple(of: 2) ? "queue" : "pool", "\(nextBatch)", "100"])
            _ = child.output.availableData  // "ready": the file is open, the writes begin
            usleep(UInt32.random(in: 0..<30_000, using: &generator))
            kill(child.pid, SIGKILL)
            let exit = child.waitForExit()
            try? child.output.close()
            nextBatch += 100

            let database = try DatabaseQueue(path: path)
            let (integrity, partial) = try database.read { db in
                (
                    try String.fetchAll(db, sql: "PRAGMA integrity_check"),
                    try Int.fetchOne(
                        db,
                        sql:
                            "SELECT COUNT(*) FROM (SELECT batch FROM item GROUP BY batch HAVING COUNT(*) != 10 OR COUNT(DISTINCT position) != 10)"
                    )
                )
            }
            try database.close()
            results.append(
                Trial(
                    number: trial, killedMidway: exit.bySignal,
                    integrity: integrity, partial: partial))
        }
        return results
    }
}
