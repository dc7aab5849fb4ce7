import Mason
import PropertyBased
import Testing

/// Functor, applicative and monad laws for `Deferred`, comparing deferreds by awaiting their values.
/// (Values are awaited into constants first: `#expect(await …)` around closures crashes Swift 6.3.1.)
@Suite struct DeferredLawTests {
    private let numbers = Gen.int(in: -1_000...1_000)

    @Test func functorIdentity() async {
        await propertyCheck(input: numbers) { n in
            let mapped = await Deferred.pure(n).map { $0 }.value
            #expect(mapped == n)
        }
    }

    @Test func functorComposition() async {
        await propertyCheck(input: numbers, numbers) { n, k in
            let f: @Sendable (Int) -> Int = { $0 &+ k }
            let g: @Sendable (Int) -> String = { "\($0)" }
            let twice = await Deferred.pure(n).map(f).map(g).value
            let once = await Deferred.pure(n).map { g(f($0)) }.value
            #expect(twice == once)
        }
    }

    @Test func applicativeIdentity() async {
        await propertyCheck(input: numbers) { n in
            let identity: @Sendable (Int) -> Int = { $0 }
            let applied = await (Deferred.pure(identity) <*> Deferred.pure(n)).value
            #expect(applied == n)
        }
    }

    @Test func applicativeHomomorphism() async {
        await propertyCheck(input: numbers, numbers) { n, k in
            let f: @Sendable (Int) -> Int = { $0 &* k }
            let applied = await (Deferred.pure(f) <*> Deferred.pure(n)).value
            #expect(applied == f(n))
        }
    }

    @Test func applicativeInterchange() async {
        await propertyCheck(input: numbers, numbers) { n, k in
            let f: @Sendable (Int) -> Int = { $0 &- k }
            let applyToN: @Sendable (@Sendable (Int) -> Int) -> Int = { $0(n) }
            let left = await (Deferred.pure(f) <*> Deferred.pure(n)).value
            let right = await (Deferred.pure(applyToN) <*> Deferred.pure(f)).value
            #expect(left == right)
        }
    }

    @Test func applicativeComposition() async {
        await propertyCheck(input: numbers, numbers) { n, k in
            typealias Function = @Sendable (Int) -> Int
            let f: Function = { $0 &+ k }
            let g: Function = { $0 &* 3 }
            let composeFunctions: @Sendable (@escaping Function) -> @Sendable (@escaping Function) -> Function = { f in
                { g in { f(g($0)) } }
            }
            let left = await
                (Deferred.pure(composeFunctions) <*> Deferred.pure(f) <*> Deferred.pure(g) <*> Deferred.pure(n)).value
            let right = await (Deferred.pure(f) <*> (Deferred.pure(g) <*> Deferred.pure(n))).value
            #expect(left == right)
        }
    }

    @Test func monadLeftIdentity() async {
        await propertyCheck(input: numbers) { n in
            let f: @Sendable (Int) -> Deferred<String> = { x in Deferred { "\(x)" } }
            let bound = await Deferred.pure(n).flatMap(f).value
            let applied = await f(n).value
            #expect(bound == applied)
        }
    }

    @Test func monadRightIdentity() async {
        await propertyCheck(input: numbers) { n in
            let bound = await Deferred.pure(n).flatMap(Deferred.pure).value
            #expect(bound == n)
        }
    }

    @Test func monadAssociativity() async {
        await propertyCheck(input: numbers, numbers) { n, k in
            let f: @Sendable (Int) -> Deferred<Int> = { x in Deferred { x &+ k } }
            let g: @Sendable (Int) -> Deferred<String> = { x in Deferred { "\(x)" } }
            let left = await Deferred.pure(n).flatMap(f).flatMap(g).value
            let right = await Deferred.pure(n).flatMap { f($0).flatMap(g) }.value
            #expect(left == right)
        }
    }
}
