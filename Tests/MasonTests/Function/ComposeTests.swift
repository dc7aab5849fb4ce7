import Mason
import Testing

/// A log that is not `Sendable`: what a plain closure captures and a `@Sendable` one may not.
private final class Log {
    var entries: [Int] = []
    func record(_ value: Int) -> Int {
        entries.append(value)
        return value
    }
}

private enum ParseError: Error, Equatable { case notANumber }

/// Composition of plain functions: the plain twins answer when a function is not `@Sendable`; two
/// `@Sendable` functions still compose into a `@Sendable` one.
@Suite struct ComposeTests {
    @Test func plainFunctionsComposeAndKeepTheirCapturedState() {
        let log = Log()
        let record: (Int) -> Int = { log.record($0) }
        let double: (Int) -> Int = { $0 * 2 }
        let forward = record >>> double
        let backward = double <<< record
        #expect(forward(1) == 2)
        #expect(backward(2) == 4)
        #expect(compose(record, double)(3) == 6)
        #expect(compose(double, after: record)(4) == 8)
        #expect(log.entries == [1, 2, 3, 4])
    }

    @Test func sendableFunctionsStillComposeIntoASendableFunction() async {
        let increment: @Sendable (Int) -> Int = { $0 + 1 }
        let double: @Sendable (Int) -> Int = { $0 * 2 }
        // Each binding compiles only if the composition is @Sendable.
        let forward: @Sendable (Int) -> Int = increment >>> double
        let backward: @Sendable (Int) -> Int = double <<< increment
        let literal: @Sendable (Int) -> Int = { (x: Int) in x + 1 } >>> { $0 * 2 }
        let parse: @Sendable (String) -> Int? = { Int($0) }
        let kleisli: @Sendable (String) -> Int? = parse >=> { $0 * 2 }
        let results = await Task.detached { [forward, backward, literal, kleisli] in
            [forward(3), backward(3), literal(3), kleisli("4") ?? 0]
        }.value
        #expect(results == [8, 8, 8, 8])
    }

    @Test func plainOptionalFunctionsCompose() {
        let log = Log()
        let parse: (String) -> Int? = { Int($0).map(log.record) }
        let positive: (Int) -> Int? = { $0 > 0 ? $0 : nil }
        // Bound first: operators inside `#expect` are slow to type-check (the body took 214–226 ms).
        let doubled = compose(parse, mapping: { $0 * 2 })
        let checked = compose(parse, flatMapping: positive)
        let incremented = parse <&> { $0 + 1 }
        let kleisli = parse >=> positive
        let five: Int? = "5" |> kleisli
        let none: Int? = "x" |> kleisli
        let results: [Int?] = [doubled("21"), checked("-4"), incremented("1"), five, none]
        #expect(results == [42, nil, 2, 5, nil])
        #expect(log.entries == [5, 21, -4, 1])  // "5" ran first, bound above; "x" never parsed
    }

    @Test func plainResultFunctionsCompose() {
        let log = Log()
        let parse: (String) -> Result<Int, ParseError> = {
            Int($0).map { .success(log.record($0)) } ?? .failure(.notANumber)
        }
        let half: (Int) -> Result<Int, ParseError> = { .success($0 / 2) }
        // Bound first: an implicit member (`== .success(42)`) inside `#expect` is slow to type-check.
        let doubled = compose(parse, mapping: { $0 * 2 })
        let halved = compose(parse, flatMapping: half)
        let incremented = parse <&> { $0 + 1 }
        let kleisli = parse >=> half
        let mixed = parse >=> { $0 * 2 }
        let expected: [Result<Int, ParseError>] = [.success(42), .success(4), .success(2), .success(4), .success(42)]
        #expect([doubled("21"), halved("8"), incremented("1"), kleisli("8"), mixed("21")] == expected)
        #expect(kleisli("x") == Result<Int, ParseError>.failure(.notANumber))
        #expect(log.entries == [21, 8, 1, 8, 21])
    }

    @Test func plainEitherFunctionsCompose() {
        let log = Log()
        let parse: (String) -> Either<String, Int> = { Int($0).map { .right(log.record($0)) } ?? .left($0) }
        let half: (Int) -> Either<String, Int> = { .right($0 / 2) }
        let doubled = compose(parse, mapping: { $0 * 2 })
        let halved = compose(parse, flatMapping: half)
        let incremented = parse <&> { $0 + 1 }
        let kleisli = parse >=> half
        let expected: [Either<String, Int>] = [.right(42), .right(4), .right(2), .right(4), .left("x")]
        #expect([doubled("21"), halved("8"), incremented("1"), kleisli("8"), kleisli("x")] == expected)
        #expect(log.entries == [21, 8, 1, 8])
    }

    @Test func plainWriterFunctionsCompose() {
        let log = Log()
        let parse: (String) -> Writer<Int, [String]> = { Writer(value: log.record(Int($0) ?? 0), output: ["parsed"]) }
        let half: (Int) -> Writer<Int, [String]> = { Writer(value: $0 / 2, output: ["halved"]) }
        let incremented = compose(parse, mapping: { $0 + 1 })("41")
        let halved = compose(parse, flatMapping: half)("84")
        let incrementedByOperator = (parse <&> { $0 + 1 })("1")
        let halvedByOperator = (parse >=> half)("8")
        #expect(incremented.value == 42 && incremented.output == ["parsed"])
        #expect(halved.value == 42 && halved.output == ["parsed", "halved"])
        #expect(incrementedByOperator.value == 2)
        #expect(halvedByOperator.value == 4 && halvedByOperator.output == ["parsed", "halved"])
        #expect(log.entries == [41, 84, 1, 8])
    }

    @Test func plainChangeableFunctionsCompose() {
        let log = Log()
        let load: (Int) -> Changeable<Int> = { Changeable(log.record($0), hasChanges: true) }
        let keep: (Int) -> Changeable<Int> = { Changeable($0, hasChanges: false) }
        let incremented = compose(load, mapping: { $0 + 1 })(41)
        let kept = compose(load, flatMapping: keep)(42)
        let incrementedByOperator = (load <&> { $0 + 1 })(1)
        let keptByOperator = (load >=> keep)(8)
        #expect([incremented.value, kept.value, incrementedByOperator.value, keptByOperator.value] == [42, 42, 2, 8])
        #expect(log.entries == [41, 42, 1, 8])
    }
}
