import Mason
import PropertyBased
import Testing

/// Functor, applicative and monad laws for `Cont`, checked by running both sides with generated
/// final continuations. The generated computations call their continuation twice, so the laws also
/// cover order and multiplicity.
@Suite struct ContLawTests {
    typealias Function = @Sendable (Int) -> Int
    typealias Composer = @Sendable (@escaping Function) -> @Sendable (@escaping Function) -> Function

    /// Delivers `a`, then `b`.
    static func cont(_ a: Int, _ b: Int) -> Cont<Int, [Int]> {
        Cont { continuation in continuation(a) + continuation(b) }
    }
    /// Delivers `x + a`, then `x * a`.
    static func functionCont(_ a: Int) -> Cont<Function, [Int]> {
        Cont { continuation in continuation { $0 &+ a } + continuation { $0 &* a } }
    }
    /// A function `x * 3 + a`.
    static func function(_ a: Int) -> Function { { $0 &* 3 &+ a } }
    /// A cont-returning function: delivers `x * a`, then `x - a`.
    static func kleisli(_ a: Int) -> @Sendable (Int) -> Cont<Int, [Int]> {
        { value in Cont { continuation in continuation(value &* a) + continuation(value &- a) } }
    }
    /// A final continuation: `[x * c, x]`.
    static func finish(_ c: Int) -> @Sendable (Int) -> [Int] { { [$0 &* c, $0] } }

    // MARK: Functor

    @Test func mapWithIdentityChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, c in
            let cont = Self.cont(a, b)
            #expect(cont.map { $0 }.run(Self.finish(c)) == cont.run(Self.finish(c)))
        }
    }

    @Test func mapOfACompositionIsTwoMaps() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, c in
            let cont = Self.cont(a, b)
            let f = Self.function(c)
            let g = Self.function(a)
            #expect(cont.map(f).map(g).run(Self.finish(c)) == cont.map { g(f($0)) }.run(Self.finish(c)))
        }
    }

    // MARK: Applicative

    @Test func applyingPureIdentityChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, c in
            let cont = Self.cont(a, b)
            let identity: Function = { $0 }
            #expect((Cont.pure(identity) <*> cont).run(Self.finish(c)) == cont.run(Self.finish(c)))
        }
    }

    @Test func applyingPureToPureIsPureOfTheApplication() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, x, c in
            let f = Self.function(a)
            let lhs = Cont<Function, [Int]>.pure(f) <*> Cont.pure(x)
            #expect(lhs.run(Self.finish(c)) == Cont<Int, [Int]>.pure(f(x)).run(Self.finish(c)))
        }
    }

    @Test func applyingToPureIsInterchangeable() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, y, c in
            let function = Self.functionCont(a)
            let applyToY: @Sendable (@escaping Function) -> Int = { $0(y) }
            let lhs = function <*> Cont.pure(y)
            let rhs = Cont<@Sendable (@escaping Function) -> Int, [Int]>.pure(applyToY) <*> function
            #expect(lhs.run(Self.finish(c)) == rhs.run(Self.finish(c)))
        }
    }

    @Test func applyComposes() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, c in
            let u = Self.functionCont(a)
            let v = Self.functionCont(b)
            let w = Self.cont(c, a)
            let compose: Composer = { f in { g in { x in f(g(x)) } } }
            let lhs = Cont<Composer, [Int]>.pure(compose) <*> u <*> v <*> w
            let rhs = u <*> (v <*> w)
            #expect(lhs.run(Self.finish(c)) == rhs.run(Self.finish(c)))
        }
    }

    // MARK: Monad

    @Test func flatMapOfPureIsApplication() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, x, c in
            let f = Self.kleisli(a)
            #expect((Cont.pure(x) >>- f).run(Self.finish(c)) == f(x).run(Self.finish(c)))
        }
    }

    @Test func flatMapWithPureChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, c in
            let cont = Self.cont(a, b)
            #expect((cont >>- { Cont.pure($0) }).run(Self.finish(c)) == cont.run(Self.finish(c)))
        }
    }

    @Test func flatMapIsAssociative() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, c in
            let cont = Self.cont(a, b)
            let f = Self.kleisli(b)
            let g = Self.kleisli(c)
            let lhs = (cont >>- f) >>- g
            let rhs = cont >>- { f($0) >>- g }
            #expect(lhs.run(Self.finish(c)) == rhs.run(Self.finish(c)))
        }
    }

    // MARK: Applicative agrees with monad, zip agrees with apply

    @Test func applyIsFlatMapThenMap() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, c in
            let function = Self.functionCont(a)
            let cont = Self.cont(b, c)
            let viaFlatMap = function.flatMap { f in cont.map(f) }
            #expect((function <*> cont).run(Self.finish(c)) == viaFlatMap.run(Self.finish(c)))
        }
    }

    @Test func zipIsNestedFlatMap() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, c in
            let first = Self.cont(a, b)
            let second = Self.cont(b, c)
            let third = Self.cont(c, a)
            let zipped = Mason.zip(first, second, third).map { $0.0 &+ $0.1 &* 7 &+ $0.2 &* 49 }
            let nested = first.flatMap { x in second.flatMap { y in third.map { z in x &+ y &* 7 &+ z &* 49 } } }
            #expect(zipped.run(Self.finish(c)) == nested.run(Self.finish(c)))
        }
    }
}
