import Mason
import Testing

@Suite struct StateTests {
    /// Returns the counter and increments it.
    static let next = State<Int, Int> { counter in (counter + 1, counter) }

    @Test func runReturnsTheFinalStateAndTheValue() {
        let result = State<Int, String> { ($0 * 2, "was \($0)") }.run(21)
        #expect(result.state == 42)
        #expect(result.value == "was 21")
        let (state, value) = State<Int, String> { ($0 * 2, "was \($0)") }.run(state: 21)
        #expect(state == 42)
        #expect(value == "was 21")
    }

    @Test func execKeepsTheStateAndEvalKeepsTheValue() {
        let doubling = State<Int, String> { ($0 * 2, "was \($0)") }
        #expect(doubling.exec(21) == 42)
        #expect(doubling.exec(state: 21) == 42)
        #expect(doubling.eval(21) == "was 21")
        #expect(doubling.eval(state: 21) == "was 21")
    }

    @Test func isLazyAndStartsAgainOnEveryRun() {
        let calls = Locked(0)
        let counted = State<Int, Int> { stored in
            calls.withLock { $0 += 1 }
            return (stored + 1, stored)
        }
        #expect(calls.withLock { $0 } == 0)
        #expect(counted.run(0) == (1, 0))
        #expect(counted.run(0) == (1, 0))
        #expect(calls.withLock { $0 } == 2)
    }

    @Test func mapTransformsTheValueAndKeepsTheStateChange() {
        let result = Self.next.map { "ticket \($0)" }.run(7)
        #expect(result.state == 8)
        #expect(result.value == "ticket 7")
    }

    @Test func flatMapThreadsTheStateIntoTheNextComputation() {
        let twice = Self.next.flatMap { first in Self.next.map { second in [first, second] } }
        #expect(twice.run(10) == (12, [10, 11]))
    }

    @Test func getPutAndModifyReadAndWriteTheState() {
        #expect(State<Int, Int>.get.run(4) == (4, 4))
        #expect(State.put(10).exec(4) == 10)
        #expect(State.modify { (count: Int) in count + 1 }.exec(4) == 5)

        let program = State<Int, Int>.get
            .flatMap { old in State.put(old * 10).map { old } }
            .flatMap { old in State.modify { $0 + 1 }.map { old } }
        #expect(program.run(3) == (31, 3))
    }

    @Test func pureAndInitialLeaveTheStateUnchanged() {
        #expect(State<Int, String>.pure("hi").run(3) == (3, "hi"))
        #expect(State<Int, String>(initial: "hi").run(3) == (3, "hi"))
    }

    @Test func zipThreadsTheStateLeftToRight() {
        let label = State<Int, String> { ($0 * 10, "at \($0)") }
        let result = Mason.zip(Self.next, Self.next, label).run(1)
        #expect(result.state == 30)
        #expect(result.value.0 == 1)
        #expect(result.value.1 == 2)
        #expect(result.value.2 == "at 3")
    }

    @Test func zipOfSixThreadsTheStateThroughEveryComputation() {
        let next = Self.next
        let result = Mason.zip(next, next, next, next, next, next).run(0)
        #expect(result.state == 6)
        let values = result.value
        #expect([values.0, values.1, values.2, values.3, values.4, values.5] == [0, 1, 2, 3, 4, 5])
    }

    @Test func zipWithCombinesTheValuesInOrder() {
        #expect(Mason.zip(with: { $0 * 100 + $1 }, Self.next, Self.next).run(3) == (5, 304))
    }

    @Test func applyKeepsTheFunctionsStateChangeAndRunsItFirst() {
        let tick = State<Int, @Sendable (Int) -> Int> { count in (count + 1, { $0 * 10 }) }
        let read = State<Int, Int> { count in (count, count) }
        #expect(apply(tick, read).run(1) == (2, 20))
        #expect((tick <*> read).run(1) == (2, 20))

        let log = State<[String], @Sendable (Int) -> Int> { ($0 + ["function"], { $0 + 1 }) }
        let value = State<[String], Int> { ($0 + ["value"], 41) }
        #expect((log <*> value).run([]) == (["function", "value"], 42))
    }

    @Test func operatorsForwardToTheNamedFunctions() {
        #expect((Self.next <&> { $0 * 2 }).run(5) == (6, 10))
        #expect((Self.next >>- { first in Self.next <&> { first + $0 } }).run(5) == (7, 11))

        let add: @Sendable (Int) -> State<Int, Int> = { amount in State { ($0 + amount, $0) } }
        #expect((add <&> { "was \($0)" })(5).run(1) == (6, "was 1"))
        #expect(compose(add, mapping: { "was \($0)" })(5).run(1) == (6, "was 1"))
        #expect((add >=> add)(5).run(1) == (7, 6))
        #expect(compose(add, flatMapping: add)(5).run(1) == (7, 6))
    }

    @Test func curriedFunctionAppliesWithoutParentheses() {
        let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
        #expect((Self.next <&> add <*> Self.next).run(1) == (3, 3))
    }

    @Test func aStateCrossesIntoATask() async {
        let next = Self.next
        let result = await Task { next.exec(41) }.value
        #expect(result == 42)
    }

    @Test func aLoopWrittenAsRecursionThroughFlatMapRunsAMillionLevelsThreadingTheState() {
        // Each level adds its number to the state and recurses: the levels run as steps of one loop,
        // not nested, so the thread's stack does not grow with them.
        @Sendable func sumDown(_ n: Int) -> State<Int, Int> {
            State { total in (total + n, n) }.flatMap { $0 == 0 ? .pure(0) : sumDown($0 - 1) }
        }
        #expect(sumDown(1_000_000).run(0) == (500_000_500_000, 0))
        #expect(sumDown(3).map { $0 + 1 }.run(10) == (16, 1))
    }

    // Before the fix the run ended and freeing the chain overflowed the stack: each program was
    // freed from inside the release of the one that captured it.
    @Test func aRightNestedChainOfAHundredThousandRunsAndIsFreed() {
        var chain = State<Int, Void>.pure(())
        for _ in 0..<100_000 {
            let rest = chain
            chain = State<Int, Void>.modify { $0 + 1 }.flatMap { _ in rest }
        }
        #expect(chain.exec(0) == 100_000)
        chain = .pure(())
        #expect(chain.exec(0) == 0)
    }

    @Test func stepsAfterAFlatMapSeeTheStateItLeft() {
        let counted = Self.next.flatMap { first in Self.next.map { first * 10 + $0 } }.map { $0 + 1 }
        #expect(counted.run(1) == (3, 13))
        #expect(counted.run(1) == (3, 13), "each run starts from the state it is given")
    }
}
