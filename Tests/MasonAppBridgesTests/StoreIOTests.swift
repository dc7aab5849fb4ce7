import Foundation
import GRDB
import MasonApp
import MasonAppStore
import MasonStore
import Testing

/// StoreIOHandler on a real file: operations run in order, a write is seen by the read after it, a
/// failing operation reaches the pure function as its StoreError and leaves the file as it was.
@Suite(.timeLimit(.minutes(5))) struct StoreIOTests {
    struct Ledger: Sendable {
        var tokens: [IOToken<StoreIO<Int>>] = []
        var results: [String] = []
    }

    static func insert(_ value: Int) -> DataOperation<Database, Int> {
        DataOperation { db in
            try db.execute(sql: "INSERT INTO item (value) VALUES (?)", arguments: [value])
            return value
        }
    }

    static let count = DataOperation<Database, Int> { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? -1
    }

    @Test func operationsRunInOrderAndAFailureIsTyped() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("storeio-\(UUID().uuidString).sqlite")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try DatabaseQueue.opening(path: path)
        try await database.write { db in try db.execute(sql: "CREATE TABLE item (value INTEGER NOT NULL UNIQUE)") }

        let outputs: [StoreIO<Int>.Output] = [
            .operate(Self.insert(1).save()), .operate(Self.insert(2).save()), .read(Self.count),
            .operate(Self.insert(3).flatMap { _ in Self.insert(1) }.save()),  // 1 again: UNIQUE fails, 3 rolls back
            .operate(Self.insert(4)),  // never saved: rolled back
            .read(Self.count)
        ]
        let function: (Ledger, IOContainer<StoreIO<Int>>) -> (Ledger, IOContainer<StoreIO<Int>>) = { ledger, io in
            var ledger = ledger
            var io = io
            guard io.hasInput else {
                ledger.tokens = outputs.map { io.addOutput($0, for: StoreIO<Int>.self) }
                return (ledger, io)
            }
            for token in ledger.tokens {
                if case .element(let value)? = io.input(forToken: token) { ledger.results.append("\(value)") }
                if let error = io.failure(forToken: token) as? StoreError { ledger.results.append("\(error.kind)") }
            }
            return (ledger, io)
        }
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: Ledger(), handlers: StoreIOHandler<Int>(database: database))
        let results = await main.run().results
        #expect(results == ["1", "2", "2", "\(StoreError.Kind.constraintViolation)", "4", "2"])
        #expect(
            try await database.read { db in try Int.fetchAll(db, sql: "SELECT value FROM item ORDER BY value") } == [
                1, 2
            ])
    }
}
