import Foundation
import MasonStorePostgres
import PostgresNIO

/// Runs `statements` statements that each answer `megabytesEach` MB on one connection of `client`, and
/// returns how much this process's resident size grew meanwhile, in MB (after one statement first, so
/// that the connection's buffers are already allocated). In a process of its own, so that nothing
/// else allocates meanwhile: in the test process, the rest of the suite running beside it grew the
/// resident size by 361 MB over one run.
func residentGrowth(client: PostgresClient, statements: Int, megabytesEach: Int) async throws -> Int {
    let big = DataOperation.fetchOne(
        String.self, PostgresQuery(unsafeSQL: "SELECT repeat('x', \(megabytesEach * 1_000_000))"))
    return try await client.withConnection { connection in
        _ = try await big.operate(on: connection)
        let before = try residentBytes()
        for _ in 0..<statements {
            _ = try await big.operate(on: connection)
        }
        return (try residentBytes() - before) / 1_000_000
    }
}

/// The resident set size of this process, from `/proc/self/statm` (Linux), in bytes.
func residentBytes() throws -> Int {
    let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
    guard let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
        throw CocoaError(.fileReadCorruptFile)
    }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
