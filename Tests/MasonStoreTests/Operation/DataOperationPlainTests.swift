import GRDB
import MasonStore
import Testing

/// Nothing that runs synchronously demands `Sendable`: an operation, a map and a flatMap from closures
/// that capture a non-Sendable object (declared as plain closures: a closure literal is inferred
/// `@Sendable` first, as with the core's `IO`).
@Suite(.timeLimit(.minutes(5))) struct DataOperationPlainTests {
    final class Tally {
        var calls = 0
        func next() -> Int {
            calls += 1
            return calls
        }
    }

    @Test func plainClosuresBuildOperations() throws {
        let store = try StoreFixture()
        let tally = Tally()
        let count: (Database) throws -> Int = { db in try Baby.fetchCount(db) * 100 + tally.next() }
        let counted = DataOperation(count)
        let names = Tally()
        let describe: (Baby) -> String = { baby in "\(baby.name) \(names.next())" }
        let described = makeBaby(name: "Bae").map(describe)
        let steps = Tally()
        let next: (String) -> DataOperation<Database, String> = { name in
            let step = steps.next()
            return counted.map { "\(name), count \($0), step \(step)" }
        }
        let chained = described.flatMap(next).save()
        #expect(try chained.operate(in: store.writer) == "Bae 1, count 101, step 1")
        #expect(try store.namesOnDisk() == ["Bae"])
        #expect(try counted.read(from: store.writer) == 102, "the same closure, state kept between runs")
    }
}
