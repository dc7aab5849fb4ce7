import Foundation
import Mason
import Testing

@Suite struct OptionalTests {
    static let parse: @Sendable (String) -> Int? = { Int($0) }
    static let positive: @Sendable (Int) -> Int? = { $0 > 0 ? $0 : nil }

    // MARK: Operators and named twins

    @Test func mapOperatorIsMap() {
        let mapped = Int("2") <&> { $0 + 1 }
        let missing = Int("x") <&> { $0 + 1 }
        #expect(mapped == 3)
        #expect(missing == nil)
    }

    @Test func functionFormOfMapComposes() {
        let parseAndDouble = Self.parse <&> { $0 * 2 }
        #expect(parseAndDouble("21") == 42)
        #expect(parseAndDouble("x") == nil)
        let composed = compose(Self.parse, mapping: { $0 * 2 })
        #expect(composed("21") == 42)
    }

    @Test func bindOperatorIsFlatMap() {
        #expect((Int("7") >>- Self.positive) == 7)
        #expect((Int("-7") >>- Self.positive) == nil)
        #expect((Int("x") >>- Self.positive) == nil)
    }

    @Test func kleisliWithOptionalRightSideFlattens() {
        let parsePositive = Self.parse >=> Self.positive
        // Picks the flattening meaning: Int?, not Int??.
        #expect(type(of: parsePositive) == ((@Sendable (String) -> Int?)).self)
        #expect(parsePositive("7") == 7)
        #expect(parsePositive("-7") == nil)
        #expect(parsePositive("x") == nil)
        #expect(compose(Self.parse, flatMapping: Self.positive)("7") == 7)
    }

    @Test func kleisliWithPlainRightSideMaps() {
        let double: @Sendable (Int) -> Int = { $0 * 2 }
        let parseDouble = Self.parse >=> double
        #expect(type(of: parseDouble) == ((@Sendable (String) -> Int?)).self)
        #expect(parseDouble("21") == 42)
        #expect(parseDouble("x") == nil)
    }

    @Test func kleisliOfClosureLiteralsParsesAfterPipe() {
        // `"42" |> { Int($0) } >=> { $0 * 2 }` is `"42" |> ({ Int($0) } >=> { $0 * 2 })`.
        // The annotations only keep type-checking fast (untyped closures around `Int.init`'s many
        // overloads take ~70 ms each); the parse is the same.
        let doubled: Int? = "42" |> { (text: String) in Int(text) } >=> { (n: Int) in n * 2 }
        let missing: Int? = "x" |> { (text: String) in Int(text) } >=> { (n: Int) in n * 2 }
        #expect(doubled == 84)
        #expect(missing == nil)
    }

    @Test func kleisliOfClosureLiteralWithOptionalRightSideFlattens() {
        let above100: @Sendable (Int) -> Int? = { $0 > 100 ? $0 : nil }
        let kept = "420" |> { (text: String) in Int(text) } >=> above100
        let dropped = "42" |> { (text: String) in Int(text) } >=> above100
        #expect(type(of: kept) == Int?.self)
        #expect(kept == 420)
        #expect(dropped == nil)
    }

    @Test func funNetworkingRequestConstructionCompilesAsWritten() {
        // FunNetworking's README: `"…" |> URL.init(string:) >=> urlRequestWithTimeout(30)`.
        struct Request: Equatable {
            var url: URL
            var timeout: Double
        }
        let urlRequestWithTimeout: @Sendable (Double) -> @Sendable (URL) -> Request = { timeout in
            { Request(url: $0, timeout: timeout) }
        }
        let request = "https://api.agify.io/?name=jane" |> URL.init(string:) >=> urlRequestWithTimeout(30)
        #expect(type(of: request) == Request?.self)
        #expect(request?.url.host == "api.agify.io")
        #expect(request?.timeout == 30)
        let invalid = "" |> URL.init(string:) >=> urlRequestWithTimeout(30)
        #expect(invalid == nil)
    }

    @Test func pureIsSome() {
        #expect(Optional.pure(3) == 3)
    }

    @Test func applyAppliesTheOptionalFunction() {
        let increment: (@Sendable (Int) -> Int)? = { $0 + 1 }
        let none: (@Sendable (Int) -> Int)? = nil
        #expect((increment <*> 41) == 42)
        #expect(apply(increment, 41) == 42)
        #expect((increment <*> Int("x")) == nil)
        #expect((none <*> 41) == nil)
    }

    @Test func applyLiftsACurriedFunctionWithoutParentheses() {
        let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
        // Results typed where they are made: inside `#expect`, these take the type checker 0.4 s.
        let lifted: Int? = Optional.pure(add) <*> Int("1") <*> Int("2")
        let mapped: Int? = Int("1") <&> add <*> Int("2")
        let missing: Int? = Int("1") <&> add <*> Int("x")
        #expect(lifted == 3)
        #expect(mapped == 3)
        #expect(missing == nil)
    }

    @Test func applyTakesAPlainCurriedFunction() {
        let calls = Tally()
        let add = calls.countingAdd()
        let one: Int? = 1
        let two: Int? = 2
        let none: Int? = nil
        let sum: Int? = one <&> add <*> two
        #expect(sum == 3)
        #expect(apply(one.map(add), two) == 3)
        let missing: Int? = Optional.pure(add) <*> one <*> none
        #expect(missing == nil)
        #expect(calls.count == 2)
    }

    @Test func bindChainWithKleisliOnTheRight() {
        // `m >>- f >=> g` is `m >>- (f >=> g)`.
        let result = Optional("12") >>- Self.parse >=> Self.positive
        #expect(result == 12)
    }
}
