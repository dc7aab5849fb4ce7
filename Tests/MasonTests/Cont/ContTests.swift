import Mason
import Testing

@Suite struct ContTests {
    /// Calls its continuation twice, with 1 and with 2, and concatenates the answers.
    static let oneAndTwo = Cont<Int, [String]> { continuation in continuation(1) + continuation(2) }

    static func safeDivide(_ a: Int, by b: Int) -> Cont<Int, String> {
        callCC { exit in
            (b == 0 ? exit(0) : .pure(b)).map { a / $0 }
        }
    }

    @Test func runPassesTheFinalContinuation() {
        #expect(Cont<Int, String>.pure(5).run { "five is \($0)" } == "five is 5")
        let twice = Cont<Int, [Int]> { continuation in continuation(1) + continuation(2) }
        #expect(twice.run { [$0 * 10] } == [10, 20])
    }

    @Test func isLazyAndRunsAgainOnEveryRun() {
        let calls = Locked(0)
        let counted = Cont<Int, Int> { continuation in
            calls.withLock { $0 += 1 }
            return continuation(1)
        }
        .map { $0 + 1 }
        #expect(calls.withLock { $0 } == 0)
        #expect(counted.run { $0 } == 2)
        #expect(counted.run { $0 * 10 } == 20)
        #expect(calls.withLock { $0 } == 2)
    }

    @Test func mapTransformsEveryDeliveredValue() {
        #expect(Cont<Int, String>.pure(4).map { $0 * $0 }.run { "\($0)" } == "16")
        #expect(Self.oneAndTwo.map { $0 * 10 }.run { ["\($0)"] } == ["10", "20"])
    }

    @Test func flatMapChainsForEveryDeliveredValue() {
        let both = Cont<Int, [Int]> { continuation in continuation(1) + continuation(2) }
        let chained = both.flatMap { n in Cont { continuation in continuation(n) + continuation(n * 10) } }
        #expect(chained.run { [$0] } == [1, 10, 2, 20])
    }

    @Test func callCCExitSkipsTheRestOfTheBody() {
        #expect(Self.safeDivide(10, by: 2).run { "\($0)" } == "5")
        #expect(Self.safeDivide(10, by: 0).run { "\($0)" } == "0")
    }

    @Test func callCCExitWorksInsideAChainOfAnotherType() {
        let reached = Locked(false)
        let program: Cont<String, String> = callCC { exit in
            Cont<Int, String>.pure(3)
                .flatMap { n in n > 2 ? exit("too big: \(n)") : .pure(n) }
                .map { n in
                    reached.withLock { $0 = true }
                    return "small: \(n)"
                }
        }
        #expect(program.run { $0 } == "too big: 3")
        #expect(reached.withLock { $0 } == false)
    }

    @Test func zipDeliversEveryCombinationInOrder() {
        let letters = Cont<String, [String]> { continuation in continuation("a") + continuation("b") }
        let zipped = Mason.zip(Self.oneAndTwo, letters)
        #expect(zipped.run { ["\($0.0)\($0.1)"] } == ["1a", "1b", "2a", "2b"])
    }

    @Test func zipOfFiveKeepsEachValueAndItsType() {
        let zipped = Mason.zip(
            Cont<Int, String>.pure(1), .pure("two"), .pure(3.0), .pure(true), .pure([5])
        )
        #expect(zipped.run { "\($0.0) \($0.1) \($0.2) \($0.3) \($0.4)" } == "1 two 3.0 true [5]")
    }

    @Test func zipNeverDeliversWhenOneComputationNeverCalls() {
        let never = Cont<Int, [String]> { _ in ["stopped"] }
        let answer = Mason.zip(Self.oneAndTwo, never).run { ["\($0)"] }
        #expect(answer == ["stopped", "stopped"])
    }

    @Test func zipWithCombinesTheValues() {
        let sums = Mason.zip(with: +, Self.oneAndTwo, Self.oneAndTwo.map { $0 * 10 })
        #expect(sums.run { ["\($0)"] } == ["11", "21", "12", "22"])
    }

    @Test func applyRunsTheFunctionComputationFirst() {
        let functions = Cont<@Sendable (Int) -> Int, [String]> { continuation in
            continuation { $0 + 100 } + continuation { $0 * 100 }
        }
        #expect(apply(functions, Self.oneAndTwo).run { ["\($0)"] } == ["101", "102", "100", "200"])
        #expect((functions <*> Self.oneAndTwo).run { ["\($0)"] } == ["101", "102", "100", "200"])
    }

    @Test func operatorsForwardToTheNamedFunctions() {
        #expect((Cont<Int, String>.pure(4) <&> { $0 * $0 }).run { "\($0)" } == "16")
        #expect((Cont<Int, String>.pure(2) >>- { n in .pure(n * 21) }).run { "\($0)" } == "42")

        let lift: @Sendable (Int) -> Cont<Int, String> = { n in Cont { $0(n + 1) } }
        #expect((lift <&> { $0 * 2 })(20).run { "\($0)" } == "42")
        #expect(compose(lift, mapping: { $0 * 2 })(20).run { "\($0)" } == "42")
        #expect((lift >=> lift)(40).run { "\($0)" } == "42")
        #expect(compose(lift, flatMapping: lift)(40).run { "\($0)" } == "42")
    }

    @Test func curriedFunctionAppliesWithoutParentheses() {
        let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
        #expect((Cont<Int, String>.pure(1) <&> add <*> .pure(2)).run { "\($0)" } == "3")
    }

    @Test func aContCrossesIntoATask() async {
        let cont = Self.oneAndTwo
        let result = await Task { cont.run { ["\($0)"] } }.value
        #expect(result == ["1", "2"])
    }
}
