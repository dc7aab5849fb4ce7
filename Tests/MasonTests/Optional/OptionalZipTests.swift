import Mason
import Testing

@Suite struct OptionalZipTests {
    @Test func zipOfOneIsTheValue() {
        let some: Int? = zip(Int("1"))
        let none: Int? = zip(Int("x"))
        #expect(some == 1)
        #expect(none == nil)
    }

    @Test func zipOfTwoPairsTheValues() {
        let zipped = zip(Int("1"), Optional("a"))
        #expect(zipped?.0 == 1)
        #expect(zipped?.1 == "a")
        #expect(zip(Int("1"), String?.none) == nil)
    }

    @Test func zipOfFiveKeepsOrderAndTypes() {
        let zipped = zip(Int("1"), Optional("b"), Optional(true), Double("4.5"), Optional([5]))
        guard let tuple = zipped else {
            Issue.record("expected a tuple")
            return
        }
        #expect(tuple.0 == 1)
        #expect(tuple.1 == "b")
        #expect(tuple.2 == true)
        #expect(tuple.3 == 4.5)
        #expect(tuple.4 == [5])
    }

    @Test func zipOfEightIsNilWhenAnyIsNil() {
        let zipped = zip(Int("1"), Int("2"), Int("3"), Int("4"), Int("5"), Int("6"), Int("7"), Int("x"))
        #expect(zipped == nil)
    }

    @Test func zipOfEightValuesHoldsAllOfThem() {
        let zipped = zip(Int("1"), Int("2"), Int("3"), Int("4"), Int("5"), Int("6"), Int("7"), Int("8"))
        let sum = zipped.map { $0.0 + $0.1 + $0.2 + $0.3 + $0.4 + $0.5 + $0.6 + $0.7 }
        #expect(sum == 36)
    }

    @Test func zipWithAppliesTheFunctionToTheValues() {
        let sum = zip(with: { $0 + $1 }, Int("1"), Int("2"))
        let text = zip(with: { "\($0)\($1)" }, Int("1"), Optional("a"))
        #expect(sum == 3)
        #expect(text == "1a")
    }

    @Test func zipWithIsNilWithoutCallingTheFunctionWhenAnyIsNil() {
        var calls = 0
        let result = zip(
            with: { (a: Int, b: Int, c: Int) -> Int in
                calls += 1
                return a + b + c
            },
            Int("1"), Int("x"), Int("3")
        )
        #expect(result == nil)
        #expect(calls == 0)
    }

    @Test func zipOfTwoSequencesIsStillTheStandardLibrarysZip() {
        let pairs = Array(zip([1, 2, 3], ["a", "b"]))
        #expect(pairs.map(\.0) == [1, 2])
        #expect(pairs.map(\.1) == ["a", "b"])
    }
}
