import Mason
import Testing

/// Emitters (zero-argument sources) start pipelines: `emitter <<- f`, `emitter <-> emitter`, `emitter -< log`.
/// The emitters give 5; then `triple` 15, `double` 10, `addTwo` 7, `subtractThree` 2.
@Suite struct MortarEmittersTests {
    typealias F = MortarFixtures

    static let nine: @Sendable () -> Int = { 9 }
    static let readNine: @Sendable () -> Result<Int, F.TestError> = { .success(9) }
    static let loadNine: @Sendable (@escaping F.Completion) -> Void = { completion in
        Task.detached { completion(.success(9)) }
    }
    static let fetchNine: @Sendable () async throws(F.TestError) -> Int = { () async throws(F.TestError) -> Int in 9 }

    // MARK: emitter <<- function

    @Test func plainEmitterTakesTheKindOfTheFunction() async {
        let plain: @Sendable () -> Int = F.five <<- F.triple
        let fallible: @Sendable () -> Result<Int, F.TestError> = F.five <<- F.double_f
        #expect(plain() == 15)
        #expect(fallible() == .failure(.failed("double")))
        #expect(await F.run(callbackEmitter: F.five <<- F.addTwo_s) == .success(7))
        #expect(await F.run(asyncEmitter: F.five <<- F.subtractThree_s) == .success(2))
    }

    @Test func fallibleEmitterComposesOnlyOnSuccess() async {
        let plain = F.readFive_s <<- F.triple
        let fallible = F.readFive_s <<- F.double_s
        let failing = F.readFive_f <<- F.double_trap
        #expect(plain() == .success(15))
        #expect(fallible() == .success(10))
        #expect(failing() == .failure(.failed("readFive")))
        #expect(await F.run(callbackEmitter: F.readFive_s <<- F.addTwo_s) == .success(7))
        #expect(await F.run(callbackEmitter: F.readFive_f <<- F.addTwo_trap) == .failure(.failed("readFive")))
        #expect(await F.run(asyncEmitter: F.readFive_s <<- F.subtractThree_s) == .success(2))
        #expect(await F.run(asyncEmitter: F.readFive_f <<- F.subtractThree_trap) == .failure(.failed("readFive")))
    }

    @Test func callbackEmitterComposesOnlyOnSuccess() async {
        #expect(await F.run(callbackEmitter: F.loadFive_s <<- F.triple) == .success(15))
        #expect(await F.run(callbackEmitter: F.loadFive_f <<- F.triple_trap) == .failure(.failed("loadFive")))
        #expect(await F.run(callbackEmitter: F.loadFive_s <<- F.double_s) == .success(10))
        #expect(await F.run(callbackEmitter: F.loadFive_f <<- F.double_trap) == .failure(.failed("loadFive")))
        #expect(await F.run(callbackEmitter: F.loadFive_s <<- F.addTwo_s) == .success(7))
        #expect(await F.run(callbackEmitter: F.loadFive_f <<- F.addTwo_trap) == .failure(.failed("loadFive")))
        #expect(await F.run(asyncEmitter: F.loadFive_s <<- F.subtractThree_s) == .success(2))
        #expect(await F.run(asyncEmitter: F.loadFive_f <<- F.subtractThree_trap) == .failure(.failed("loadFive")))
    }

    @Test func asyncEmitterStaysAsync() async {
        #expect(await F.run(asyncEmitter: F.fetchFive_s <<- F.triple) == .success(15))
        #expect(await F.run(asyncEmitter: F.fetchFive_f <<- F.triple_trap) == .failure(.failed("fetchFive")))
        #expect(await F.run(asyncEmitter: F.fetchFive_s <<- F.double_s) == .success(10))
        #expect(await F.run(asyncEmitter: F.fetchFive_s <<- F.double_f) == .failure(.failed("double")))
        #expect(await F.run(asyncEmitter: F.fetchFive_s <<- F.addTwo_s) == .success(7))
        #expect(await F.run(asyncEmitter: F.fetchFive_f <<- F.addTwo_trap) == .failure(.failed("fetchFive")))
        #expect(await F.run(asyncEmitter: F.fetchFive_s <<- F.subtractThree_s) == .success(2))
        #expect(await F.run(asyncEmitter: F.fetchFive_f <<- F.subtractThree_trap) == .failure(.failed("fetchFive")))
    }

    @Test func composeThenStartsAPipelineFromAnEmitter() {
        let f = compose(F.readFive_s, then: F.triple)
        #expect(f() == .success(15))
    }

    // MARK: emitter <-> emitter

    @Test func fallibleEmitterFallsBackToAnyKind() async {
        let toPlain = F.readFive_f <-> Self.nine
        let toFallible = F.readFive_f <-> Self.readNine
        #expect(toPlain() == .success(9))
        #expect(toFallible() == .success(9))
        #expect((F.readFive_s <-> Self.readNine)() == .success(5))
        #expect(await F.run(callbackEmitter: F.readFive_f <-> Self.loadNine) == .success(9))
        #expect(await F.run(asyncEmitter: F.readFive_f <-> Self.fetchNine) == .success(9))
    }

    @Test func callbackEmitterFallsBackToAnyKind() async {
        #expect(await F.run(callbackEmitter: F.loadFive_f <-> Self.nine) == .success(9))
        #expect(await F.run(callbackEmitter: F.loadFive_f <-> Self.readNine) == .success(9))
        #expect(await F.run(callbackEmitter: F.loadFive_f <-> Self.loadNine) == .success(9))
        #expect(await F.run(callbackEmitter: F.loadFive_s <-> Self.loadNine) == .success(5))
        #expect(await F.run(asyncEmitter: F.loadFive_f <-> Self.fetchNine) == .success(9))
    }

    @Test func asyncEmitterFallsBackToAnyKind() async {
        #expect(await F.run(asyncEmitter: F.fetchFive_f <-> Self.nine) == .success(9))
        #expect(await F.run(asyncEmitter: F.fetchFive_f <-> Self.readNine) == .success(9))
        #expect(await F.run(asyncEmitter: F.fetchFive_f <-> Self.loadNine) == .success(9))
        #expect(await F.run(asyncEmitter: F.fetchFive_f <-> Self.fetchNine) == .success(9))
        #expect(await F.run(asyncEmitter: F.fetchFive_s <-> Self.fetchNine) == .success(5))
        #expect(await F.run(asyncEmitter: F.fetchFive_f <-> F.fetchFive_f) == .failure(.failed("fetchFive")))
    }

    // MARK: emitter -< side effect

    @Test func tapOnEmittersSeesSuccessesOnly() async {
        let seen = F.Log<Int>()
        let log: @Sendable (Int) -> Void = { seen.record($0) }
        #expect((F.five -< log)() == 5)
        #expect((F.readFive_f -< log)() == .failure(.failed("readFive")))
        #expect(await F.run(callbackEmitter: F.loadFive_s -< log) == .success(5))
        #expect(await F.run(callbackEmitter: F.loadFive_f -< log) == .failure(.failed("loadFive")))
        #expect(await F.run(asyncEmitter: F.fetchFive_s -< log) == .success(5))
        #expect(await F.run(asyncEmitter: F.fetchFive_f -< log) == .failure(.failed("fetchFive")))
        #expect(seen.entries == [5, 5, 5])
    }
}
