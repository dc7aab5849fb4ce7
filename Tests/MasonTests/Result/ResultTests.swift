import Mason
import Testing

@Suite struct ResultTests {
    enum Failure: Error, Equatable {
        case notANumber
        case odd
        case first
        case second
    }

    static let parse: @Sendable (String) -> Result<Int, Failure> = {
        Int($0).map(Result.success) ?? .failure(.notANumber)
    }
    static let half: @Sendable (Int) -> Result<Int, Failure> = {
        $0.isMultiple(of: 2) ? .success($0 / 2) : .failure(.odd)
    }

    // MARK: Inspection

    @Test func successAndFailurePropertiesExposeOnlyTheirCase() {
        let success = Result<Int, Failure>.success(1)
        let failure = Result<Int, Failure>.failure(.odd)
        #expect(success.success == 1)
        #expect(success.failure == nil)
        #expect(failure.failure == .odd)
        #expect(failure.success == nil)
    }

    @Test func onSuccessAndOnFailureRunOnlyForTheirCaseAndReturnSelf() {
        var seen: [String] = []
        let success = Result<Int, Failure>.success(2)
            .onSuccess { seen.append("success \($0)") }
            .onFailure { seen.append("failure \($0)") }
        let failure = Result<Int, Failure>.failure(.odd)
            .onSuccess { seen.append("success \($0)") }
            .onFailure { seen.append("failure \($0)") }
        #expect(success == .success(2))
        #expect(failure == .failure(.odd))
        #expect(seen == ["success 2", "failure odd"])
    }

    @Test func onFailureResultMayBeDiscarded() {
        var failures: [Failure] = []
        Result<Int, Failure>.failure(.odd).onFailure { failures.append($0) }
        #expect(failures == [.odd])
    }

    // MARK: Operators and named twins

    @Test func mapOperatorIsMap() {
        let mapped = Result<Int, Failure>.success(2) <&> { $0 + 1 }
        let unchanged = Result<Int, Failure>.failure(.odd) <&> { $0 + 1 }
        #expect(mapped == .success(3))
        #expect(unchanged == .failure(.odd))
    }

    @Test func functionFormOfMapComposes() {
        let parseAndDouble = Self.parse <&> { $0 * 2 }
        #expect(parseAndDouble("21") == .success(42))
        #expect(parseAndDouble("x") == .failure(.notANumber))
        let composed = compose(Self.parse, mapping: { $0 * 2 })
        #expect(composed("21") == .success(42))
    }

    @Test func bindOperatorIsFlatMap() {
        #expect((Result<Int, Failure>.success(8) >>- Self.half) == .success(4))
        #expect((Result<Int, Failure>.success(3) >>- Self.half) == .failure(.odd))
        #expect((Result<Int, Failure>.failure(.first) >>- Self.half) == .failure(.first))
    }

    @Test func kleisliRunsSecondOnlyOnSuccess() {
        let parseHalf = Self.parse >=> Self.half
        #expect(parseHalf("8") == .success(4))
        #expect(parseHalf("7") == .failure(.odd))
        #expect(parseHalf("x") == .failure(.notANumber))
        #expect(compose(Self.parse, flatMapping: Self.half)("8") == .success(4))
    }

    @Test func kleisliWithAResultReturningRightSideFlattens() {
        // The flattening overload wins over the mixed one: the type is not Result<Result<…>, …>.
        let parseHalf: @Sendable (String) -> Result<Int, Failure> = Self.parse >=> Self.half
        let inferred = Self.parse >=> Self.half
        #expect(type(of: inferred) == ((@Sendable (String) -> Result<Int, Failure>)).self)
        #expect(parseHalf("4") == .success(2))
    }

    @Test func mixedKleisliMapsWithAPlainFunction() {
        let double: @Sendable (Int) -> Int = { $0 * 2 }
        let parseDouble = Self.parse >=> double
        #expect(type(of: parseDouble) == ((@Sendable (String) -> Result<Int, Failure>)).self)
        #expect(parseDouble("21") == .success(42))
        #expect(parseDouble("x") == .failure(.notANumber))
        let piped = "21" |> Self.parse >=> { $0 * 2 }
        #expect(piped == .success(42))
    }

    @Test func pureIsSuccess() {
        #expect(Result<Int, Failure>.pure(3) == .success(3))
    }

    @Test func applyAppliesTheWrappedFunction() {
        let increment: Result<@Sendable (Int) -> Int, Failure> = .success { $0 + 1 }
        #expect((increment <*> .success(41)) == .success(42))
        #expect(apply(increment, .success(41)) == .success(42))
        #expect((increment <*> .failure(.second)) == .failure(.second))
    }

    @Test func applyReturnsTheFirstFailureWhenBothFail() {
        let missing: Result<@Sendable (Int) -> Int, Failure> = .failure(.first)
        #expect((missing <*> .failure(.second)) == .failure(.first))
    }

    @Test func applyLiftsACurriedFunctionWithoutParentheses() {
        let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
        let a: Result<Int, Failure> = .success(1)
        let b: Result<Int, Failure> = .success(2)
        #expect((Result.pure(add) <*> a <*> b) == .success(3))
        #expect((a <&> add <*> b) == .success(3))
        let failed: Result<Int, Failure> = .failure(.second)
        #expect((a <&> add <*> failed) == failed)
    }

    @Test func applyTakesAPlainCurriedFunction() {
        let calls = Tally()
        let add = calls.countingAdd()
        let a: Result<Int, Failure> = .success(1)
        let b: Result<Int, Failure> = .success(2)
        #expect((a <&> add <*> b) == .success(3))
        #expect(apply(a.map(add), b) == .success(3))
        let failed: Result<Int, Failure> = .failure(.second)
        #expect((Result.pure(add) <*> a <*> failed) == failed)
        #expect(calls.count == 2)
    }

    // MARK: Realistic chains

    struct Request: Equatable {
        var path: String
        var timeout: Int
    }

    struct Response: Equatable {
        var body: String
    }

    @Test func funNetworkingStyleChainParsesAndRuns() {
        // `x |> f >=> g |> h <&> k` parses as `(x |> (f >=> g)) |> (h <&> k)`.
        let path: @Sendable (String) -> String? = { $0.hasPrefix("/") ? $0 : nil }
        let requestWithTimeout: @Sendable (Int) -> @Sendable (String) -> Request = { timeout in
            { Request(path: $0, timeout: timeout) }
        }
        let send: @Sendable (Request?) -> Result<Response, Failure> = { request in
            guard let request else { return .failure(.notANumber) }
            return .success(Response(body: "\(request.path) in \(request.timeout)s"))
        }
        let decode: @Sendable (Response) -> Int = { $0.body.count }

        let ok = "/ping" |> path >=> requestWithTimeout(30) |> send <&> decode
        let bad = "ping" |> path >=> requestWithTimeout(30) |> send <&> decode
        #expect(ok == .success("/ping in 30s".count))
        #expect(bad == .failure(.notANumber))
    }

    @Test func bindChainWithKleisliOnTheRight() {
        // `m >>- f >=> g` is `m >>- (f >=> g)`.
        let result = Result<String, Failure>.success("12") >>- Self.parse >=> Self.half >=> Self.half
        #expect(result == .success(3))
    }

    @Test func typedFailuresFlowThroughTheChain() {
        let validated = Self.parse >=> Self.half <&> { "half is \($0)" }
        #expect(validated("10") == .success("half is 5"))
        #expect(validated("9") == .failure(.odd))
    }
}
