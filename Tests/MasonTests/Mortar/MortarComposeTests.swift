import Mason
import PropertyBased
import Testing

/// `f <<- g` for every pair of kinds: `g` runs only when `f` succeeds, and `f`'s failure passes through.
/// On 5: `triple` ×3 (plain), `double` ×2 (fallible), `addTwo` +2 (callback), `subtractThree` −3 (async).
@Suite struct MortarComposeTests {
    typealias F = MortarFixtures

    // MARK: plain first

    @Test func plainThenPlainIsPlain() {
        let f = F.triple <<- F.triple
        #expect(F.run(plain: f, 5) == .success(45))
    }

    @Test func plainThenFallibleIsFallible() {
        let succeeding = F.triple <<- F.double_s
        let failing = F.triple <<- F.double_f
        #expect(F.run(fallible: succeeding, 5) == .success(30))
        #expect(F.run(fallible: failing, 5) == .failure(.failed("double")))
    }

    @Test func plainThenCallbackIsCallback() async {
        let succeeding = F.triple <<- F.addTwo_s
        let failing = F.triple <<- F.addTwo_f
        #expect(await F.run(callback: succeeding, 5) == .success(17))
        #expect(await F.run(callback: failing, 5) == .failure(.failed("addTwo")))
    }

    @Test func plainThenAsyncIsAsync() async {
        let succeeding = F.triple <<- F.subtractThree_s
        let failing = F.triple <<- F.subtractThree_f
        #expect(await F.run(async: succeeding, 5) == .success(12))
        #expect(await F.run(async: failing, 5) == .failure(.failed("subtractThree")))
    }

    // MARK: fallible first

    @Test func fallibleThenPlainIsFallible() {
        let succeeding = F.double_s <<- F.triple
        let failing = F.double_f <<- F.triple_trap
        #expect(F.run(fallible: succeeding, 5) == .success(30))
        #expect(F.run(fallible: failing, 5) == .failure(.failed("double")))
    }

    @Test func fallibleThenFallibleIsFallible() {
        let succeeding = F.double_s <<- F.double_s
        let failingFirst = F.double_f <<- F.double_trap
        let second: @Sendable (Int) -> Result<Int, F.TestError> = { _ in .failure(.failed("second")) }
        let failingSecond = F.double_s <<- second
        #expect(F.run(fallible: succeeding, 5) == .success(20))
        #expect(F.run(fallible: failingFirst, 5) == .failure(.failed("double")))
        #expect(F.run(fallible: failingSecond, 5) == .failure(.failed("second")))
    }

    @Test func fallibleThenCallbackIsCallback() async {
        let succeeding = F.double_s <<- F.addTwo_s
        let failingFirst = F.double_f <<- F.addTwo_trap
        let failingSecond = F.double_s <<- F.addTwo_f
        #expect(await F.run(callback: succeeding, 5) == .success(12))
        #expect(await F.run(callback: failingFirst, 5) == .failure(.failed("double")))
        #expect(await F.run(callback: failingSecond, 5) == .failure(.failed("addTwo")))
    }

    @Test func fallibleThenAsyncIsAsync() async {
        let succeeding = F.double_s <<- F.subtractThree_s
        let failingFirst = F.double_f <<- F.subtractThree_trap
        let failingSecond = F.double_s <<- F.subtractThree_f
        #expect(await F.run(async: succeeding, 5) == .success(7))
        #expect(await F.run(async: failingFirst, 5) == .failure(.failed("double")))
        #expect(await F.run(async: failingSecond, 5) == .failure(.failed("subtractThree")))
    }

    // MARK: callback first

    @Test func callbackThenPlainIsCallback() async {
        let succeeding = F.addTwo_s <<- F.triple
        let failing = F.addTwo_f <<- F.triple_trap
        #expect(await F.run(callback: succeeding, 5) == .success(21))
        #expect(await F.run(callback: failing, 5) == .failure(.failed("addTwo")))
    }

    @Test func callbackThenFallibleIsCallback() async {
        let succeeding = F.addTwo_s <<- F.double_s
        let failingFirst = F.addTwo_f <<- F.double_trap
        let failingSecond = F.addTwo_s <<- F.double_f
        #expect(await F.run(callback: succeeding, 5) == .success(14))
        #expect(await F.run(callback: failingFirst, 5) == .failure(.failed("addTwo")))
        #expect(await F.run(callback: failingSecond, 5) == .failure(.failed("double")))
    }

    @Test func callbackThenCallbackIsCallback() async {
        let succeeding = F.addTwo_s <<- F.addTwo_s
        let failingFirst = F.addTwo_f <<- F.addTwo_trap
        let second: F.Callback = { _, completion in completion(.failure(.failed("second"))) }
        let failingSecond = F.addTwo_s <<- second
        #expect(await F.run(callback: succeeding, 5) == .success(9))
        #expect(await F.run(callback: failingFirst, 5) == .failure(.failed("addTwo")))
        #expect(await F.run(callback: failingSecond, 5) == .failure(.failed("second")))
    }

    @Test func callbackThenAsyncIsAsync() async {
        let succeeding = F.addTwo_s <<- F.subtractThree_s
        let failingFirst = F.addTwo_f <<- F.subtractThree_trap
        let failingSecond = F.addTwo_s <<- F.subtractThree_f
        #expect(await F.run(async: succeeding, 5) == .success(4))
        #expect(await F.run(async: failingFirst, 5) == .failure(.failed("addTwo")))
        #expect(await F.run(async: failingSecond, 5) == .failure(.failed("subtractThree")))
    }

    // MARK: async first

    @Test func asyncThenPlainIsAsync() async {
        let succeeding = F.subtractThree_s <<- F.triple
        let failing = F.subtractThree_f <<- F.triple_trap
        #expect(await F.run(async: succeeding, 5) == .success(6))
        #expect(await F.run(async: failing, 5) == .failure(.failed("subtractThree")))
    }

    @Test func asyncThenFallibleIsAsync() async {
        let succeeding = F.subtractThree_s <<- F.double_s
        let failingFirst = F.subtractThree_f <<- F.double_trap
        let failingSecond = F.subtractThree_s <<- F.double_f
        #expect(await F.run(async: succeeding, 5) == .success(4))
        #expect(await F.run(async: failingFirst, 5) == .failure(.failed("subtractThree")))
        #expect(await F.run(async: failingSecond, 5) == .failure(.failed("double")))
    }

    @Test func asyncThenCallbackIsAsync() async {
        let succeeding = F.subtractThree_s <<- F.addTwo_s
        let failingFirst = F.subtractThree_f <<- F.addTwo_trap
        let failingSecond = F.subtractThree_s <<- F.addTwo_f
        #expect(await F.run(async: succeeding, 5) == .success(4))
        #expect(await F.run(async: failingFirst, 5) == .failure(.failed("subtractThree")))
        #expect(await F.run(async: failingSecond, 5) == .failure(.failed("addTwo")))
    }

    @Test func asyncThenAsyncIsAsync() async {
        let succeeding = F.subtractThree_s <<- F.subtractThree_s
        let failingFirst = F.subtractThree_f <<- F.subtractThree_trap
        let failingSecond = F.subtractThree_s <<- { _ async throws(F.TestError) -> Int in throw .failed("second") }
        #expect(await F.run(async: succeeding, 5) == .success(-1))
        #expect(await F.run(async: failingFirst, 5) == .failure(.failed("subtractThree")))
        #expect(await F.run(async: failingSecond, 5) == .failure(.failed("second")))
    }

    // MARK: named twin, laws, chains

    @Test func composeThenIsTheNamedTwinOfTheOperator() async {
        let named = compose(F.double_s, then: F.addTwo_s)
        let spelled = F.double_s <<- F.addTwo_s
        #expect(await F.run(callback: named, 5) == F.run(callback: spelled, 5))
        #expect(await F.run(async: compose(F.triple, then: F.subtractThree_s), 5) == .success(12))
        #expect(F.run(plain: compose(F.triple, then: F.triple), 2) == .success(18))
    }

    @Test func compositionIsAssociative() async {
        let half: @Sendable (Int) -> Result<Int, F.TestError> = {
            $0.isMultiple(of: 2) ? .success($0 / 2) : .failure(.failed("odd"))
        }
        let left = (half <<- F.triple) <<- half
        let right = half <<- (F.triple <<- half)
        await propertyCheck(input: Gen.int(in: -1000...1000)) { n in
            #expect(left(n) == right(n))
        }
    }

    @Test func mixedChainsAreAssociative() async {
        let left = (F.double_s <<- F.addTwo_s) <<- F.subtractThree_s
        let right = F.double_s <<- (F.addTwo_s <<- F.subtractThree_s)
        await propertyCheck(input: Gen.int(in: -1000...1000)) { n in
            #expect(await F.run(async: left, n) == F.run(async: right, n))
            #expect(await F.run(async: left, n) == .success(n * 2 + 2 - 3))
        }
    }

    /// Long chains type-check faster in pieces (see MortarCompose.swift); the kinds still widen across them.
    @Test func aLongChainTakesTheWidestKind() async {
        let start = F.triple <<- F.double_s <<- F.addTwo_s
        let pipeline = start <<- F.triple <<- F.subtractThree_s <<- F.double_s
        #expect(await F.run(async: pipeline, 1) == .success(((1 * 3 * 2 + 2) * 3 - 3) * 2))
    }

    // MARK: the callback-to-async bridge

    @Test func aCallbackThatCompletesSynchronouslyBridgesWithoutDeadlock() async {
        let immediate: F.Callback = { input, completion in completion(.success(input + 1)) }
        let pipeline = immediate <<- F.subtractThree_s
        #expect(await F.run(async: pipeline, 5) == .success(3))
    }

    @Test func aCallbackCalledTwiceResumesTheBridgeOnce() async {
        let stuttering: F.Callback = { input, completion in
            completion(.success(input))
            completion(.success(input + 100))
        }
        let pipeline = stuttering <<- F.subtractThree_s
        #expect(await F.run(async: pipeline, 5) == .success(2))
    }

    @Test func aCancelledTaskWaitsForTheCallbackAndLaterStepsSeeTheCancellation() async {
        let parked = Locked<F.Completion?>(nil)
        let started = F.Log<Int>()
        let gate: F.Callback = { input, completion in
            parked.withLock { $0 = completion }
            started.record(input)
        }
        let sawCancellation = F.Log<Bool>()
        let observe: @Sendable (Int) async throws(F.TestError) -> Int = { input async throws(F.TestError) -> Int in
            sawCancellation.record(Task.isCancelled)
            return input
        }
        let pipeline = gate <<- observe
        let task = Task { await F.run(async: pipeline, 7) }
        while started.entries.isEmpty { await Task.yield() }
        task.cancel()
        parked.withLock { $0 }?(.success(8))
        #expect(await task.value == .success(8))
        #expect(sawCancellation.entries == [true])
    }
}
