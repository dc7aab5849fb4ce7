import Mason
import PropertyBased
import Testing

/// Functor, applicative and monad laws for `Changeable`, compared with `==` (value and flag).
@Suite struct ChangeableLawTests {
    typealias Function = @Sendable (Int) -> Int
    typealias Composer = @Sendable (@escaping Function) -> @Sendable (@escaping Function) -> Function

    /// A function `x * 3 + a`.
    static func function(_ a: Int) -> Function { { $0 &* 3 &+ a } }
    /// A changeable-returning function: `x * a`, changed when `changes`.
    static func kleisli(_ a: Int, _ changes: Bool) -> @Sendable (Int) -> Changeable<Int> {
        { Changeable($0 &* a, hasChanges: changes) }
    }

    // MARK: Functor

    @Test func mapWithIdentityChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.bool) { value, changed in
            let changeable = Changeable(value, hasChanges: changed)
            #expect(changeable.map { $0 } == changeable)
        }
    }

    @Test func mapOfACompositionIsTwoMaps() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.bool) {
            value, c, changed in
            let changeable = Changeable(value, hasChanges: changed)
            let f = Self.function(c)
            let g = Self.function(value)
            #expect(changeable.map(f).map(g) == changeable.map { g(f($0)) })
        }
    }

    // MARK: Applicative

    @Test func applyingPureIdentityChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.bool) { value, changed in
            let changeable = Changeable(value, hasChanges: changed)
            let identity: Function = { $0 }
            #expect((Changeable.pure(identity) <*> changeable) == changeable)
        }
    }

    @Test func applyingPureToPureIsPureOfTheApplication() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) { c, x in
            let f = Self.function(c)
            #expect((Changeable.pure(f) <*> Changeable.pure(x)) == Changeable.pure(f(x)))
        }
    }

    @Test func applyingToPureIsInterchangeable() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.bool) { a, y, changed in
            let function = Changeable(Self.function(a), hasChanges: changed)
            let applyToY: @Sendable (@escaping Function) -> Int = { $0(y) }
            #expect((function <*> Changeable.pure(y)) == (Changeable.pure(applyToY) <*> function))
        }
    }

    @Test func applyComposes() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.bool, Gen.bool, Gen.bool) {
            a, b, uChanged, vChanged, wChanged in
            let u = Changeable(Self.function(a), hasChanges: uChanged)
            let v = Changeable(Self.function(b), hasChanges: vChanged)
            let w = Changeable(a &- b, hasChanges: wChanged)
            let compose: Composer = { f in { g in { x in f(g(x)) } } }
            let lhs = Changeable.pure(compose) <*> u <*> v <*> w
            let rhs = u <*> (v <*> w)
            #expect(lhs == rhs)
        }
    }

    // MARK: Monad

    @Test func flatMapOfPureIsApplication() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.bool) { a, x, changes in
            let f = Self.kleisli(a, changes)
            #expect((Changeable.pure(x) >>- f) == f(x))
        }
    }

    @Test func flatMapWithPureChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.bool) { value, changed in
            let changeable = Changeable(value, hasChanges: changed)
            #expect((changeable >>- { Changeable.pure($0) }) == changeable)
        }
    }

    @Test func flatMapIsAssociative() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.bool, Gen.bool, Gen.bool) {
            a, b, changed, fChanges, gChanges in
            let changeable = Changeable(a, hasChanges: changed)
            let f = Self.kleisli(b, fChanges)
            let g = Self.kleisli(a, gChanges)
            #expect(((changeable >>- f) >>- g) == (changeable >>- { f($0) >>- g }))
        }
    }

    // MARK: Applicative agrees with monad; writes never forget a change

    @Test func applyIsFlatMapThenMap() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.bool, Gen.bool) {
            a, b, functionChanged, valueChanged in
            let function = Changeable(Self.function(a), hasChanges: functionChanged)
            let changeable = Changeable(b, hasChanges: valueChanged)
            #expect((function <*> changeable) == function.flatMap { f in changeable.map(f) })
        }
    }

    @Test func writeMarksAChangeExactlyWhenTheFieldChangesOrAlreadyChanged() async {
        await propertyCheck(input: Gen.int(in: -3...3), Gen.int(in: -3...3), Gen.bool) { old, new, changed in
            let written = Changeable(old, hasChanges: changed).write(new, at: \.self)
            #expect(written == Changeable(new, hasChanges: changed || old != new))
        }
    }
}
