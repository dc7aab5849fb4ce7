import Mason
import PropertyBased
import Testing

/// A log of lines: the Monoid these laws write to.
private struct Log: Monoid, Equatable, Sendable {
    var lines: [String]

    static let empty = Log(lines: [])

    static func combine(_ lhs: Log, _ rhs: Log) -> Log {
        Log(lines: lhs.lines + rhs.lines)
    }
}

/// Functor, applicative and monad laws for `Writer`, compared with `==` on generated values and logs.
@Suite struct WriterLawTests {
    typealias Function = @Sendable (Int) -> Int
    typealias Composer = @Sendable (@escaping Function) -> @Sendable (@escaping Function) -> Function

    /// Logs of zero to three short lines.
    private static var logs: Generator<Log, some SendableSequenceType> {
        Gen.letterOrNumber.string(of: 0...4).array(of: 0...3).map { Log(lines: $0) }
    }

    /// A function `x * 3 + a`.
    static func function(_ a: Int) -> Function { { $0 &* 3 &+ a } }
    /// A writer-returning function: `x * a`, logging `line` and the input.
    private static func kleisli(_ a: Int, _ line: String) -> @Sendable (Int) -> Writer<Int, Log> {
        { value in Writer(value: value &* a, output: Log(lines: [line, "\(value)"])) }
    }

    // MARK: Functor

    @Test func mapWithIdentityChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Self.logs) { value, log in
            let writer = Writer(value: value, output: log)
            #expect(writer.map { $0 } == writer)
        }
    }

    @Test func mapOfACompositionIsTwoMaps() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Self.logs) { value, c, log in
            let writer = Writer(value: value, output: log)
            let f = Self.function(c)
            let g = Self.function(value)
            #expect(writer.map(f).map(g) == writer.map { g(f($0)) })
        }
    }

    // MARK: Applicative

    @Test func applyingPureIdentityChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Self.logs) { value, log in
            let writer = Writer(value: value, output: log)
            let identity: Function = { $0 }
            #expect((Writer.pure(identity) <*> writer) == writer)
        }
    }

    @Test func applyingPureToPureIsPureOfTheApplication() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000)) { c, x in
            let f = Self.function(c)
            #expect((Writer<Function, Log>.pure(f) <*> Writer.pure(x)) == Writer<Int, Log>.pure(f(x)))
        }
    }

    @Test func applyingToPureIsInterchangeable() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Self.logs) { a, y, log in
            let function = Writer<Function, Log>(value: Self.function(a), output: log)
            let applyToY: @Sendable (@escaping Function) -> Int = { $0(y) }
            let lhs = function <*> Writer.pure(y)
            let rhs = Writer<@Sendable (@escaping Function) -> Int, Log>.pure(applyToY) <*> function
            #expect(lhs == rhs)
        }
    }

    @Test func applyComposes() async {
        await propertyCheck(
            input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Self.logs, Self.logs, Self.logs
        ) { a, b, uLog, vLog, wLog in
            let u = Writer<Function, Log>(value: Self.function(a), output: uLog)
            let v = Writer<Function, Log>(value: Self.function(b), output: vLog)
            let w = Writer(value: a &- b, output: wLog)
            let compose: Composer = { f in { g in { x in f(g(x)) } } }
            let lhs = Writer<Composer, Log>.pure(compose) <*> u <*> v <*> w
            let rhs = u <*> (v <*> w)
            #expect(lhs == rhs)
        }
    }

    // MARK: Monad

    @Test func flatMapOfPureIsApplication() async {
        await propertyCheck(
            input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Gen.letterOrNumber.string(of: 0...4)
        ) { a, x, line in
            let f = Self.kleisli(a, line)
            #expect((Writer<Int, Log>.pure(x) >>- f) == f(x))
        }
    }

    @Test func flatMapWithPureChangesNothing() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Self.logs) { value, log in
            let writer = Writer(value: value, output: log)
            #expect((writer >>- { Writer.pure($0) }) == writer)
        }
    }

    @Test func flatMapIsAssociative() async {
        await propertyCheck(
            input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Self.logs, Gen.letterOrNumber.string(of: 0...4)
        ) { a, b, log, line in
            let writer = Writer(value: a, output: log)
            let f = Self.kleisli(b, line)
            let g = Self.kleisli(a, line + "!")
            #expect(((writer >>- f) >>- g) == (writer >>- { f($0) >>- g }))
        }
    }

    // MARK: Applicative agrees with monad

    @Test func applyIsFlatMapThenMap() async {
        await propertyCheck(input: Gen.int(in: -1000...1000), Gen.int(in: -1000...1000), Self.logs, Self.logs) {
            a, b, functionLog, valueLog in
            let function = Writer<Function, Log>(value: Self.function(a), output: functionLog)
            let writer = Writer(value: b, output: valueLog)
            #expect((function <*> writer) == function.flatMap { f in writer.map(f) })
        }
    }
}
