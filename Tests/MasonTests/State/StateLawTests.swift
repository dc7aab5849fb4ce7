import Mason
import PropertyBased
import Testing

/// Functor, applicative and monad laws for `State`, checked by running both sides from generated
/// initial states and comparing the final state and the value.
@Suite struct StateLawTests {
    typealias Function = @Sendable (Int) -> Int
    typealias Composer = @Sendable (@escaping Function) -> @Sendable (@escaping Function) -> Function

    /// A computation that moves the state to `state + a` and returns `state * b`.
    static func state(_ a: Int, _ b: Int) -> State<Int, Int> { State { ($0 &+ a, $0 &* b) } }
    /// A computation that doubles the state plus `a` and returns the function `x * a + state`.
    static func functionState(_ a: Int) -> State<Int, Function> {
        State { stored in (stored &* 2 &+ a, { $0 &* a &+ stored }) }
    }
    /// A function `x * 3 + a`.
    static func function(_ a: Int) -> Function { { $0 &* 3 &+ a } }
    /// A state-returning function: moves the state to `state - x`, returns `state * a + x`.
    static func kleisli(_ a: Int) -> @Sendable (Int) -> State<Int, Int> {
        { value in State { ($0 &- value, $0 &* a &+ value) } }
    }

    // MARK: Functor

    @Test func mapWithIdentityChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, initial in
            let state = Self.state(a, b)
            #expect(state.map { $0 }.run(initial) == state.run(initial))
        }
    }

    @Test func mapOfACompositionIsTwoMaps() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, c, initial in
            let state = Self.state(a, c)
            let f = Self.function(c)
            let g = Self.function(a)
            #expect(state.map(f).map(g).run(initial) == state.map { g(f($0)) }.run(initial))
        }
    }

    // MARK: Applicative

    @Test func applyingPureIdentityChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, initial in
            let state = Self.state(a, b)
            let identity: Function = { $0 }
            #expect((State.pure(identity) <*> state).run(initial) == state.run(initial))
        }
    }

    @Test func applyingPureToPureIsPureOfTheApplication() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            c, x, initial in
            let f = Self.function(c)
            let lhs = State<Int, Function>.pure(f) <*> State.pure(x)
            #expect(lhs.run(initial) == State<Int, Int>.pure(f(x)).run(initial))
        }
    }

    @Test func applyingToPureIsInterchangeable() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, y, initial in
            let function = Self.functionState(a)
            let applyToY: @Sendable (@escaping Function) -> Int = { $0(y) }
            let lhs = function <*> State.pure(y)
            let rhs = State<Int, @Sendable (@escaping Function) -> Int>.pure(applyToY) <*> function
            #expect(lhs.run(initial) == rhs.run(initial))
        }
    }

    @Test func applyComposes() async {
        await propertyCheck(
            input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000),
            Gen.int(in: -1000...1000)
        ) { a, b, c, initial in
            let u = Self.functionState(a)
            let v = Self.functionState(b)
            let w = Self.state(c, a)
            let compose: Composer = { f in { g in { x in f(g(x)) } } }
            let lhs = State<Int, Composer>.pure(compose) <*> u <*> v <*> w
            let rhs = u <*> (v <*> w)
            #expect(lhs.run(initial) == rhs.run(initial))
        }
    }

    // MARK: Monad

    @Test func flatMapOfPureIsApplication() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, x, initial in
            let f = Self.kleisli(a)
            #expect((State.pure(x) >>- f).run(initial) == f(x).run(initial))
        }
    }

    @Test func flatMapWithPureChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, initial in
            let state = Self.state(a, b)
            #expect((state >>- { State.pure($0) }).run(initial) == state.run(initial))
        }
    }

    @Test func flatMapIsAssociative() async {
        await propertyCheck(
            input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000),
            Gen.int(in: -1000...1000)
        ) { a, b, c, initial in
            let state = Self.state(a, b)
            let f = Self.kleisli(b)
            let g = Self.kleisli(c)
            let lhs = (state >>- f) >>- g
            let rhs = state >>- { f($0) >>- g }
            #expect(lhs.run(initial) == rhs.run(initial))
        }
    }

    // MARK: Applicative agrees with monad

    @Test func applyIsFlatMapThenMap() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) {
            a, b, initial in
            let function = Self.functionState(a)
            let state = Self.state(b, a)
            let viaFlatMap = function.flatMap { f in state.map(f) }
            #expect((function <*> state).run(initial) == viaFlatMap.run(initial))
        }
    }

    @Test func zipIsNestedFlatMap() async {
        await propertyCheck(
            input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.int(in: -1000...1000),
            Gen.int(in: -1000...1000)
        ) { a, b, c, initial in
            let first = Self.state(a, b)
            let second = Self.state(b, c)
            let third = Self.state(c, a)
            let mix: @Sendable (Int, Int, Int) -> Int = { x, y, z in x &+ y &* 7 &+ z &* 49 }
            let zipped: State<Int, (Int, Int, Int)> = Mason.zip(first, second, third)
            let mixed = zipped.map { (values: (Int, Int, Int)) -> Int in mix(values.0, values.1, values.2) }
            let nested = first.flatMap { x in second.flatMap { y in third.map { z in mix(x, y, z) } } }
            #expect(mixed.run(initial) == nested.run(initial))
        }
    }
}
