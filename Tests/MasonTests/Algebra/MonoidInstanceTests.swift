import Mason
import Testing

/// What each conformance and wrapper combines to (the laws are in `SemigroupLawTests` and `MonoidLawTests`).
@Suite struct MonoidInstanceTests {
    @Test func stringsAndSubstringsConcatenate() {
        #expect(("Hello, " <> "Mason") == "Hello, Mason")
        #expect(concat("a", "b", "c") == "abc")
        let name = "Mason"
        let joined: Substring = name.prefix(2) <> name.suffix(1)
        #expect(joined == "Man")
    }

    @Test func arraysAppend() {
        let appended: [Int] = [1, 2] <> [3]
        #expect(appended == [1, 2, 3])
        #expect(concat([[1], [], [2, 3]]) == [1, 2, 3])
    }

    @Test func concatOfAnArrayLiteralCombinesItsElementsAsTheDocsShow() {
        // No type context, as in `Monoid`'s and `concat(_:)`'s documentation: the sequence overload
        // is chosen, not the variadic one (which would give back the array).
        let joined = concat(["a", "b", "c"])
        #expect(type(of: joined) == String.self)
        #expect(joined == "abc")
        let flattened = concat([[1], [2, 3]])
        #expect(type(of: flattened) == [Int].self)
        #expect(flattened == [1, 2, 3])
    }

    @Test func dictionaryMergeLetsTheRightValueWin() {
        let defaults = ["timeout": 30, "retries": 3]
        let overrides = ["timeout": 5, "verbose": 1]
        #expect((defaults <> overrides) == ["timeout": 5, "retries": 3, "verbose": 1])
        #expect((overrides <> defaults) == ["timeout": 30, "retries": 3, "verbose": 1])
        #expect(concat([["k": 1], ["k": 2], ["k": 3]]) == ["k": 3])
    }

    @Test func setsUnite() {
        let union: Set<Int> = Set([1, 2]) <> Set([2, 3])
        #expect(union == Set([1, 2, 3]))
    }

    @Test func optionalCombinesPresentValuesAndSkipsNil() {
        let a: String? = "a"
        let b: String? = "b"
        let none: String? = nil
        let both: String? = a <> b
        let left: String? = a <> none
        let right: String? = none <> b
        let neither: String? = none <> none
        let all: String? = concat([nil, "a", nil, "b"] as [String?])
        #expect(both == "ab")
        #expect(left == "a")
        #expect(right == "b")
        #expect(neither == nil)
        #expect(all == "ab")
    }

    @Test func optionalTurnsASemigroupIntoAMonoid() {
        let fruits = ["pear", "apple", "fig"]
        let least: Min<String>? = concat(fruits.map { Optional(Min($0)) })
        let greatest: Max<String>? = concat(fruits.map { Optional(Max($0)) })
        #expect(least?.value == "apple")
        #expect(greatest?.value == "pear")
        #expect(concat([] as [Min<String>?]) == nil)
    }

    @Test func sumAddsAndProductMultiplies() {
        #expect(concat([1, 2, 3, 4].map(Sum.init)).value == 10)
        let product: Product<Int> = concat([1, 2, 3, 4].map { Product<Int>($0) })
        #expect(product.value == 24)
        let sum: Sum<Double> = concat([0.5, 0.25].map { Sum<Double>($0) })
        #expect(sum.value == 0.75)
        #expect(concat([] as [Product<Double>]).value == 1)
        #expect(Sum(1) < Sum(2))
        #expect(Product(3) > Product(2))
    }

    @Test func allNeedsEveryValueTrueAndAnyOfNeedsOne() {
        #expect(concat([true, true].map(All.init)).value)
        #expect(!concat([true, false, true].map(All.init)).value)
        #expect(concat([] as [All]).value)
        #expect(concat([false, true].map(AnyOf.init)).value)
        #expect(!concat([false, false].map(AnyOf.init)).value)
        #expect(!concat([] as [AnyOf]).value)
    }

    @Test func minAndMaxKeepTheExtremes() {
        #expect((Min(3) <> Min(1) <> Min(2)).value == 1)
        #expect((Max(3) <> Max(1) <> Max(2)).value == 3)
        #expect(concat([] as [Min<UInt8>]).value == 255)
        #expect(concat([] as [Max<Int8>]).value == -128)
        #expect((Min("b") <> Min("a")).value == "a")
    }

    @Test func minKeepsTheFirstAndMaxTheLastOfEqualValues() {
        struct Ranked: Comparable {
            let rank: Int
            let name: String
            static func < (lhs: Ranked, rhs: Ranked) -> Bool { lhs.rank < rhs.rank }
        }
        let first = Ranked(rank: 1, name: "first"), second = Ranked(rank: 1, name: "second")
        #expect((Min(first) <> Min(second)).value.name == "first")
        #expect((Max(first) <> Max(second)).value.name == "second")
        #expect(Swift.min(first, second).name == "first")
        #expect(Swift.max(first, second).name == "second")
    }

    @Test func firstAndLastKeepTheFirstAndLastPresentValue() {
        let values: [Int?] = [nil, 2, 3, nil]
        let first: First<Int> = concat(values.map { First<Int>($0) })
        let last: Last<Int> = concat(values.map { Last<Int>($0) })
        #expect(first.value == 2)
        #expect(last.value == 3)
        #expect(concat([First<Int>(nil), First(nil)]).value == nil)
        #expect(concat([] as [Last<Int>]).value == nil)
    }
}
