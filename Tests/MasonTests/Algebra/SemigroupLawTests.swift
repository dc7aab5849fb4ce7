import Mason
import PropertyBased
import Testing

/// Associativity, `(a <> b) <> c == a <> (b <> c)`, for every semigroup Mason provides.
@Suite struct SemigroupLawTests {
    private static let strings = Gen.letterOrNumber.string(of: 0...6)
    private static let ints = Gen.int(in: -1000...1000)

    private static func expectAssociative<Value: Semigroup & Equatable>(
        _ a: Value, _ b: Value, _ c: Value, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let grouped = Value.combine(Value.combine(a, b), c)
        #expect(grouped == Value.combine(a, Value.combine(b, c)), sourceLocation: sourceLocation)
        #expect(((a <> b) <> c) == (a <> (b <> c)), sourceLocation: sourceLocation)
    }

    @Test func stringIsAssociative() async {
        await propertyCheck(input: Self.strings, Self.strings, Self.strings) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func substringIsAssociative() async {
        let substrings = Self.strings.map { $0.dropFirst() }
        await propertyCheck(input: substrings, substrings, substrings) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func arrayIsAssociative() async {
        let arrays = Self.ints.array(of: 0...5)
        await propertyCheck(input: arrays, arrays, arrays) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func dictionaryMergeIsAssociative() async {
        // Few keys, so that the dictionaries overlap and the right bias matters.
        let dictionaries = PropertyBased.zip(Gen.int(in: 0...4), Self.ints).dictionary(ofAtMost: 0...4)
        await propertyCheck(input: dictionaries, dictionaries, dictionaries) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func setUnionIsAssociative() async {
        let sets = Gen.int(in: 0...9).set(ofAtMost: 0...5)
        await propertyCheck(input: sets, sets, sets) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func optionalOfSemigroupIsAssociative() async {
        let optionals = Self.strings.optional
        await propertyCheck(input: optionals, optionals, optionals) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func optionalOfPlainSemigroupIsAssociative() async {
        let optionals = Self.strings.map { Min($0) }.optional
        await propertyCheck(input: optionals, optionals, optionals) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func sumIsAssociative() async {
        let sums = Self.ints.map { Sum($0) }
        await propertyCheck(input: sums, sums, sums) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func productIsAssociative() async {
        let products = Self.ints.map { Product($0) }
        await propertyCheck(input: products, products, products) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func allIsAssociative() async {
        let values = Gen.bool.map { All($0) }
        await propertyCheck(input: values, values, values) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func anyOfIsAssociative() async {
        let values = Gen.bool.map { AnyOf($0) }
        await propertyCheck(input: values, values, values) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func minIsAssociative() async {
        let ints = Gen.int(in: -5...5).map { Min($0) }
        let strings = Self.strings.map { Min($0) }
        await propertyCheck(input: ints, ints, ints) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
        await propertyCheck(input: strings, strings, strings) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func maxIsAssociative() async {
        let ints = Gen.int(in: -5...5).map { Max($0) }
        let strings = Self.strings.map { Max($0) }
        await propertyCheck(input: ints, ints, ints) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
        await propertyCheck(input: strings, strings, strings) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func firstIsAssociative() async {
        let values = Self.ints.optional(valueRate: 0.5).map { First($0) }
        await propertyCheck(input: values, values, values) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func lastIsAssociative() async {
        let values = Self.ints.optional(valueRate: 0.5).map { Last($0) }
        await propertyCheck(input: values, values, values) { a, b, c in
            Self.expectAssociative(a, b, c)
        }
    }

    @Test func endoIsAssociativeOnEveryInput() async {
        let endos = GeneratedEndo.generator
        await propertyCheck(input: endos, endos, endos, Self.ints) { a, b, c, x in
            let (f, g, h) = (a.endo, b.endo, c.endo)
            #expect(Endo.combine(Endo.combine(f, g), h)(x) == Endo.combine(f, Endo.combine(g, h))(x))
            #expect(((f <> g) <> h)(x) == (f <> (g <> h))(x))
        }
    }
}

extension SemigroupLawTests {
    /// A generated endofunction on `Int` with a description, so that a failing case can be read (shared with
    /// `MonoidLawTests` and `FunctionSemigroupTests`).
    struct GeneratedEndo: Sendable, CustomStringConvertible {
        let kind: Int
        let constant: Int

        static let generator = PropertyBased.zip(Gen.int(in: 0...3), Gen.int(in: -5...5)).map {
            GeneratedEndo(kind: $0, constant: $1)
        }

        var endo: Endo<Int> {
            let constant = constant
            return switch kind {
            case 0: Endo { $0 + constant }
            case 1: Endo { $0 * constant }
            case 2: Endo { constant - $0 }
            default: Endo { $0 % 7 * constant }
            }
        }

        var description: String {
            switch kind {
            case 0: "x + \(constant)"
            case 1: "x * \(constant)"
            case 2: "\(constant) - x"
            default: "x % 7 * \(constant)"
            }
        }
    }
}
