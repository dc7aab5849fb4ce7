import Mason
import Testing

@Suite struct ReaderTests {
    struct Config: Sendable {
        var host: String
        var port: Int
    }

    static let config = Config(host: "example.com", port: 443)

    @Test func runCallsTheFunctionWithTheEnvironment() {
        let address = Reader<Config, String> { "\($0.host):\($0.port)" }
        #expect(address.run(Self.config) == "example.com:443")
    }

    @Test func applyWithAnEnvironmentIsFunswiftsNameForRun() {
        let doubled = Reader<Int, String> { String($0 * 2) }
        #expect(doubled.apply(21) == "42")
        #expect(doubled.apply(21) == doubled.run(21))
    }

    @Test func isLazyAndRunsAgainOnEveryRun() {
        let calls = Locked(0)
        let counted = Reader<Int, Int> { environment in
            calls.withLock { $0 += 1 }
            return environment
        }
        .map { $0 + 1 }
        #expect(calls.withLock { $0 } == 0)
        #expect(counted.run(1) == 2)
        #expect(counted.run(2) == 3)
        #expect(calls.withLock { $0 } == 2)
    }

    @Test func mapTransformsTheOutput() {
        let length = Reader<String, Int> { $0.count }
        #expect(length.map { $0 * 10 }.run("mason") == 50)
    }

    @Test func contraMapAndLocalAdaptTheEnvironment() {
        let greeting = Reader<String, String> { "Hello, " + $0 }
        let fromConfig: Reader<Config, String> = greeting.contraMap { $0.host }
        #expect(fromConfig.run(Self.config) == "Hello, example.com")
        let port = Reader<Int, String> { "port \($0)" }
        #expect(port.local { $0 + 1 }.run(8079) == "port 8080")
    }

    @Test func flatMapGivesBothReadersTheSameEnvironment() {
        let base = Reader<Int, Int> { $0 + 1 }
        let chained = base.flatMap { output in Reader<Int, String> { "\(output) of \($0)" } }
        #expect(chained.run(9) == "10 of 9")
    }

    @Test func askReturnsTheEnvironment() {
        #expect(Reader<Int, Int>.ask.run(7) == 7)
        #expect(Reader<Config, Config>.ask.map(\.port).run(Self.config) == 443)
    }

    @Test func pureIgnoresTheEnvironment() {
        #expect(Reader<String, Int>.pure(42).run("ignored") == 42)
    }

    @Test func zipGivesEveryReaderTheSameEnvironment() {
        let host = Reader<Config, String> { $0.host }
        let port = Reader<Config, Int> { $0.port }
        let secure = Reader<Config, Bool> { $0.port == 443 }
        let zipped = Mason.zip(host, port, secure).run(Self.config)
        #expect(zipped.0 == "example.com")
        #expect(zipped.1 == 443)
        #expect(zipped.2 == true)
    }

    @Test func zipOfSevenKeepsEveryOutputInOrder() {
        let plus = { (offset: Int) in Reader<Int, Int> { $0 + offset } }
        let zipped = Mason.zip(plus(0), plus(1), plus(2), plus(3), plus(4), plus(5), Reader<Int, String> { "\($0)" })
        let result = zipped.run(10)
        #expect([result.0, result.1, result.2, result.3, result.4, result.5] == [10, 11, 12, 13, 14, 15])
        #expect(result.6 == "10")
    }

    @Test func zipRunsTheReadersLeftToRight() {
        let order = Locked<[String]>([])
        let first = Reader<Int, Int> { environment in
            order.withLock { $0.append("first") }; return environment
        }
        let second = Reader<Int, Int> { environment in
            order.withLock { $0.append("second") }; return environment
        }
        _ = Mason.zip(first, second).run(0)
        #expect(order.withLock { $0 } == ["first", "second"])
    }

    @Test func zipWithCombinesTheOutputs() {
        let host = Reader<Config, String> { $0.host }
        let port = Reader<Config, Int> { $0.port }
        let address = Mason.zip(with: { "\($0):\($1)" }, host, port)
        #expect(address.run(Self.config) == "example.com:443")
    }

    @Test func applyAppliesTheFunctionReaderToTheValueReader() {
        let scale = Reader<Int, @Sendable (Int) -> Int> { factor in { $0 * factor } }
        let offset = Reader<Int, Int> { $0 + 1 }
        #expect(apply(scale, offset).run(3) == 12)
        #expect((scale <*> offset).run(3) == 12)
    }

    @Test func mapAndBindOperatorsForwardToMapAndFlatMap() {
        let length = Reader<String, Int> { $0.count }
        #expect((length <&> { $0 * 2 }).run("abc") == 6)
        let chained = Reader<Int, Int> { $0 + 1 } >>- { output in Reader { output * $0 } }
        #expect(chained.run(4) == 20)
    }

    @Test func functionOperatorsForwardToCompose() {
        let lookup: @Sendable (String) -> Reader<[String: Int], Int> = { key in Reader { $0[key] ?? 0 } }
        let double: @Sendable (Int) -> Int = { $0 * 2 }
        #expect((lookup <&> double)("a").run(["a": 21]) == 42)
        #expect(compose(lookup, mapping: double)("a").run(["a": 21]) == 42)

        let scaled: @Sendable (Int) -> Reader<Int, Int> = { value in Reader { value * $0 } }
        let shifted: @Sendable (Int) -> Reader<Int, Int> = { value in Reader { value + $0 } }
        #expect((scaled >=> shifted)(5).run(3) == 18)
        #expect(compose(scaled, flatMapping: shifted)(5).run(3) == 18)
    }

    @Test func curriedFunctionAppliesWithoutParentheses() {
        let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
        let sum = Reader<Int, Int> { $0 } <&> add <*> Reader { $0 * 10 }
        #expect(sum.run(2) == 22)
        let pureSum = Reader<Int, @Sendable (Int) -> @Sendable (Int) -> Int>.pure(add) <*> .ask <*> .pure(5)
        #expect(pureSum.run(2) == 7)
    }

    @Test func aReaderCrossesIntoATask() async {
        let reader = Reader<Int, Int> { $0 * 2 }
        let result = await Task { reader.run(21) }.value
        #expect(result == 42)
    }

    // Before the fix freeing the chain overflowed the stack, once per captured program.
    @Test func aRightNestedChainOfAHundredThousandRunsAndIsFreed() {
        var chain = Reader<Int, Int>.pure(0)
        for _ in 0..<100_000 {
            let rest = chain
            chain = Reader<Int, Int> { $0 }.flatMap { environment in rest.map { $0 + environment } }
        }
        #expect(chain.run(1) == 100_000)
        chain = .pure(0)
        #expect(chain.run(1) == 0)
    }

    @Test func aLoopWrittenAsRecursionThroughFlatMapRunsAMillionLevels() {
        // Every level reads the same environment; the levels run as steps of one loop, not nested.
        @Sendable func countDown(_ n: Int) -> Reader<Int, Int> {
            Reader { step in n - step }.flatMap { $0 <= 0 ? .pure(0) : countDown($0) }
        }
        #expect(countDown(1_000_000).run(1) == 0)
        #expect(countDown(10).map { $0 + 7 }.run(3) == 7)
    }
}
