import Mason
import Testing

@Suite struct EitherZipTests {
    typealias F<Value> = Either<String, Value>

    @Test func zipOfOneIsTheValue() {
        let right: F<Int> = zip(F<Int>.right(1))
        let left: F<Int> = zip(F<Int>.left("a"))
        #expect(right == .right(1))
        #expect(left == .left("a"))
    }

    @Test func zipOfTwoPairsTheRights() {
        let zipped = zip(F<Int>.right(1), F<String>.right("a"))
        #expect(zipped.right?.0 == 1)
        #expect(zipped.right?.1 == "a")
    }

    @Test func zipOfFiveKeepsOrderAndTypes() {
        let zipped = zip(
            F<Int>.right(1), F<String>.right("b"), F<Bool>.right(true), F<Double>.right(4.5), F<[Int]>.right([5]))
        guard case .right(let tuple) = zipped else {
            Issue.record("expected a right value, got \(zipped)")
            return
        }
        #expect(tuple.0 == 1)
        #expect(tuple.1 == "b")
        #expect(tuple.2 == true)
        #expect(tuple.3 == 4.5)
        #expect(tuple.4 == [5])
    }

    @Test func zipOfEightReturnsTheFirstLeft() {
        let zipped = zip(
            F<Int>.right(1), F<Int>.right(2), F<Int>.left("third"), F<Int>.right(4),
            F<Int>.left("fifth"), F<Int>.right(6), F<Int>.right(7), F<Int>.left("eighth")
        )
        #expect(zipped.left == "third")
    }

    @Test func zipOfEightRightsHoldsAllOfThem() {
        let zipped = zip(
            F<Int>.right(1), F<Int>.right(2), F<Int>.right(3), F<Int>.right(4),
            F<Int>.right(5), F<Int>.right(6), F<Int>.right(7), F<Int>.right(8)
        )
        let sum = zipped.map { $0.0 + $0.1 + $0.2 + $0.3 + $0.4 + $0.5 + $0.6 + $0.7 }
        #expect(sum == .right(36))
    }

    @Test func zipWithTwoBothLeftReturnsTheFirst() {
        // Funswift returned the second error here; Mason reports the first, like Result.
        #expect(zip(F<Int>.left("first"), F<Int>.left("second")).left == "first")
    }

    @Test func zipWithAppliesTheFunctionToTheRights() {
        let sum = zip(with: { $0 + $1 }, F<Int>.right(1), F<Int>.right(2))
        let text = zip(with: { "\($0)\($1)\($2)" }, F<Int>.right(1), F<String>.right("-"), F<Bool>.right(true))
        #expect(sum == .right(3))
        #expect(text == .right("1-true"))
    }

    @Test func zipWithReturnsTheFirstLeftWithoutCallingTheFunction() {
        var calls = 0
        let result = zip(
            with: { (a: Int, b: Int, c: Int) -> Int in
                calls += 1
                return a + b + c
            },
            F<Int>.right(1), F<Int>.left("second"), F<Int>.left("third")
        )
        #expect(result == .left("second"))
        #expect(calls == 0)
    }
}
