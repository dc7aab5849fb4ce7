import Foundation
import GRDB
import MasonStore
import Testing

/// A child process (the tests' own executable, `mason-store-crash-child`) writes 100 multi-row
/// operations and is killed with SIGKILL at a random moment; after each of 100 trials the file opens,
/// passes `PRAGMA integrity_check`, and holds only whole saved operations.
@Suite(.timeLimit(.minutes(5))) struct CrashTests {
    static var child: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("mason-store-crash-child")
    }

    @Test func aKilledWriterLeavesOnlyWholeSavedOperations() throws {
        let store = try StoreFixture()
        var generator = SystemRandomNumberGenerator()
        var killedMidway = 0
        var nextBatch = 0
        for trial in 0..<100 {
            let process = Process()
            process.executableURL = Self.child
            process.arguments = [store.path, trial.isMultiple(of: 2) ? "queue" : "pool", "\(nextBatch)", "100"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            _ = output.fileHandleForReading.availableData  // "ready": the file is open, the writes begin
            usleep(UInt32.random(in: 0..<30_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedMidway += 1 }
            nextBatch += 100

            let database = try DatabaseQueue(path: store.path)
            try database.read { db in
                #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"], "trial \(trial)")
                let partial = try Int.fetchOne(
                    db,
                    sql:
                        "SELECT COUNT(*) FROM (SELECT batch FROM item GROUP BY batch HAVING COUNT(*) != 10 OR COUNT(DISTINCT position) != 10)"
                )
                #expect(partial == 0, "trial \(trial): an operation was cut in half")
            }
            try database.close()
        }
        #expect(killedMidway > 50, "most children were killed while writing (\(killedMidway) of 100)")
        let saved = try DatabaseQueue(path: store.path).read {
            try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM item") ?? 0
        }
        #expect(saved > 0 && saved.isMultiple(of: 10))
    }
}
