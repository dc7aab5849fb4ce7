// The crash test's child (see MasonStoreTests/SQLite/CrashTests.swift): writes `operations` multi-row
// operations to the database at `path`, each saved as a whole, until it is done or killed. It prints
// "ready" once the file is open, so the parent can kill it during the writes, not before them.
//
//     mason-store-crash-child <path> <queue|pool> <first batch> <operations>
import Foundation
import GRDB
import MasonStore

let arguments = CommandLine.arguments
guard arguments.count == 5, let firstBatch = Int(arguments[3]), let operations = Int(arguments[4]) else {
    FileHandle.standardError.write(
        Data("usage: mason-store-crash-child <path> <queue|pool> <first batch> <operations>\n".utf8))
    exit(2)
}
let path = arguments[1]
let writer: any DatabaseWriter = arguments[2] == "pool" ? try DatabasePool(path: path) : try DatabaseQueue(path: path)
try DataOperation<Database, Void>.execute(
    sql: "CREATE TABLE IF NOT EXISTS item (batch INTEGER NOT NULL, position INTEGER NOT NULL, payload TEXT NOT NULL)"
)
.save()
.operate(in: writer)

/// One operation: ten rows of one batch, then a save. Unsaved or cut short, none of them may remain.
func writeBatch(_ batch: Int) -> DataOperation<Database, Void> {
    traverse(Array(0..<10)) { position in
        DataOperation<Database, Void>.execute(
            sql: "INSERT INTO item (batch, position, payload) VALUES (?, ?, ?)",
            arguments: [batch, position, String(repeating: "x", count: 200)]
        )
    }
    .map { _ in () }
    .save()
}

FileHandle.standardOutput.write(Data("ready\n".utf8))

for batch in firstBatch..<(firstBatch + operations) {
    try writeBatch(batch).operate(in: writer)
}
print("done")
