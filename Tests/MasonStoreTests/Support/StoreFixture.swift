import Foundation
import GRDB
import MasonStore
import Testing

/// The article's baby, as a value-type record (a managed object does not exist on Linux).
struct Baby: Codable, Sendable, Equatable, Identifiable, FetchableRecord, PersistableRecord {
    var id: Int64?
    var name: String

    init(id: Int64? = nil, name: String) {
        self.id = id
        self.name = name
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// Which writer a test runs on: every transaction test runs on both.
enum WriterKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case queue, pool
    var testDescription: String { rawValue }
}

/// A database file in a fresh temporary folder, with the babies' schema; the folder is removed when
/// the fixture is released.
final class StoreFixture: Sendable {
    let folder: URL
    let path: String
    let writer: any DatabaseWriter

    init(_ kind: WriterKind = .queue, configuration: Configuration = Configuration()) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mason-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("babies.sqlite").path
        switch kind {
        case .queue: writer = try DatabaseQueue(path: path, configuration: configuration)
        case .pool: writer = try DatabasePool(path: path, configuration: configuration)
        }
        try Self.migrator.migrate(writer)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("babies") { db in
            try db.create(table: "baby") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull().unique()
            }
            try db.create(table: "counter") { table in
                table.primaryKey("id", .integer)
                table.column("value", .integer).notNull()
            }
            try db.execute(sql: "INSERT INTO counter (id, value) VALUES (1, 0)")
        }
        return migrator
    }

    /// The names in the file, read back through a new connection: what is really on disk.
    func namesOnDisk() throws -> [String] {
        let reader = try DatabaseQueue(path: path)
        return try reader.read { db in try String.fetchAll(db, sql: "SELECT name FROM baby ORDER BY id") }
    }
}

/// The article's operations, written as it writes them (a `try` and a record added).
func makeBaby(name: String) -> FunctionalDataOperation<Baby> {
    FunctionalDataOperation { context in
        try Baby(name: name).inserted(context)
    }
}

func makeBabyOperation(name: String) -> FunctionalDataOperation<Baby> {
    makeBaby(name: name)
}

func getBabyName(of baby: Baby) -> String {
    baby.name
}

/// An error of the tests' own, thrown inside operations.
struct Refused: Error, Equatable {
    var reason = "refused"
}
