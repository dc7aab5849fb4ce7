import Mason
import Testing

/// `f -< sideEffect` runs the side effect on success only and passes the value on unchanged.
@Suite struct MortarTapTests {
    typealias F = MortarFixtures

    @Test func tapOnPlainSeesEveryValue() {
        let seen = F.Log<Int>()
        let f = F.triple -< { seen.record($0) }
        #expect(F.run(plain: f, 5) == .success(15))
        #expect(seen.entries == [15])
    }

    @Test func tapOnFallibleSeesSuccessesOnly() {
        let seen = F.Log<Int>()
        let log: @Sendable (Int) -> Void = { seen.record($0) }
        #expect(F.run(fallible: F.double_s -< log, 5) == .success(10))
        #expect(F.run(fallible: F.double_f -< log, 5) == .failure(.failed("double")))
        #expect(seen.entries == [10])
    }

    @Test func tapOnCallbackSeesSuccessesOnly() async {
        let seen = F.Log<Int>()
        let log: @Sendable (Int) -> Void = { seen.record($0) }
        #expect(await F.run(callback: F.addTwo_s -< log, 5) == .success(7))
        #expect(await F.run(callback: F.addTwo_f -< log, 5) == .failure(.failed("addTwo")))
        #expect(seen.entries == [7])
    }

    @Test func tapOnAsyncSeesSuccessesOnly() async {
        let seen = F.Log<Int>()
        let log: @Sendable (Int) -> Void = { seen.record($0) }
        #expect(await F.run(async: F.subtractThree_s -< log, 5) == .success(2))
        #expect(await F.run(async: F.subtractThree_f -< log, 5) == .failure(.failed("subtractThree")))
        #expect(seen.entries == [2])
    }

    @Test func tapIsTheNamedTwinOfTheOperator() {
        let seen = F.Log<Int>()
        let f = tap(F.double_s) { seen.record($0) }
        #expect(F.run(fallible: f, 4) == .success(8))
        #expect(seen.entries == [8])
    }

    /// Mortar's precedence test: `-<` binds tighter than `<->`, so the tap belongs to the failing side.
    @Test func tapBindsTighterThanFallbackSoAFailingLeftSideNeverLogs() async {
        let seen = F.Log<Int>()
        let log: @Sendable (Int) -> Void = { seen.record($0) }
        let unparenthesised = F.addTwo_f -< log <-> F.subtractThree_s
        let parenthesised = (F.addTwo_f -< log) <-> F.subtractThree_s
        #expect(await F.run(async: unparenthesised, 5) == .success(2))
        #expect(await F.run(async: parenthesised, 5) == .success(2))
        #expect(seen.entries.isEmpty)
    }

    @Test func tapOnTheSucceedingLeftSideOfAFallbackLogsItsValue() async {
        let seen = F.Log<Int>()
        let log: @Sendable (Int) -> Void = { seen.record($0) }
        let f = F.addTwo_s -< log <-> F.subtractThree_trap
        #expect(await F.run(async: f, 5) == .success(7))
        #expect(seen.entries == [7])
    }

    @Test func tapBindsTighterThanComposition() {
        let seen = F.Log<Int>()
        let log: @Sendable (Int) -> Void = { seen.record($0) }
        let f = F.double_s -< log <<- F.triple
        #expect(F.run(fallible: f, 5) == .success(30))
        #expect(seen.entries == [10])
    }
}
