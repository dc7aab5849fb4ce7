import Mason
import PropertyBased
import Testing

@Suite struct PredicateTests {
    private static let isEven = Predicate<Int> { $0.isMultiple(of: 2) }
    private static let isPositive = Predicate<Int> { $0 > 0 }
    private static let isSmall = Predicate<Int> { abs($0) < 10 }

    @Test func callingAPredicateRunsItsTest() {
        #expect(Self.isEven(4))
        #expect(!Self.isEven.contains(3))
        let evens = [1, 2, 3, 4].filter(Self.isEven.contains)
        #expect(evens == [2, 4])
    }

    @Test func contraMapTestsATransformedValue() {
        let hasEvenLength = Self.isEven.contraMap { (s: String) in s.count }
        #expect(hasEvenLength("ab"))
        #expect(!hasEvenLength("mason"))
    }

    @Test func unionIsLogicalOr() async {
        await propertyCheck(input: Gen.int(in: -20...20)) { n in
            #expect(Self.isEven.union(Self.isPositive)(n) == (n.isMultiple(of: 2) || n > 0))
        }
    }

    @Test func intersectIsLogicalAnd() async {
        await propertyCheck(input: Gen.int(in: -20...20)) { n in
            #expect(Self.isEven.intersect(Self.isPositive)(n) == (n.isMultiple(of: 2) && n > 0))
        }
    }

    @Test func invertedIsLogicalNot() async {
        await propertyCheck(input: Gen.int(in: -20...20)) { n in
            #expect(Self.isEven.inverted()(n) == !n.isMultiple(of: 2))
            #expect(Self.isEven.inverted().inverted()(n) == Self.isEven(n))
        }
    }

    @Test func deMorganHolds() async {
        await propertyCheck(input: Gen.int(in: -20...20)) { n in
            let notEither = Self.isEven.union(Self.isPositive).inverted()
            let neither = Self.isEven.inverted().intersect(Self.isPositive.inverted())
            #expect(notEither(n) == neither(n))
        }
    }

    @Test func unionAndIntersectStopEarly() {
        let counter = CallCounter()
        let counted = Predicate<Int> { _ in
            counter.increment(); return true
        }
        _ = Self.isPositive.union(counted)(1)
        _ = Self.isPositive.intersect(counted)(-1)
        #expect(counter.count == 0)
        _ = Self.isPositive.union(counted)(-1)
        #expect(counter.count == 1)
    }

    @Test func anyOfNeedsOnePredicateAndIsFalseWhenEmpty() async {
        await propertyCheck(input: Gen.int(in: -20...20)) { n in
            let expected = n.isMultiple(of: 2) || n > 0 || abs(n) < 10
            #expect(anyOf(Self.isEven, Self.isPositive, Self.isSmall)(n) == expected)
            #expect(anyOf([Self.isEven, Self.isPositive, Self.isSmall])(n) == expected)
            #expect(!anyOf([] as [Predicate<Int>])(n))
            #expect(!(anyOf() as Predicate<Int>)(n))
        }
    }

    @Test func allOfNeedsEveryPredicateAndIsTrueWhenEmpty() async {
        await propertyCheck(input: Gen.int(in: -20...20)) { n in
            let expected = n.isMultiple(of: 2) && n > 0 && abs(n) < 10
            #expect(allOf(Self.isEven, Self.isPositive, Self.isSmall)(n) == expected)
            #expect(allOf([Self.isEven, Self.isPositive, Self.isSmall])(n) == expected)
            #expect(allOf([] as [Predicate<Int>])(n))
            #expect((allOf() as Predicate<Int>)(n))
        }
    }

    @Test func noneOfNeedsNoPredicateAndIsTrueWhenEmpty() async {
        await propertyCheck(input: Gen.int(in: -20...20)) { n in
            let expected = !(n.isMultiple(of: 2) || n > 0 || abs(n) < 10)
            #expect(noneOf(Self.isEven, Self.isPositive, Self.isSmall)(n) == expected)
            #expect(noneOf([Self.isEven, Self.isPositive, Self.isSmall])(n) == expected)
            #expect(noneOf([] as [Predicate<Int>])(n))
            #expect((noneOf() as Predicate<Int>)(n))
        }
    }

    @Test func predicateCanBeSentAcrossTasks() async {
        let isEven = Self.isEven
        let result = await Task.detached { isEven(10) }.value
        #expect(result)
    }
}

extension PredicateTests {
    /// Counts how many times a predicate ran.
    final class CallCounter: Sendable {
        private let calls = Locked(0)
        var count: Int { calls.withLock { $0 } }
        func increment() { calls.withLock { $0 += 1 } }
    }
}
