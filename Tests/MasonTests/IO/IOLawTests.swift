import Mason
import PropertyBased
import Testing

/// Functor, applicative and monad laws for `IO`, comparing effects by running them.
@Suite struct IOLawTests {
    private let numbers = Gen.int(in: -1_000...1_000)

    @Test func functorIdentity() async {
        await propertyCheck(input: numbers) { n in
            #expect(IO.pure(n).map { $0 }.unsafeRun() == IO.pure(n).unsafeRun())
        }
    }

    @Test func functorComposition() async {
        await propertyCheck(input: numbers, numbers) { n, k in
            let f: @Sendable (Int) -> Int = { $0 &+ k }
            let g: @Sendable (Int) -> String = { "\($0)" }
            #expect(IO.pure(n).map(f).map(g).unsafeRun() == IO.pure(n).map { g(f($0)) }.unsafeRun())
        }
    }

    @Test func applicativeIdentity() async {
        await propertyCheck(input: numbers) { n in
            let identity: @Sendable (Int) -> Int = { $0 }
            #expect((IO.pure(identity) <*> IO.pure(n)).unsafeRun() == n)
        }
    }

    @Test func applicativeHomomorphism() async {
        await propertyCheck(input: numbers, numbers) { n, k in
            let f: @Sendable (Int) -> Int = { $0 &* k }
            #expect((IO.pure(f) <*> IO.pure(n)).unsafeRun() == IO.pure(f(n)).unsafeRun())
        }
    }

    @Test func applicativeInterchange() async {
        await propertyCheck(input: numbers, numbers) { n, k in
            let f: @Sendable (Int) -> Int = { $0 &- k }
            let applyToN: @Sendable (@Sendable (Int) -> Int) -> Int = { $0(n) }
            #expect((IO.pure(f) <*> IO.pure(n)).unsafeRun() == (IO.pure(applyToN) <*> IO.pure(f)).unsafeRun())
        }
    }

    @Test func applicativeComposition() async {
        await propertyCheck(input: numbers, numbers) { n, k in
            let f: @Sendable (Int) -> Int = { $0 &+ k }
            let g: @Sendable (Int) -> Int = { $0 &* 3 }
            let composeFunctions:
                @Sendable (@escaping @Sendable (Int) -> Int) ->
                    @Sendable (@escaping @Sendable (Int) -> Int) -> @Sendable (Int) -> Int = { f in
                        { g in { f(g($0)) } }
                    }
            let left = IO.pure(composeFunctions) <*> IO.pure(f) <*> IO.pure(g) <*> IO.pure(n)
            let right = IO.pure(f) <*> (IO.pure(g) <*> IO.pure(n))
            #expect(left.unsafeRun() == right.unsafeRun())
        }
    }

    @Test func applicativeCompositionKeepsTheOrderOfEffects() async {
        await propertyCheck(input: numbers, numbers) { n, k in
            let log = Locked<[String]>([])
            func logged<Logged: Sendable>(_ name: String, _ value: Logged) -> IO<Logged> {
                IO {
                    log.withLock { $0.append(name) }
                    return value
                }
            }
            let f: @Sendable (Int) -> Int = { $0 &+ k }
            let g: @Sendable (Int) -> Int = { $0 &* 3 }
            let composeFunctions:
                @Sendable (@escaping @Sendable (Int) -> Int) ->
                    @Sendable (@escaping @Sendable (Int) -> Int) -> @Sendable (Int) -> Int = { f in
                        { g in { f(g($0)) } }
                    }
            let u: IO<@Sendable (Int) -> Int> = logged("u", f)
            let v: IO<@Sendable (Int) -> Int> = logged("v", g)
            let w: IO<Int> = logged("w", n)
            let left = IO.pure(composeFunctions) <*> u <*> v <*> w
            let right = u <*> (v <*> w)
            #expect(left.unsafeRun() == right.unsafeRun())
            #expect(log.withLock { $0 } == ["u", "v", "w", "u", "v", "w"])
        }
    }

    @Test func monadLeftIdentity() async {
        await propertyCheck(input: numbers) { n in
            let f: @Sendable (Int) -> IO<String> = { x in IO { "\(x)" } }
            #expect(IO.pure(n).flatMap(f).unsafeRun() == f(n).unsafeRun())
        }
    }

    @Test func monadRightIdentity() async {
        await propertyCheck(input: numbers) { n in
            #expect(IO.pure(n).flatMap(IO.pure).unsafeRun() == n)
        }
    }

    @Test func monadAssociativity() async {
        await propertyCheck(input: numbers, numbers) { n, k in
            let f: @Sendable (Int) -> IO<Int> = { x in IO { x &+ k } }
            let g: @Sendable (Int) -> IO<String> = { x in IO { "\(x)" } }
            #expect(IO.pure(n).flatMap(f).flatMap(g).unsafeRun() == IO.pure(n).flatMap { f($0).flatMap(g) }.unsafeRun())
        }
    }
}
