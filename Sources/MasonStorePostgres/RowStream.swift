import Foundation
import NIOCore
import PostgresNIO

/// The rows of one statement, handed from the connection's event loop to the operation's thread as
/// they arrive, so that the operation decodes the first rows while the server still sends the last.
///
/// The event loop appends under the condition's lock and signals only when the buffer was empty; the
/// operation's thread takes everything buffered at once, so a burst of rows costs one wake-up.
final class RowStream: @unchecked Sendable {
    // @unchecked: `rows` and `end` are read and written only with `condition` locked.
    private let condition = NSCondition()
    private var rows: [PostgresRow] = []
    private var end: Result<PostgresQueryMetadata, any Error>?

    /// Called on the event loop for each row.
    func append(_ row: PostgresRow) {
        condition.lock()
        rows.append(row)
        if rows.count == 1 { condition.signal() }
        condition.unlock()
    }

    /// Called once, on the event loop, when the statement ended or the connection closed; later
    /// calls are ignored.
    func finish(_ outcome: Result<PostgresQueryMetadata, any Error>) {
        condition.lock()
        if end == nil {
            end = outcome
            condition.signal()
        }
        condition.unlock()
    }

    /// Hands every row to `body`, in order, as they arrive; returns the statement's metadata.
    func forEach(_ body: (PostgresRow) throws -> Void) throws -> PostgresQueryMetadata {
        var batch: [PostgresRow] = []
        while true {
            condition.lock()
            while rows.isEmpty && end == nil { condition.wait() }
            swap(&batch, &rows)
            let ended = rows.isEmpty && batch.isEmpty ? end : nil
            condition.unlock()
            if let ended { return try ended.get() }
            for row in batch { try body(row) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
