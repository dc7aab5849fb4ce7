import Mason
import PropertyBased
import Testing

/// Functor, applicative and monad laws for `Result`, over generated values and functions.
@Suite struct ResultLawTests {
    struct Failure: Error, Equatable {
        var reason: String
    }

    typealias F = Result<Int, Failure>
    typealias Function = @Sendable (Int) -> Int

    static let values = Gen.int(in: -1000...1000)

    static func result(_ value: Int, _ isSuccess: Bool) -> F {
        isSuccess ? .success(value) : .failure(Failure(reason: "failure \(value)"))
    }

    static func wrapped(_ factor: Int, _ isSuccess: Bool) -> Result<Function, Failure> {
        isSuccess ? .success { $0 &* factor } : .failure(Failure(reason: "function \(factor)"))
    }

    static func half(_ value: Int) -> F {
        value.isMultiple(of: 2) ? .success(value / 2) : .failure(Failure(reason: "odd \(value)"))
    }

    static func above(_ threshold: Int) -> @Sendable (Int) -> F {
        { $0 > threshold ? .success($0 &- threshold) : .failure(Failure(reason: "\($0) ≤ \(threshold)")) }
    }

    static let composeCurried: @Sendable (@escaping Function) -> @Sendable (@escaping Function) -> Function = { f in
        { g in { x in f(g(x)) } }
    }

    // MARK: Functor

    @Test func mapPreservesIdentity() async {
        await propertyCheck(input: Self.values, Gen.bool) { value, isSuccess in
            let m = Self.result(value, isSuccess)
            #expect((m <&> { $0 }) == m)
        }
    }

    @Test func mapPreservesComposition() async {
        await propertyCheck(input: Self.values, Gen.bool, Self.values, Self.values) { value, isSuccess, a, b in
            let m = Self.result(value, isSuccess)
            let f: Function = { $0 &* a }
            let g: Function = { $0 &+ b }
            let mappedTwice = m <&> f <&> g
            let mappedOnce = m <&> (f >>> g)
            #expect(mappedTwice == mappedOnce)
        }
    }

    // MARK: Applicative

    @Test func applyPreservesIdentity() async {
        await propertyCheck(input: Self.values, Gen.bool) { value, isSuccess in
            let v = Self.result(value, isSuccess)
            let identity: Result<Function, Failure> = .pure { $0 }
            #expect((identity <*> v) == v)
        }
    }

    @Test func applyIsAHomomorphism() async {
        await propertyCheck(input: Self.values, Self.values) { x, a in
            let f: Function = { $0 &- a }
            let lhs = Result<Function, Failure>.pure(f) <*> .pure(x)
            #expect(lhs == F.pure(f(x)))
        }
    }

    @Test func applySatisfiesInterchange() async {
        await propertyCheck(input: Self.values, Gen.bool, Self.values) { a, isSuccess, y in
            let u = Self.wrapped(a, isSuccess)
            let applyToY: @Sendable (@escaping Function) -> Int = { $0(y) }
            let lhs: F = u <*> .pure(y)
            let rhs: F = Result<@Sendable (@escaping Function) -> Int, Failure>.pure(applyToY) <*> u
            #expect(lhs == rhs)
        }
    }

    @Test func applySatisfiesComposition() async {
        await propertyCheck(input: Self.values, Gen.bool, Self.values, Gen.bool, Self.values, Gen.bool) {
            a, uIsSuccess, b, vIsSuccess, x, wIsSuccess in
            let u = Self.wrapped(a, uIsSuccess)
            let v = Self.wrapped(b, vIsSuccess)
            let w = Self.result(x, wIsSuccess)
            let composed: Result<Function, Failure> = .pure(Self.composeCurried) <*> u <*> v
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
        await propertyCheck(input: Self.values, Gen.bool) { value, isSuccess in
            let m = Self.result(value, isSuccess)
            #expect((m >>- F.pure) == m)
        }
    }

    @Test func bindIsAssociative() async {
        await propertyCheck(input: Self.values, Gen.bool, Self.values) { value, isSuccess, threshold in
            let m = Self.result(value, isSuccess)
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
