import Foundation
import Mason
import MasonStorePostgres
import PostgresNIO
import Testing

/// Waiting for a statement "or for the connection to close" keeps nothing of the statement once it is
/// answered: a connection that lives for ever (a pool's minimum) runs any number of statements in
/// constant memory.
@Suite(.enabled(if: PostgresServer.url != nil, PostgresServer.skipReason), .timeLimit(.minutes(10)))
struct EventLoopFutureClosedTests {
    /// The resident set size of this process, from `/proc/self/statm` (Linux), in bytes.
    static func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let pages = try #require(statm.split(separator: " ").dropFirst().first.flatMap { Int($0) })
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm"), "reads /proc/self/statm"))
    func answeredStatementsAreNotKeptUntilTheConnectionCloses() async throws {
        let statements = 300
        let megabytesEach = 2
        let big = DataOperation.fetchOne(
            String.self, PostgresQuery(unsafeSQL: "SELECT repeat('x', \(megabytesEach * 1_000_000))"))
        try await PostgresServer.client.withConnection { connection in
            _ = try await big.operate(on: connection)  // the connection's buffers are allocated once
            let before = try Self.residentBytes()
            for _ in 0..<statements {
                _ = try await big.operate(on: connection)
            }
            let grown = (try Self.residentBytes() - before) / 1_000_000
            // Kept, the results would add statements × megabytesEach = 600 MB.
            #expect(grown < statements * megabytesEach / 3, "grew by \(grown) MB")
        }
    }
}
