import Mason
import PropertyBased
import Testing

/// Functor, applicative and monad laws for `Either`, over generated values and functions.
@Suite struct EitherLawTests {
    typealias F = Either<String, Int>
    typealias Function = @Sendable (Int) -> Int

    static let values = Gen.int(in: -1000...1000)

    static func either(_ value: Int, _ isRight: Bool) -> F {
        isRight ? .right(value) : .left("left \(value)")
    }

    static func wrapped(_ factor: Int, _ isRight: Bool) -> Either<String, Function> {
        isRight ? .right { $0 &* factor } : .left("function \(factor)")
    }

    /// A monadic function that fails for odd numbers.
    static func half(_ value: Int) -> F {
        value.isMultiple(of: 2) ? .right(value / 2) : .left("odd \(value)")
    }

    /// A monadic function that fails below a threshold.
    static func above(_ threshold: Int) -> @Sendable (Int) -> F {
        { $0 > threshold ? .right($0 &- threshold) : .left("\($0) ≤ \(threshold)") }
    }

    static let composeCurried: @Sendable (@escaping Function) -> @Sendable (@escaping Function) -> Function = { f in
        { g in { x in f(g(x)) } }
    }

    // MARK: Functor

    @Test func mapPreservesIdentity() async {
        await propertyCheck(input: Self.values, Gen.bool) { value, isRight in
            let m = Self.either(value, isRight)
            #expect(m.map { $0 } == m)
            #expect((m <&> { $0 }) == m)
        }
    }

    @Test func mapPreservesComposition() async {
        await propertyCheck(input: Self.values, Gen.bool, Self.values, Self.values) { value, isRight, a, b in
            let m = Self.either(value, isRight)
            let f: Function = { $0 &* a }
            let g: Function = { $0 &+ b }
            #expect(m.map(f).map(g) == m.map { g(f($0)) })
            let mappedTwice = m <&> f <&> g
            let mappedOnce = m <&> (f >>> g)
            #expect(mappedTwice == mappedOnce)
        }
    }

    // MARK: Applicative

    @Test func applyPreservesIdentity() async {
        await propertyCheck(input: Self.values, Gen.bool) { value, isRight in
            let v = Self.either(value, isRight)
            let identity: Either<String, Function> = .pure { $0 }
            #expect((identity <*> v) == v)
        }
    }

    @Test func applyIsAHomomorphism() async {
        await propertyCheck(input: Self.values, Self.values) { x, a in
            let f: Function = { $0 &- a }
            let lhs = Either<String, Function>.pure(f) <*> .pure(x)
            #expect(lhs == F.pure(f(x)))
        }
    }

    @Test func applySatisfiesInterchange() async {
        await propertyCheck(input: Self.values, Gen.bool, Self.values) { a, isRight, y in
            let u = Self.wrapped(a, isRight)
            let applyToY: @Sendable (@escaping Function) -> Int = { $0(y) }
            let lhs: F = u <*> .pure(y)
            let rhs: F = Either<String, @Sendable (@escaping Function) -> Int>.pure(applyToY) <*> u
            #expect(lhs == rhs)
        }
    }

    @Test func applySatisfiesComposition() async {
        await propertyCheck(input: Self.values, Gen.bool, Self.values, Gen.bool, Self.values, Gen.bool) {
            a, uIsRight, b, vIsRight, x, wIsRight in
            let u = Self.wrapped(a, uIsRight)
            let v = Self.wrapped(b, vIsRight)
            let w = Self.either(x, wIsRight)
            let composed: Either<String, Function> = .pure(Self.composeCurried) <*> u <*> v
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
        await propertyCheck(input: Self.values, Gen.bool) { value, isRight in
            let m = Self.either(value, isRight)
            #expect((m >>- F.pure) == m)
        }
    }

    @Test func bindIsAssociative() async {
        await propertyCheck(input: Self.values, Gen.bool, Self.values) { value, isRight, threshold in
            let m = Self.either(value, isRight)
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
