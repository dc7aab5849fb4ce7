import Mason
import PropertyBased
import Testing

/// Functor, applicative and monad laws for `Future`, comparing futures by awaiting their results.
///
/// Each generated future is either already resolved or resolved later from another task, so the laws
/// hold on both paths of `observe`; rejections are checked too.
@Suite struct FutureLawTests {
    enum LawFailure: Error, Equatable { case failed(Int) }

    private let numbers = Gen.int(in: -1_000...1_000)

    /// A future of `value`: resolved now, or resolved by another task when `later` is true.
    private static func future<Value: Sendable>(_ value: Value, later: Bool) -> Future<Value> {
        guard later else { return Future(value: value) }
        let promise = Promise<Value>()
        Task { promise.resolve(with: value) }
        return promise
    }

    /// What a future resolves with, as an `Equatable` result.
    private static func outcome<Value: Sendable>(_ future: Future<Value>) async -> Result<Value, LawFailure> {
        do {
            return .success(try await future.value)
        } catch {
            return .failure(error as? LawFailure ?? .failed(.min))
        }
    }

    @Test func functorIdentity() async {
        await propertyCheck(input: numbers, Gen.bool) { n, later in
            let mapped = await Self.outcome(Self.future(n, later: later).map { $0 })
            #expect(mapped == .success(n))
        }
    }

    @Test func functorComposition() async {
        await propertyCheck(input: numbers, numbers, Gen.bool) { n, k, later in
            let f: @Sendable (Int) -> Int = { $0 &+ k }
            let g: @Sendable (Int) -> String = { "\($0)" }
            let future = Self.future(n, later: later)
            let left = await Self.outcome(future.map(f).map(g))
            let right = await Self.outcome(future.map { g(f($0)) })
            #expect(left == right)
        }
    }

    @Test func applicativeIdentity() async {
        await propertyCheck(input: numbers, Gen.bool) { n, later in
            let identity: @Sendable (Int) -> Int = { $0 }
            let applied = await Self.outcome(Future.pure(identity) <*> Self.future(n, later: later))
            #expect(applied == .success(n))
        }
    }

    @Test func applicativeHomomorphism() async {
        await propertyCheck(input: numbers, numbers) { n, k in
            let f: @Sendable (Int) -> Int = { $0 &* k }
            let left = await Self.outcome(Future.pure(f) <*> Future.pure(n))
            let right = await Self.outcome(Future.pure(f(n)))
            #expect(left == right)
        }
    }

    @Test func applicativeInterchange() async {
        await propertyCheck(input: numbers, numbers, Gen.bool) { n, k, later in
            let f: @Sendable (Int) -> Int = { $0 &- k }
            let function = Self.future(f, later: later)
            let applyToN: @Sendable (@Sendable (Int) -> Int) -> Int = { $0(n) }
            let left = await Self.outcome(function <*> Future.pure(n))
            let right = await Self.outcome(Future.pure(applyToN) <*> function)
            #expect(left == right)
        }
    }

    @Test func applicativeComposition() async {
        await propertyCheck(input: numbers, numbers, Gen.bool) { n, k, later in
            let f: @Sendable (Int) -> Int = { $0 &+ k }
            let g: @Sendable (Int) -> Int = { $0 &* 3 }
            let composeFunctions:
                @Sendable (@escaping @Sendable (Int) -> Int) ->
                    @Sendable (@escaping @Sendable (Int) -> Int) -> @Sendable (Int) -> Int = { f in
                        { g in { f(g($0)) } }
                    }
            let u = Self.future(f, later: later)
            let v = Self.future(g, later: !later)
            let w = Self.future(n, later: later)
            let left = await Self.outcome(Future.pure(composeFunctions) <*> u <*> v <*> w)
            let right = await Self.outcome(u <*> (v <*> w))
            #expect(left == right)
        }
    }

    @Test func monadLeftIdentity() async {
        await propertyCheck(input: numbers, Gen.bool) { n, later in
            let f: @Sendable (Int) -> Future<String> = { x in Self.future("\(x)", later: later) }
            let left = await Self.outcome(Future.pure(n).flatMap(f))
            let right = await Self.outcome(f(n))
            #expect(left == right)
        }
    }

    @Test func monadRightIdentity() async {
        await propertyCheck(input: numbers, Gen.bool) { n, later in
            let future = Self.future(n, later: later)
            let left = await Self.outcome(future.flatMap(Future.pure))
            let right = await Self.outcome(future)
            #expect(left == right)
        }
    }

    @Test func monadAssociativity() async {
        await propertyCheck(input: numbers, numbers, Gen.bool) { n, k, later in
            let f: @Sendable (Int) -> Future<Int> = { x in Self.future(x &+ k, later: later) }
            let g: @Sendable (Int) -> Future<String> = { x in Self.future("\(x)", later: !later) }
            let future = Self.future(n, later: later)
            let left = await Self.outcome(future.flatMap(f).flatMap(g))
            let right = await Self.outcome(future.flatMap { f($0).flatMap(g) })
            #expect(left == right)
        }
    }

    @Test func rejectionsPassThroughMapFlatMapAndApply() async {
        await propertyCheck(input: numbers) { n in
            let rejected = Future<Int>(error: LawFailure.failed(n))
            let identity: @Sendable (Int) -> Int = { $0 }
            let mapped = await Self.outcome(rejected.map { $0 + 1 })
            let bound = await Self.outcome(rejected.flatMap { Future.pure($0 + 1) })
            let applied = await Self.outcome(Future.pure(identity) <*> rejected)
            #expect(mapped == .failure(.failed(n)))
            #expect(bound == .failure(.failed(n)))
            #expect(applied == .failure(.failed(n)))
        }
    }
}
