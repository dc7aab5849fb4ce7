import Mason
import PropertyBased
import Testing

/// The values a test has seen: a class that is not `Sendable`, so only a plain closure may capture it.
private final class Seen {
    var values: Set<Int> = []
}

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

    @Test func aPlainTestGoesInAndKeepsWhatItCaptures() {
        let seen = Seen()
        let isNew: (Int) -> Bool = { seen.values.insert($0).inserted }
        let firstTime = Predicate(isNew)
        #expect([1, 2, 1, 3, 2].filter(firstTime.contains) == [1, 2, 3])
        #expect(!firstTime(3))
        #expect(firstTime.inverted()(4) == false)  // 4 is new: now seen
        #expect(firstTime.inverted()(4))
    }

    @Test func aPlainTransformationAdaptsAPredicate() {
        let seen = Seen()
        // The length plus how many strings came before: "ab" is even the first time only.
        let lengthAndTurn: (String) -> Int = { text in
            defer { seen.values.insert(seen.values.count) }
            return text.count + seen.values.count
        }
        let isEvenThen = Self.isEven.contraMap(lengthAndTurn)
        #expect(isEvenThen("ab"))
        #expect(!isEvenThen("ab"))
        #expect(isEvenThen("ab"))
    }

    @Test func callsOfAPlainTestTakeTurnsAcrossTasks() async {
        // 8 tasks × 250 calls of one predicate whose test mutates an unsynchronised set: exactly one
        // call is the 2,000th, because calls take turns.
        let seen = Seen()
        let isTheLast: (Int) -> Bool = { _ in
            seen.values.insert(seen.values.count)
            return seen.values.count == 2_000
        }
        let predicate = Predicate(isTheLast)
        let hits = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<250).filter { predicate($0) }.count }
            }
            return await group.reduce(0, +)
        }
        #expect(hits == 1)
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
