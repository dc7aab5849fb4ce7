import Mason
import PropertyBased
import Testing

/// Left and right identity, `empty <> a == a == a <> empty`, for every monoid Mason provides, and
/// `concat` against a plain fold.
@Suite struct MonoidLawTests {
    private static let strings = Gen.letterOrNumber.string(of: 0...6)
    private static let ints = Gen.int(in: -1000...1000)

    private static func expectIdentity<Value: Monoid & Equatable>(
        _ value: Value, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(Value.combine(Value.empty, value) == value, "left identity", sourceLocation: sourceLocation)
        #expect(Value.combine(value, Value.empty) == value, "right identity", sourceLocation: sourceLocation)
        #expect((Value.empty <> value) == (value <> Value.empty), sourceLocation: sourceLocation)
    }

    @Test func stringHasTheEmptyStringAsIdentity() async {
        #expect(String.empty == "")
        await propertyCheck(input: Self.strings) { Self.expectIdentity($0) }
    }

    @Test func substringHasTheEmptySubstringAsIdentity() async {
        #expect(Substring.empty.isEmpty)
        await propertyCheck(input: Self.strings.map { $0.dropFirst() }) { Self.expectIdentity($0) }
    }

    @Test func arrayHasTheEmptyArrayAsIdentity() async {
        await propertyCheck(input: Self.ints.array(of: 0...5)) { Self.expectIdentity($0) }
    }

    @Test func dictionaryHasTheEmptyDictionaryAsIdentity() async {
        let dictionaries = PropertyBased.zip(Gen.int(in: 0...4), Self.ints).dictionary(ofAtMost: 0...4)
        await propertyCheck(input: dictionaries) { Self.expectIdentity($0) }
    }

    @Test func setHasTheEmptySetAsIdentity() async {
        await propertyCheck(input: Gen.int(in: 0...9).set(ofAtMost: 0...5)) { Self.expectIdentity($0) }
    }

    @Test func optionalHasNilAsIdentity() async {
        #expect(String?.empty == nil)
        await propertyCheck(input: Self.strings.optional) { Self.expectIdentity($0) }
        await propertyCheck(input: Self.strings.map { Max($0) }.optional) { Self.expectIdentity($0) }
    }

    @Test func sumHasZeroAsIdentity() async {
        #expect(Sum<Int>.empty.value == 0)
        #expect(Sum<Double>.empty.value == 0)
        await propertyCheck(input: Self.ints.map { Sum($0) }) { Self.expectIdentity($0) }
    }

    @Test func productHasOneAsIdentity() async {
        #expect(Product<Int>.empty.value == 1)
        await propertyCheck(input: Self.ints.map { Product($0) }) { Self.expectIdentity($0) }
    }

    @Test func allHasTrueAsIdentity() async {
        #expect(All.empty.value == true)
        await propertyCheck(input: Gen.bool.map { All($0) }) { Self.expectIdentity($0) }
    }

    @Test func anyOfHasFalseAsIdentity() async {
        #expect(AnyOf.empty.value == false)
        await propertyCheck(input: Gen.bool.map { AnyOf($0) }) { Self.expectIdentity($0) }
    }

    @Test func minOfABoundedIntegerHasTheMaximumAsIdentity() async {
        #expect(Min<Int>.empty.value == .max)
        await propertyCheck(input: Gen.int().map { Min($0) }) { Self.expectIdentity($0) }
        await propertyCheck(input: Gen.uint8().map { Min($0) }) { Self.expectIdentity($0) }
    }

    @Test func maxOfABoundedIntegerHasTheMinimumAsIdentity() async {
        #expect(Max<Int8>.empty.value == -128)
        await propertyCheck(input: Gen.int().map { Max($0) }) { Self.expectIdentity($0) }
        await propertyCheck(input: Gen.int8().map { Max($0) }) { Self.expectIdentity($0) }
    }

    @Test func firstHasNilAsIdentity() async {
        #expect(First<Int>.empty.value == nil)
        await propertyCheck(input: Self.ints.optional(valueRate: 0.5).map { First($0) }) { Self.expectIdentity($0) }
    }

    @Test func lastHasNilAsIdentity() async {
        #expect(Last<Int>.empty.value == nil)
        await propertyCheck(input: Self.ints.optional(valueRate: 0.5).map { Last($0) }) { Self.expectIdentity($0) }
    }

    @Test func endoHasTheIdentityFunctionAsIdentityOnEveryInput() async {
        await propertyCheck(input: SemigroupLawTests.GeneratedEndo.generator, Self.ints) { generated, x in
            let endo = generated.endo
            #expect(Endo.empty(x) == x)
            #expect(Endo.combine(.empty, endo)(x) == endo(x))
            #expect(Endo.combine(endo, .empty)(x) == endo(x))
        }
    }

    @Test func concatFoldsFromEmptyInOrder() async {
        await propertyCheck(input: Self.strings.array(of: 0...5)) { strings in
            #expect(concat(strings) == strings.reduce("", +))
            let lengths = strings.map(\.count)
            let total: Sum<Int> = concat(lengths.map { Sum($0) })
            #expect(total.value == lengths.reduce(0) { $0 + $1 })
        }
        #expect(concat([] as [Set<Int>]) == [])
        #expect(concat(All(true), All(false)) == All(false))
    }
}
