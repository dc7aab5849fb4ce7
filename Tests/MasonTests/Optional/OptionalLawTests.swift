import Mason
import PropertyBased
import Testing

/// Functor, applicative and monad laws for `Optional`, over generated values and functions.
@Suite struct OptionalLawTests {
    typealias F = Int?
    typealias Function = @Sendable (Int) -> Int

    static let values = Gen.int(in: -1000...1000)

    static func optional(_ value: Int, _ isSome: Bool) -> F {
        isSome ? value : nil
    }

    static func wrapped(_ factor: Int, _ isSome: Bool) -> Function? {
        guard isSome else { return nil }
        return { $0 &* factor }
    }

    static func half(_ value: Int) -> F {
        value.isMultiple(of: 2) ? value / 2 : nil
    }

    static func above(_ threshold: Int) -> @Sendable (Int) -> F {
        { $0 > threshold ? $0 &- threshold : nil }
    }

    static let composeCurried: @Sendable (@escaping Function) -> @Sendable (@escaping Function) -> Function = { f in
        { g in { x in f(g(x)) } }
    }

    // MARK: Functor

    @Test func mapPreservesIdentity() async {
        await propertyCheck(input: Self.values, Gen.bool) { value, isSome in
            let m = Self.optional(value, isSome)
            #expect((m <&> { $0 }) == m)
        }
    }

    @Test func mapPreservesComposition() async {
        await propertyCheck(input: Self.values, Gen.bool, Self.values, Self.values) { value, isSome, a, b in
            let m = Self.optional(value, isSome)
            let f: Function = { $0 &* a }
            let g: Function = { $0 &+ b }
            let mappedTwice = m <&> f <&> g
            let mappedOnce = m <&> (f >>> g)
            #expect(mappedTwice == mappedOnce)
        }
    }

    // MARK: Applicative

    @Test func applyPreservesIdentity() async {
        await propertyCheck(input: Self.values, Gen.bool) { value, isSome in
            let v = Self.optional(value, isSome)
            let identity: Function? = .pure { $0 }
            #expect((identity <*> v) == v)
        }
    }

    @Test func applyIsAHomomorphism() async {
        await propertyCheck(input: Self.values, Self.values) { x, a in
            let f: Function = { $0 &- a }
            let lhs = Function?.pure(f) <*> F.pure(x)
            #expect(lhs == F.pure(f(x)))
        }
    }

    @Test func applySatisfiesInterchange() async {
        await propertyCheck(input: Self.values, Gen.bool, Self.values) { a, isSome, y in
            let u = Self.wrapped(a, isSome)
            let applyToY: @Sendable (@escaping Function) -> Int = { $0(y) }
            let lhs: F = u <*> F.pure(y)
            let rhs: F = Optional.pure(applyToY) <*> u
            #expect(lhs == rhs)
        }
    }

    @Test func applySatisfiesComposition() async {
        await propertyCheck(input: Self.values, Gen.bool, Self.values, Gen.bool, Self.values, Gen.bool) {
            a, uIsSome, b, vIsSome, x, wIsSome in
            let u = Self.wrapped(a, uIsSome)
            let v = Self.wrapped(b, vIsSome)
            let w = Self.optional(x, wIsSome)
            let composed: Function? = Optional.pure(Self.composeCurried) <*> u <*> v
            let lhs: F = composed <*> w
            let rhs: F = u <*> (v <*> w)
            #expect(lhs == rhs)
        }
    }

    // MARK: Monad

    @Test func bindHasLeftIdentity() async {
        await propertyCheck(input: Self.values) { a in
            #expect((F.pure(a) >>- Self.half) == Self.half(a))
        }
    }

    @Test func bindHasRightIdentity() async {
        await propertyCheck(input: Self.values, Gen.bool) { value, isSome in
            let m = Self.optional(value, isSome)
            #expect((m >>- F.pure) == m)
        }
    }

    @Test func bindIsAssociative() async {
        await propertyCheck(input: Self.values, Gen.bool, Self.values) { value, isSome, threshold in
            let m = Self.optional(value, isSome)
            let k = Self.half
            let h = Self.above(threshold)
            #expect((m >>- k >>- h) == (m >>- { k($0) >>- h }))
        }
    }

    @Test func kleisliCompositionIsAssociativeWithPureAsIdentity() async {
        await propertyCheck(input: Self.values, Self.values) { value, threshold in
            let pure: @Sendable (Int) -> F = { .pure($0) }
            let half: @Sendable (Int) -> F = { Self.half($0) }
            let above = Self.above(threshold)
            #expect((pure >=> half)(value) == half(value))
            #expect((half >=> pure)(value) == half(value))
            let leftNested = (half >=> above) >=> half
            let rightNested = half >=> (above >=> half)
            #expect(leftNested(value) == rightNested(value))
        }
    }
}
