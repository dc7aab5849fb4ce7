import Foundation
import GRDB
import Mason
import MasonStore

/// The article's baby, as a value-type record.
struct Baby: Codable, Sendable, FetchableRecord, PersistableRecord {
    var id: Int64?
    var name: String

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

enum StoreDemo {
    static func makeBaby(name: String) -> FunctionalDataOperation<Baby> {
        FunctionalDataOperation { context in try Baby(id: nil, name: name).inserted(context) }
    }

    /// "Making Core Data Functional" on an SQLite file in a temporary folder, then a rollback shown by
    /// reading the file back through another connection.
    static func run() throws {
        MasonDemo.section("Making Core Data Functional, on SQLite: makeBabies = sequence(names.map(makeBaby)).save()")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mason-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("babies.sqlite").path
        let dbQueue = try DatabaseQueue.opening(path: path)
        try DataOperation<Database, Void>.execute(
            sql: "CREATE TABLE baby (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE)"
        ).save().operate(in: dbQueue)

        func makeBabies(names: [String]) -> FunctionalDataOperation<[Baby]> {
            sequence(names.map(makeBaby))
        }
        func namesOnDisk() throws -> [String] {
            try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT name FROM baby ORDER BY id") }
        }

        let babies = try makeBabies(names: ["Bae", "Bea"]).save().operate(dbQueue)
        MasonDemo.show("makeBabies([Bae, Bea]).save().operate(dbQueue)", babies.map { "\($0.name) #\($0.id ?? 0)" })
        let name = try (makeBaby(name: "Abe").save() <&> \.name).operate(in: dbQueue)
        MasonDemo.show("(makeBaby(Abe).save() <&> \\.name).operate", name)
        MasonDemo.show("the file holds", try namesOnDisk())

        MasonDemo.section("Rollback: a failure after a save undoes only what came after it")
        let failing = makeBaby(name: "Eba").save()
            .flatMap { _ in makeBaby(name: "Ada") }
            .flatMap { _ in makeBaby(name: "Bae") }  // UNIQUE: Bae exists
            .save()
        do {
            _ = try failing.operate(in: dbQueue)
        } catch {
            MasonDemo.show("Eba, save, Ada, Bae again, save", "\(error.kind), SQLite \(error.extendedResultCode ?? 0)")
            MasonDemo.show("saves that committed before it", error.savesBeforeFailure)
        }
        MasonDemo.show("the file holds (Eba, not Ada)", try namesOnDisk())
        let unsaved = try makeBaby(name: "Ida").operate(in: dbQueue)
        MasonDemo.show("makeBaby(Ida).operate, never saved", unsaved.name)
        MasonDemo.show("the file holds (no Ida)", try namesOnDisk())
    }
}
