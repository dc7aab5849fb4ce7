import Mason
import Testing

@Suite struct EitherTests {
    enum Failure: Error, Equatable {
        case notANumber
        case odd
        case boom
    }

    static let parse: @Sendable (String) -> Either<Failure, Int> = { Int($0).map(Either.right) ?? .left(.notANumber) }
    static let half: @Sendable (Int) -> Either<Failure, Int> = { $0.isMultiple(of: 2) ? .right($0 / 2) : .left(.odd) }

    // MARK: Inspection

    @Test func leftAndRightPropertiesExposeOnlyTheirSide() {
        let right = Either<String, Int>.right(1)
        let left = Either<String, Int>.left("no")
        #expect(right.right == 1)
        #expect(right.left == nil)
        #expect(left.left == "no")
        #expect(left.right == nil)
    }

    @Test func isLeftAndIsRightTellTheCase() {
        #expect(Either<String, Int>.right(1).isRight)
        #expect(!Either<String, Int>.right(1).isLeft)
        #expect(Either<String, Int>.left("no").isLeft)
        #expect(!Either<String, Int>.left("no").isRight)
    }

    @Test func onLeftAndOnRightRunOnlyForTheirSideAndReturnSelf() {
        var seen: [String] = []
        let right = Either<String, Int>.right(2)
            .onLeft { seen.append("left \($0)") }
            .onRight { seen.append("right \($0)") }
        let left = Either<String, Int>.left("no")
            .onLeft { seen.append("left \($0)") }
            .onRight { seen.append("right \($0)") }
        #expect(right == .right(2))
        #expect(left == .left("no"))
        #expect(seen == ["right 2", "left no"])
    }

    @Test func onRightResultMayBeDiscarded() {
        var count = 0
        Either<String, Int>.right(1).onRight { count += $0 }
        #expect(count == 1)
    }

    @Test func mapLeftTransformsOnlyTheLeft() {
        #expect(Either<String, Int>.left("no").mapLeft(\.count) == .left(2))
        #expect(Either<String, Int>.right(5).mapLeft(\.count) == .right(5))
    }

    @Test func biMapAppliesTheLabelledFunctionToTheSidePresent() {
        let right = Either<String, Int>.right(2).biMap(left: \.count, right: { "\($0 * 10)" })
        let left = Either<String, Int>.left("no").biMap(left: \.count, right: { "\($0 * 10)" })
        #expect(right == .right("20"))
        #expect(left == .left(2))
    }

    // MARK: Result conversion

    @Test func initFromResultMapsSuccessToRightAndFailureToLeft() {
        #expect(Either(Result<Int, Failure>.success(1)) == .right(1))
        #expect(Either(Result<Int, Failure>.failure(.boom)) == .left(.boom))
    }

    @Test func resultPropertyAndResultInitRoundTrip() {
        let values: [Either<Failure, Int>] = [.right(3), .left(.odd)]
        for value in values {
            #expect(Either(value.result) == value)
            #expect(Result(either: value) == value.result)
        }
        #expect(Either<Failure, Int>.right(3).result == .success(3))
        #expect(Either<Failure, Int>.left(.odd).result == .failure(.odd))
    }

    @Test func catchingInitCapturesValueOrUntypedError() {
        func load(_ fail: Bool) throws -> Int {
            if fail { throw Failure.boom }
            return 7
        }
        let success = Either { try load(false) }
        let failure = Either { try load(true) }
        #expect(success.right == 7)
        #expect(failure.left as? Failure == .boom)
    }

    @Test func catchingInitKeepsATypedError() {
        func load() throws(Failure) -> Int { throw .boom }
        let failure = Either { () throws(Failure) -> Int in try load() }
        #expect(failure == .left(.boom))
    }

    // MARK: Operators and named twins

    @Test func mapOperatorIsMap() {
        let mapped = Either<String, Int>.right(2) <&> { $0 + 1 }
        let unchanged = Either<String, Int>.left("no") <&> { $0 + 1 }
        #expect(mapped == .right(3))
        #expect(unchanged == .left("no"))
    }

    @Test func functionFormOfMapComposes() {
        let parseAndDouble = Self.parse <&> { $0 * 2 }
        #expect(parseAndDouble("21") == .right(42))
        #expect(parseAndDouble("x") == .left(.notANumber))
        let composed = compose(Self.parse, mapping: { $0 * 2 })
        #expect(composed("21") == .right(42))
    }

    @Test func bindOperatorIsFlatMap() {
        #expect((Either<Failure, Int>.right(8) >>- Self.half) == .right(4))
        #expect((Either<Failure, Int>.right(3) >>- Self.half) == .left(.odd))
        #expect((Either<Failure, Int>.left(.boom) >>- Self.half) == .left(.boom))
    }

    @Test func kleisliRunsSecondOnlyOnRight() {
        let parseHalf = Self.parse >=> Self.half
        #expect(parseHalf("8") == .right(4))
        #expect(parseHalf("7") == .left(.odd))
        #expect(parseHalf("x") == .left(.notANumber))
        #expect(compose(Self.parse, flatMapping: Self.half)("8") == .right(4))
    }

    @Test func pureIsRight() {
        #expect(Either<String, Int>.pure(3) == .right(3))
    }

    @Test func applyAppliesTheWrappedFunction() {
        let increment: Either<String, @Sendable (Int) -> Int> = .right { $0 + 1 }
        #expect((increment <*> .right(41)) == .right(42))
        #expect(apply(increment, .right(41)) == .right(42))
        #expect((increment <*> .left("x")) == .left("x"))
    }

    @Test func applyReturnsTheFunctionsLeftWhenBothAreLeft() {
        let missing: Either<String, @Sendable (Int) -> Int> = .left("function")
        #expect((missing <*> .left("value")) == .left("function"))
        #expect((missing <*> .right(1)) == .left("function"))
    }

    @Test func applyLiftsACurriedFunctionWithoutParentheses() {
        let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
        let a: Either<String, Int> = .right(1)
        let b: Either<String, Int> = .right(2)
        #expect((Either.pure(add) <*> a <*> b) == .right(3))
        #expect((a <&> add <*> b) == .right(3))
        let failed: Either<String, Int> = .left("b")
        #expect((a <&> add <*> failed) == failed)
    }

    // MARK: Parsing of mixed chains

    @Test func pipeIntoKleisliChainParsesAsPipeOfComposition() {
        let result = "8" |> Self.parse >=> Self.half >=> Self.half
        #expect(result == .right(2))
    }

    @Test func bindThenKleisliBindsTheComposition() {
        // `m >>- f >=> g` is `m >>- (f >=> g)`.
        let result = Either<Failure, String>.right("12") >>- Self.parse >=> Self.half
        #expect(result == .right(6))
    }

    @Test func pipeIntoMapFunctionFormAfterKleisli() {
        // `x |> f >=> g |> h <&> k` is `(x |> (f >=> g)) |> (h <&> k)`.
        let describe: @Sendable (Either<Failure, Int>) -> Either<Failure, Int> = { $0 }
        let result = "8" |> Self.parse >=> Self.half |> describe <&> { "\($0)" }
        #expect(result == .right("4"))
    }

    @Test func applyTakesAPlainCurriedFunction() {
        let calls = Tally()
        let add = calls.countingAdd()
        let a: Either<Failure, Int> = .right(1)
        let b: Either<Failure, Int> = .right(2)
        #expect((a <&> add <*> b) == .right(3))
        #expect(apply(a.map(add), b) == .right(3))
        let failed: Either<Failure, Int> = .left(.odd)
        #expect((Either.pure(add) <*> a <*> failed) == failed)
        let missing: Either<Failure, (Int) -> Int> = .left(.boom)
        #expect((missing <*> failed) == .left(.boom))
        #expect(calls.count == 2)
    }
}
