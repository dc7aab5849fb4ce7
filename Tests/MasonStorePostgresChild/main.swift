// The store's tests' child, two jobs, each in a process of its own:
// - `mason-store-postgres-child URL TABLE COUNT` (the scale-out test): runs `count` increments of one
//   counter row under SERIALIZABLE, each its own operation, retried on a serialization failure;
// - `mason-store-postgres-child URL --resident STATEMENTS` (EventLoopFutureClosedTests): runs that
//   many 2 MB statements on one connection and prints "grew N" — the resident size's growth in MB.
import Foundation
import Mason
import MasonStorePostgres
import PostgresNIO

let arguments = CommandLine.arguments
guard arguments.count == 4, let configuration = try? PostgresClient.Configuration(url: arguments[1]),
    let count = Int(arguments[3])
else {
    FileHandle.standardError.write(
        Data("usage: mason-store-postgres-child URL (TABLE | --resident) COUNT\n".utf8))
    exit(2)
}
let table = arguments[2]
let client = PostgresClient(configuration: configuration)
let increment = DataOperation<PostgresContext, Void> { db in
    let value = try db.fetchOne(Int.self, "SELECT value FROM \(unescaped: table) WHERE id = 1") ?? 0
    try db.execute("UPDATE \(unescaped: table) SET value = \(value + 1) WHERE id = 1")
}
.save()

// Up to 2 ms between attempts, at random: children that conflicted do not collide again at once.
let contention = RetryPolicy(retries: 10_000, backoff: .constant(.milliseconds(2)), jitter: .full)

let finished = DispatchSemaphore(value: 0)
let failed = Locked<(any Error)?>(nil)
Task.detached {
    await withDiscardingTaskGroup { group in
        group.addTask { await client.run() }
        do {
            if table == "--resident" {
                print("grew \(try await residentGrowth(client: client, statements: count, megabytesEach: 2))")
            } else {
                for _ in 0..<count {
                    try await increment.operate(in: client, isolation: .serializable, retrying: contention)
                }
            }
        } catch {
            failed.withLock { $0 = error }
        }
        group.cancelAll()
    }
    finished.signal()
}
finished.wait()
if let error = failed.withLock({ $0 }) {
    FileHandle.standardError.write(Data("mason-store-postgres-child: \(error)\n".utf8))
    exit(1)
}
