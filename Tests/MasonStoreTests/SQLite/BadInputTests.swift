import Foundation
import GRDB
import MasonStore
import Testing

/// Bad input gets a typed error with SQLite's codes and the statement's SQL (never its bound values),
/// and leaves nothing half-written.
@Suite(.timeLimit(.minutes(5))) struct BadInputTests {
    @Test(arguments: WriterKind.allCases) func aConstraintViolationRollsBackTheWholeOperation(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        _ = try makeBaby(name: "Bae").save().operate(in: store.writer)
        let operation = sequence(["Bea", "secret-token-123", "Bae"].map(makeBaby)).save()
        let thrown = #expect(throws: StoreError.self) { try operation.operate(in: store.writer) }
        let error = try #require(thrown)
        #expect(error.kind == .constraintViolation)
        #expect(error.resultCode == 19)
        #expect(error.extendedResultCode == 2067)
        let sql = error.sql ?? ""
        #expect(sql.hasPrefix("INSERT INTO \"baby\""))
        let text = String(describing: error)
        #expect(!text.contains("secret-token"), "bound values never reach the error")
        let message = error.message ?? ""
        #expect(message.contains("UNIQUE constraint failed: baby.name"))
        #expect(try store.namesOnDisk() == ["Bae"], "Bea was rolled back with the rest")
    }

    @Test func boundValuesStayOutOfTheError() throws {
        let store = try StoreFixture()
        let error = #expect(throws: StoreError.self) {
            try DataOperation<Database, Void>.execute(
                sql: "INSERT INTO baby (id, name) VALUES (?, ?), (?, ?)",
                arguments: [1, "password=hunter2", 1, "password=hunter2"]
            ).save().operate(in: store.writer)
        }
        let text = error.map { "\($0) \($0.message ?? "") \($0.sql ?? "") \(String(describing: $0.underlying))" } ?? ""
        #expect(!text.contains("hunter2"))
        #expect(error?.kind == .constraintViolation)
    }

    @Test func aTypeMismatchInAStrictTable() throws {
        let store = try StoreFixture()
        try DataOperation<Database, Void>.execute(sql: "CREATE TABLE measure (value INTEGER NOT NULL) STRICT").save()
            .operate(in: store.writer)
        let error = #expect(throws: StoreError.self) {
            try DataOperation<Database, Void>.execute(
                sql: "INSERT INTO measure (value) VALUES (?)", arguments: ["twelve"]
            ).save()
                .operate(in: store.writer)
        }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.extendedResultCode == 3091)
    }

    @Test func aRowThatDoesNotDecodeIsATypeMismatch() throws {
        struct Measure: Codable, Sendable, FetchableRecord, TableRecord {
            var value: Int
            var takenAt: Date
        }
        let store = try StoreFixture()
        try DataOperation<Database, Void>.execute(
            sql: "CREATE TABLE measure (value, takenAt); INSERT INTO measure VALUES (12, 'secret twelve')"
        )
        .save().operate(in: store.writer)
        let error = #expect(throws: StoreError.self) {
            try DataOperation.fetchAll(Measure.self).read(from: store.writer)
        }
        #expect(error?.kind == .typeMismatch)
        #expect(error.map { "\($0)" }?.contains("secret") == false)
    }

    // Before the fix: `.operation`, and the text quoted the stored value.
    @Test func aStoredValueACodableRecordCannotDecodeIsATypeMismatchThatQuotesNothing() throws {
        enum Mood: String, Codable, Sendable { case calm }
        struct Entry: Codable, Sendable, FetchableRecord, TableRecord { var mood: Mood }
        let store = try StoreFixture()
        try DataOperation<Database, Void>.execute(
            sql: "CREATE TABLE entry (mood TEXT); INSERT INTO entry VALUES ('secret-token-9')"
        )
        .save().operate(in: store.writer)
        let error = #expect(throws: StoreError.self) {
            try DataOperation.fetchAll(Entry.self).read(from: store.writer)
        }
        #expect(error?.kind == .typeMismatch)
        let text = error.map { "\($0) \(String(describing: $0.underlying))" } ?? ""
        #expect(!text.contains("secret"), "\(text)")
    }

    /// A JSON column's keys are stored data too: the error names none of them.
    @Test func aJSONColumnThatDoesNotDecodeQuotesNoneOfItsKeys() throws {
        enum Mood: String, Codable, Sendable { case calm }
        struct Diary: Codable, Sendable, FetchableRecord, TableRecord { var moods: [String: Mood] }
        let store = try StoreFixture()
        try DataOperation<Database, Void>.execute(
            sql: #"CREATE TABLE diary (moods TEXT); INSERT INTO diary VALUES ('{"secret-key-7": "bogus"}')"#
        )
        .save().operate(in: store.writer)
        let error = #expect(throws: StoreError.self) {
            try DataOperation.fetchAll(Diary.self).read(from: store.writer)
        }
        #expect(error?.kind == .typeMismatch)
        let text = error.map { "\($0)" } ?? ""
        #expect(!text.contains("secret") && !text.contains("bogus"), "\(text)")
    }

    // Before the fix: `.database`, so a caller waiting for `.missingSchema` to migrate never saw it.
    @Test func anInsertOfAColumnTheTableLacksIsMissingSchema() throws {
        let store = try StoreFixture()
        let error = #expect(throws: StoreError.self) {
            try DataOperation<Database, Void>.execute(sql: "INSERT INTO baby (name, nickname) VALUES ('a', 'b')")
                .save().operate(in: store.writer)
        }
        #expect(error?.kind == .missingSchema)
    }

    @Test func aMissingTable() throws {
        let store = try StoreFixture()
        let error = #expect(throws: StoreError.self) {
            try makeBaby(name: "Bae").flatMap { _ in DataOperation<Database, Void>.execute(sql: "DELETE FROM toddler") }
                .save()
                .operate(in: store.writer)
        }
        #expect(error?.kind == .missingSchema)
        #expect(error?.resultCode == 1)
        #expect(error?.sql == "DELETE FROM toddler")
        #expect(try store.namesOnDisk().isEmpty)
    }

    @Test func aReadOnlyFile() throws {
        let store = try StoreFixture()
        _ = try makeBaby(name: "Bae").save().operate(in: store.writer)
        var configuration = Configuration()
        configuration.readonly = true
        let readOnly = try DatabaseQueue.opening(path: store.path, configuration: configuration)
        let error = #expect(throws: StoreError.self) { try makeBaby(name: "Bea").save().operate(in: readOnly) }
        #expect(error?.kind == .readOnly)
        #expect(error?.resultCode == 8)
        #expect(try store.namesOnDisk() == ["Bae"])
    }

    @Test(arguments: WriterKind.allCases) func aCorruptFile(kind: WriterKind) throws {
        let store = try StoreFixture()
        let path = store.folder.appendingPathComponent("corrupt.sqlite").path
        try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: StoreError.self) {
            switch kind {
            case .queue: _ = try DatabaseQueue.opening(path: path)
            case .pool: _ = try DatabasePool.opening(path: path)
            }
        }
        #expect(error?.kind == .corrupt)
        #expect(error?.resultCode == 26)
    }
}
