import Mason
import Testing

/// A log that is not `Sendable` (a class): only plain functions may keep it.
private final class Entries: Monoid {
    let lines: [String]

    init(_ lines: [String]) { self.lines = lines }

    static var empty: Entries { Entries([]) }

    static func combine(_ lhs: Entries, _ rhs: Entries) -> Entries { Entries(lhs.lines + rhs.lines) }
}

/// A log of lines: the Monoid these tests write to.
private struct Log: Monoid, Equatable, Sendable {
    var lines: [String]

    init(_ lines: String...) { self.lines = lines }

    static let empty = Log()

    static func combine(_ lhs: Log, _ rhs: Log) -> Log {
        var combined = lhs
        combined.lines += rhs.lines
        return combined
    }
}

@Suite struct WriterTests {
    @Test func runReturnsTheValueAndTheOutput() {
        let writer = Writer(value: 1, output: Log("one"))
        #expect(writer.run() == (1, Log("one")))
        #expect(writer.value == 1)
        #expect(writer.output == Log("one"))
    }

    @Test func mapTransformsTheValueAndKeepsTheOutput() {
        #expect(Writer(value: 2, output: Log("two")).map { $0 * 10 } == Writer(value: 20, output: Log("two")))
    }

    @Test func flatMapCombinesBothOutputsInOrder() {
        let half = { (n: Int) in Writer(value: n / 2, output: Log("halved \(n)")) }
        let result = Writer(value: 8, output: Log("start")).flatMap(half)
        #expect(result == Writer(value: 4, output: Log("start", "halved 8")))
    }

    @Test func pureHasAnEmptyOutput() {
        #expect(Writer<Int, Log>.pure(3) == Writer(value: 3, output: Log()))
    }

    @Test func tellWritesOnlyTheOutput() {
        let told = Writer.tell(Log("hello"))
        #expect(told.output == Log("hello"))
        let logged = Writer(value: 1, output: Log("one")).flatMap { n in Writer.tell(Log("saw \(n)")).map { n } }
        #expect(logged == Writer(value: 1, output: Log("one", "saw 1")))
    }

    @Test func tellWithMWrapsAValueWithTheOutput() {
        let logged = Writer<Int, Log>.tell(m: Log("saw a value"))
        #expect(logged(5) == Writer(value: 5, output: Log("saw a value")))
        #expect(
            (Writer(value: 5, output: Log("five")) >>- logged) == Writer(value: 5, output: Log("five", "saw a value")))
    }

    @Test func applyKeepsBothOutputsTheFunctionsFirst() {
        let double = Writer<@Sendable (Int) -> Int, Log>(value: { $0 * 2 }, output: Log("double"))
        let value = Writer(value: 21, output: Log("21"))
        #expect(apply(double, value) == Writer(value: 42, output: Log("double", "21")))
        #expect((double <*> value) == Writer(value: 42, output: Log("double", "21")))
    }

    @Test func zipCombinesTheOutputsLeftToRight() {
        let one = Writer(value: 1, output: Log("one"))
        let two = Writer(value: "2", output: Log("two"))
        let three = Writer(value: 3.0, output: Log("three"))
        let zipped = Mason.zip(one, two, three)
        #expect(zipped.value.0 == 1)
        #expect(zipped.value.1 == "2")
        #expect(zipped.value.2 == 3.0)
        #expect(zipped.output == Log("one", "two", "three"))
    }

    @Test func zipOfOneKeepsTheWriter() {
        let zipped = Mason.zip(Writer(value: 1, output: Log("one")))
        #expect(zipped == Writer(value: 1, output: Log("one")))
    }

    @Test func zipWithCombinesTheValues() {
        let sum = Mason.zip(with: +, Writer(value: 1, output: Log("one")), Writer(value: 2, output: Log("two")))
        #expect(sum == Writer(value: 3, output: Log("one", "two")))
    }

    @Test func mapAndBindOperatorsForwardToMapAndFlatMap() {
        let two = Writer(value: 2, output: Log("two"))
        let mapped = two <&> { $0 * 10 }
        #expect(mapped == two.map { $0 * 10 })
        let half: @Sendable (Int) -> Writer<Int, Log> = { Writer(value: $0 / 2, output: Log("halved")) }
        let halved = Writer(value: 8, output: Log("start")) >>- half
        #expect(halved == Writer(value: 4, output: Log("start", "halved")))
    }

    @Test func functionOperatorsForwardToCompose() {
        let parse: @Sendable (String) -> Writer<Int, Log> = { Writer(value: Int($0) ?? 0, output: Log("parsed \($0)")) }
        let half: @Sendable (Int) -> Writer<Int, Log> = { Writer(value: $0 / 2, output: Log("halved")) }
        let increment: @Sendable (Int) -> Int = { $0 + 1 }
        let expectedMapped = Writer(value: 42, output: Log("parsed 41"))
        #expect((parse <&> increment)("41") == expectedMapped)
        #expect(compose(parse, mapping: increment)("41") == expectedMapped)
        let expectedChained = Writer(value: 42, output: Log("parsed 84", "halved"))
        #expect((parse >=> half)("84") == expectedChained)
        #expect(compose(parse, flatMapping: half)("84") == expectedChained)
    }

    @Test func curriedFunctionAppliesWithoutParentheses() {
        let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
        let sum = Writer(value: 1, output: Log("one")) <&> add <*> Writer(value: 2, output: Log("two"))
        #expect(sum == Writer(value: 3, output: Log("one", "two")))
    }

    @Test func aSendableWriterCrossesIntoATask() async {
        let writer = Writer(value: 1, output: Log("one"))
        let result = await Task { writer.map { $0 + 1 } }.value
        #expect(result == Writer(value: 2, output: Log("one")))
    }

    @Test func tellTakesAnOutputThatIsNotSendable() {
        let logged: (Int) -> Writer<Int, Entries> = Writer.tell(m: Entries(["saw a value"]))
        let result = Writer(value: 5, output: Entries(["start"])).flatMap(logged)
        #expect(result.value == 5)
        #expect(result.output.lines == ["start", "saw a value"])
        let bare = Writer<String, Entries>.tell(m: Entries(["named"]))
        #expect(bare("Ada").output.lines == ["named"])
    }

    @Test func tellOfASendableOutputStaysSendable() {
        // Where the `@Sendable` form fits, Swift still takes it: the plain twin only adds.
        let logged = Writer<Int, Log>.tell(m: Log("saw a value"))
        let sendable: @Sendable (Int) -> Writer<Int, Log> = logged
        #expect(sendable(5) == Writer(value: 5, output: Log("saw a value")))
    }

    @Test func applyTakesAPlainCurriedFunction() {
        let calls = Tally()
        let add = calls.countingAdd()
        let one = Writer(value: 1, output: Log("one"))
        let two = Writer(value: 2, output: Log("two"))
        #expect((one <&> add <*> two) == Writer(value: 3, output: Log("one", "two")))
        #expect(apply(one.map(add), two) == Writer(value: 3, output: Log("one", "two")))
        let logged = Writer(value: add, output: Log("add"))
        #expect((logged <*> one <*> two) == Writer(value: 3, output: Log("add", "one", "two")))
        #expect(calls.count == 3)
    }
}
