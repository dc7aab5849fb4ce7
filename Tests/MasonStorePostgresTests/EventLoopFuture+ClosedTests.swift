import Foundation
import Mason
import MasonStorePostgres
import MasonTesting
import PostgresNIO
import Testing

/// Waiting for a statement "or for the connection to close" keeps nothing of the statement once it is
/// answered: a connection that lives for ever (a pool's minimum) runs any number of statements in
/// constant memory. Measured in a child process (`mason-store-postgres-child URL --resident N`): in
/// this one, the suites running beside it grow the resident size as much as the results would.
@Suite(.enabled(if: PostgresServer.url != nil, PostgresServer.skipReason), .timeLimit(.minutes(10)))
struct EventLoopFutureClosedTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm"), "reads /proc/self/statm"))
    func answeredStatementsAreNotKeptUntilTheConnectionCloses() async throws {
        let statements = 300
        let megabytesEach = 2  // what the child asks of each statement
        let (status, text) = try await ChildProcess.run(
            ScaleOutTests.childURL, arguments: [PostgresServer.url!, "--resident", "\(statements)"])
        #expect(status == 0)
        let grown = try #require(
            text.split(separator: " ").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) },
            "\(text)")
        // Kept, the results would add statements × megabytesEach = 600 MB.
        #expect(grown < statements * megabytesEach / 3, "grew by \(grown) MB")
    }
}
