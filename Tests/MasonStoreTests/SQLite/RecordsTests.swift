import GRDB
import MasonStore
import Testing

/// Records and queries as operations: insert, upsert, update, delete, fetch by id, fetch all or by
/// request, count — on a queue and on a pool.
@Suite(.timeLimit(.minutes(5))) struct RecordsTests {
    @Test(arguments: WriterKind.allCases) func insertUpsertUpdateDelete(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        let bae = try DataOperation.insert(Baby(name: "Bae")).save().operate(in: store.writer)
        #expect(bae.id == 1)
        let bea = try DataOperation.upsert(Baby(id: 1, name: "Bea")).save().operate(in: store.writer)
        #expect(bea == Baby(id: 1, name: "Bea"))
        let abe = try DataOperation.upsert(Baby(name: "Abe")).save().operate(in: store.writer)
        #expect(abe.id == 2)
        _ = try DataOperation.update(Baby(id: 2, name: "Eba")).save().operate(in: store.writer)
        #expect(try store.namesOnDisk() == ["Bea", "Eba"])
        #expect(try DataOperation<Database, Bool>.delete(bea).save().operate(in: store.writer))
        #expect(try !DataOperation<Database, Bool>.delete(bea).save().operate(in: store.writer))
        #expect(try store.namesOnDisk() == ["Eba"])
    }

    @Test func updatingAMissingRecordIsRecordNotFound() throws {
        let store = try StoreFixture()
        let error = #expect(throws: StoreError.self) {
            try DataOperation.update(Baby(id: 42, name: "Nobody")).save().operate(in: store.writer)
        }
        #expect(error?.kind == .recordNotFound)
    }

    @Test(arguments: WriterKind.allCases) func fetchesAndCounts(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        _ = try traverse(["Bae", "Bea", "Abe"]) { DataOperation.insert(Baby(name: $0)) }.save().operate(
            in: store.writer)
        #expect(try DataOperation.fetchOne(Baby.self, id: 2).read(from: store.writer) == Baby(id: 2, name: "Bea"))
        #expect(try DataOperation.fetchOne(Baby.self, id: 9).read(from: store.writer) == nil)
        #expect(try DataOperation.fetchAll(Baby.self).read(from: store.writer).map(\.name) == ["Bae", "Bea", "Abe"])
        let bs = Baby.filter(Column("name").like("B%")).order(Column("name").desc)
        #expect(try DataOperation.fetchAll(bs).read(from: store.writer).map(\.name) == ["Bea", "Bae"])
        #expect(try DataOperation<Database, Int>.count(Baby.self).read(from: store.writer) == 3)
        #expect(try DataOperation<Database, Int>.count(bs).read(from: store.writer) == 2)
    }
}
