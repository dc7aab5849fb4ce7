import GRDB
import Mason
import MasonStore
import Testing

/// "Making Core Data Functional", compiled with cosmetic changes only and run on real files, on a
/// queue and on a pool.
@Suite(.timeLimit(.minutes(5))) struct SeedExamplesTests {
    @Test(arguments: WriterKind.allCases) func makeBabyOperationSavedAndOperated(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        let myBaby = try makeBabyOperation(name: "Bae").save().operate(store.writer)
        #expect(myBaby.name == "Bae")
        #expect(myBaby.id == 1)
        #expect(try store.namesOnDisk() == ["Bae"])
    }

    @Test(arguments: WriterKind.allCases) func makeBabiesNestsOperateOnTheGivenContext(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        func makeBabiesOperation(names: [String]) -> FunctionalDataOperation<[Baby]> {
            return FunctionalDataOperation { context in
                var babies: [Baby] = []

                for name in names {
                    let makeBaby = makeBabyOperation(name: name)
                    babies.append(try makeBaby.operate(context))
                }
                return babies
            }
        }
        let babies = try makeBabiesOperation(names: ["Bae", "Bea", "Abe"]).save().operate(store.writer)
        #expect(babies.map(\.name) == ["Bae", "Bea", "Abe"])
        #expect(try store.namesOnDisk() == ["Bae", "Bea", "Abe"])
    }

    @Test(arguments: WriterKind.allCases) func makeBabiesWithSequence(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        func makeBabies(names: [String]) -> FunctionalDataOperation<[Baby]> {
            let makeBabyOperation: [FunctionalDataOperation<Baby>] = names.map(makeBaby)
            let makeBabiesOperation: FunctionalDataOperation<[Baby]> = sequence(makeBabyOperation)

            return makeBabiesOperation
        }
        let babies = try makeBabies(names: ["Bae", "Bea"]).save().operate(in: store.writer)
        #expect(babies.map(\.id) == [1, 2])
        #expect(try store.namesOnDisk() == ["Bae", "Bea"])
    }

    @Test(arguments: WriterKind.allCases) func getBabyNameThroughMap(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        let makeBabyOperation: FunctionalDataOperation<Baby> = makeBaby(name: "Bae")
        let getBabyNameSafelyOperation: FunctionalDataOperation<String> =
            makeBabyOperation.map(getBabyName)
        #expect(try getBabyNameSafelyOperation.operate(store.writer) == "Bae")
        #expect(try store.namesOnDisk().isEmpty, "never saved, so rolled back")
    }

    @Test(arguments: WriterKind.allCases) func zipRunsBothInOneAccess(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        let both = zip(makeBaby(name: "Bae"), makeBaby(name: "Bea"))
        let (first, second) = try both.save().operate(in: store.writer)
        #expect(first.name == "Bae")
        #expect(second.name == "Bea")
        let three = zip(DataOperation<Database, Int>.count(Baby.self), .pure("x"), makeBaby(name: "Abe").map(\.id))
        let (count, text, id) = try three.save().operate(in: store.writer)
        #expect(count == 2)
        #expect(text == "x")
        #expect(id == 3)
    }

    @Test(arguments: WriterKind.allCases) func bothSaves(kind: WriterKind) throws {
        let store = try StoreFixture(kind)
        // The static save, as the article's flatMap chain writes it, and the chained one.
        let staticSave: FunctionalDataOperation<()> = makeBaby(name: "Bae").flatMap { _ in
            FunctionalDataOperation.save()
        }
        try staticSave.operate(store.writer)
        let chained: FunctionalDataOperation<Baby> = makeBaby(name: "Bea").save()
        _ = try chained.operate(store.writer)
        #expect(try store.namesOnDisk() == ["Bae", "Bea"])
    }

    @Test func operatorsFromTheCoreWork() throws {
        let store = try StoreFixture()
        let name = makeBaby(name: "Bae").save() <&> getBabyName
        #expect(try (name |> { try $0.operate(in: store.writer) }) == "Bae")
        let renamed =
            makeBaby(name: "Bea") >>- { baby in
                DataOperation.update(Baby(id: baby.id, name: "Bea2")).save()
            }
        #expect(try renamed.operate(in: store.writer).name == "Bea2")
        #expect(try store.namesOnDisk() == ["Bae", "Bea2"])
    }

    @Test func operateAsyncCallsBackOnce() async throws {
        let store = try StoreFixture()
        let result = await withCheckedContinuation { continuation in
            makeBaby(name: "Bae").save().operateAsync(store.writer) { continuation.resume(returning: $0) }
        }
        #expect(try result.get().name == "Bae")
        #expect(try store.namesOnDisk() == ["Bae"])
    }

    @Test(arguments: WriterKind.allCases) func awaitOperate(kind: WriterKind) async throws {
        let store = try StoreFixture(kind)
        let babies = try await traverse(["Bae", "Bea"], makeBaby).save().operate(in: store.writer)
        #expect(babies.count == 2)
        #expect(try await DataOperation.count(Baby.self).read(from: store.writer) == 2)
    }
}
