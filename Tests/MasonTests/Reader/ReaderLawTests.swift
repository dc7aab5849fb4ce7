import Mason
import PropertyBased
import Testing

/// Functor, applicative and monad laws for `Reader`, checked by running both sides with generated
/// environments.
@Suite struct ReaderLawTests {
    typealias Function = @Sendable (Int) -> Int
    typealias Composer = @Sendable (@escaping Function) -> @Sendable (@escaping Function) -> Function

    /// A reader of `environment * a + b`.
    static func reader(_ a: Int, _ b: Int) -> Reader<Int, Int> { Reader { $0 &* a &+ b } }
    /// A reader of the function `x * a + environment`.
    static func functionReader(_ a: Int) -> Reader<Int, Function> {
        Reader { environment in { $0 &* a &+ environment } }
    }
    /// A function `x * 3 + a`.
    static func function(_ a: Int) -> Function { { $0 &* 3 &+ a } }
    /// A reader-returning function: `environment * a + x`.
    static func kleisli(_ a: Int) -> @Sendable (Int) -> Reader<Int, Int> { { value in Reader { $0 &* a &+ value } } }

    // MARK: Functor

    @Test func mapWithIdentityChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, environment in
            let reader = Self.reader(a, b)
            #expect(reader.map { $0 }.run(environment) == reader.run(environment))
        }
    }

    @Test func mapOfACompositionIsTwoMaps() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, c, environment in
            let reader = Self.reader(a, 1)
            let f = Self.function(c)
            let g = Self.function(a)
            #expect(reader.map(f).map(g).run(environment) == reader.map { g(f($0)) }.run(environment))
        }
    }

    // MARK: Applicative

    @Test func applyingPureIdentityChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, environment in
            let reader = Self.reader(a, b)
            let identity: Function = { $0 }
            #expect((Reader.pure(identity) <*> reader).run(environment) == reader.run(environment))
        }
    }

    @Test func applyingPureToPureIsPureOfTheApplication() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            c, x, environment in
            let f = Self.function(c)
            let lhs = Reader<Int, Function>.pure(f) <*> Reader.pure(x)
            #expect(lhs.run(environment) == Reader<Int, Int>.pure(f(x)).run(environment))
        }
    }

    @Test func applyingToPureIsInterchangeable() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, y, environment in
            let function = Self.functionReader(a)
            let applyToY: @Sendable (@escaping Function) -> Int = { $0(y) }
            let lhs = function <*> Reader.pure(y)
            let rhs = Reader<Int, @Sendable (@escaping Function) -> Int>.pure(applyToY) <*> function
            #expect(lhs.run(environment) == rhs.run(environment))
        }
    }

    @Test func applyComposes() async {
        await propertyCheck(
            input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000),
            Gen.int(in: -1000...1000)
        ) { a, b, c, environment in
            let u = Self.functionReader(a)
            let v = Self.functionReader(b)
            let w = Self.reader(c, a)
            let compose: Composer = { f in { g in { x in f(g(x)) } } }
            let lhs = Reader<Int, Composer>.pure(compose) <*> u <*> v <*> w
            let rhs = u <*> (v <*> w)
            #expect(lhs.run(environment) == rhs.run(environment))
        }
    }

    // MARK: Monad

    @Test func flatMapOfPureIsApplication() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, x, environment in
            let f = Self.kleisli(a)
            #expect((Reader.pure(x) >>- f).run(environment) == f(x).run(environment))
        }
    }

    @Test func flatMapWithPureChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, environment in
            let reader = Self.reader(a, b)
            #expect((reader >>- { Reader.pure($0) }).run(environment) == reader.run(environment))
        }
    }

    @Test func flatMapIsAssociative() async {
        await propertyCheck(
            input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000),
            Gen.int(in: -1000...1000)
        ) { a, b, c, environment in
            let reader = Self.reader(a, b)
            let f = Self.kleisli(b)
            let g = Self.kleisli(c)
            let lhs = (reader >>- f) >>- g
            let rhs = reader >>- { f($0) >>- g }
            #expect(lhs.run(environment) == rhs.run(environment))
        }
    }

    // MARK: Applicative agrees with monad

    @Test func applyIsFlatMapThenMap() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, environment in
            let function = Self.functionReader(a)
            let reader = Self.reader(b, a)
            let viaFlatMap = function.flatMap { f in reader.map(f) }
            #expect((function <*> reader).run(environment) == viaFlatMap.run(environment))
        }
    }
}
