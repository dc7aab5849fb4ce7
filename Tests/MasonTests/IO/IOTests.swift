import Mason
import Testing

/// Counts how often an effect ran; a `Sendable` reference so effects can capture it.
private final class RunCounter: Sendable {
    private let count = Locked(0)
    func increment() -> Int {
        count.withLock {
            $0 += 1; return $0
        }
    }
    var value: Int { count.withLock { $0 } }
}

@Suite struct IOTests {
    @Test func nothingRunsUntilUnsafeRun() {
        let counter = RunCounter()
        let effect = IO { counter.increment() }.map { $0 * 10 }.flatMap { n in IO { n + 1 } }
        #expect(counter.value == 0)
        #expect(effect.unsafeRun() == 11)
        #expect(counter.value == 1)
    }

    @Test func eachRunRunsTheEffectAgain() {
        let counter = RunCounter()
        let effect = IO { counter.increment() }
        #expect(effect.unsafeRun() == 1)
        #expect(effect.unsafeRun() == 2)
    }

    @Test func operatorsForwardToTheirNamedTwins() {
        let doubled = IO.pure(21) <&> { $0 * 2 }
        #expect(doubled.unsafeRun() == 42)
        let bound = IO.pure(3) >>- { n in IO { String(repeating: "a", count: n) } }
        #expect(bound.unsafeRun() == "aaa")
        let applied = IO.pure { @Sendable (n: Int) in n + 1 } <*> IO.pure(41)
        #expect(applied.unsafeRun() == 42)
    }

    @Test func applyRunsTheFunctionsEffectThenTheValuesEachOnce() {
        let log = Locked<[String]>([])
        let function = IO<@Sendable (Int) -> Int> {
            log.withLock { $0.append("function") }
            return { $0 + 1 }
        }
        let value = IO<Int> {
            log.withLock { $0.append("value") }
            return 41
        }
        let named = apply(function, value)
        let spelled = function <*> value
        #expect(log.withLock { $0 }.isEmpty)
        #expect(named.unsafeRun() == 42)
        #expect(log.withLock { $0 } == ["function", "value"])
        #expect(spelled.unsafeRun() == 42)
        #expect(log.withLock { $0 } == ["function", "value", "function", "value"])
    }

    @Test func functionFormOfMapComposesAFunctionWithAMapping() {
        let load: @Sendable (Int) -> IO<String> = { id in IO { "user \(id)" } }
        let shout = load <&> { $0.uppercased() }
        #expect(shout(7).unsafeRun() == "USER 7")
        #expect(compose(load, mapping: { $0.count })(7).unsafeRun() == 6)
    }

    @Test func kleisliRunsBothEffectsInOrder() {
        let log = Locked<[String]>([])
        let first: @Sendable (Int) -> IO<Int> = { n in
            IO {
                log.withLock { $0.append("first \(n)") }; return n + 1
            }
        }
        let second: @Sendable (Int) -> IO<String> = { n in
            IO {
                log.withLock { $0.append("second \(n)") }; return "\(n)"
            }
        }
        let both = first >=> second
        #expect(both(1).unsafeRun() == "2")
        #expect(log.withLock { $0 } == ["first 1", "second 2"])
    }

    @Test func zipRunsEffectsLeftToRight() {
        let log = Locked<[Int]>([])
        func step(_ n: Int) -> IO<Int> {
            IO {
                log.withLock { $0.append(n) }; return n
            }
        }
        let zipped = zip(step(1), step(2), step(3), IO.pure("four"), step(5))
        let (a, b, c, d, e) = zipped.unsafeRun()
        #expect(a == 1 && b == 2 && c == 3 && d == "four" && e == 5)
        #expect(log.withLock { $0 } == [1, 2, 3, 5])
        let sum = zip(with: { $0 + $1 }, step(20), step(22)).unsafeRun()
        #expect(sum == 42)
    }

    @Test func mapTWorksInsideOptionalResultAndEither() {
        let optional: IO<Int?> = .pureT(1)
        #expect(optional.mapT { $0 + 1 }.unsafeRun() == 2)
        #expect(IO<Int?> { nil }.mapT { $0 + 1 }.unsafeRun() == nil)

        let result: IO<Result<Int, TestFailure>> = .pureT(20)
        let described = result.mapT(describeNumber).unsafeRun()
        #expect(described == .success("20"))
        let failed = IO<Result<Int, TestFailure>> { .failure(.boom) }
        let failedDescribed = failed.mapT(describeNumber).unsafeRun()
        #expect(failedDescribed == .failure(.boom))

        let either: IO<Either<String, Int>> = .pureT(20)
        #expect(either.mapT { $0 + 1 }.unsafeRun() == .right(21))
        #expect(IO<Either<String, Int>> { .left("no") }.mapT { $0 + 1 }.unsafeRun() == .left("no"))
    }

    @Test func flatMapTShortCircuitsWithoutRunningTheNextEffect() {
        let counter = RunCounter()
        let next: @Sendable (Int) -> IO<Result<Int, TestFailure>> = { n in
            IO {
                _ = counter.increment(); return .success(n * 2)
            }
        }
        #expect(IO<Result<Int, TestFailure>>.pureT(4).flatMapT(next).unsafeRun() == .success(8))
        #expect(IO<Result<Int, TestFailure>> { .failure(.boom) }.flatMapT(next).unsafeRun() == .failure(.boom))
        #expect(counter.value == 1)

        let optional = IO<Int?>.pureT(4).flatMapT { n in IO<Int?> { n > 3 ? n : nil } }
        #expect(optional.unsafeRun() == 4)
        #expect(IO<Int?> { nil }.flatMapT { n in IO<Int?> { n } }.unsafeRun() == nil)

        let either = IO<Either<String, Int>>.pureT(4).flatMapT { n in IO<Either<String, Int>> { .right(n + 1) } }
        #expect(either.unsafeRun() == .right(5))
        #expect(IO<Either<String, Int>> { .left("no") }.flatMapT { n in IO { .right(n) } }.unsafeRun() == .left("no"))
    }
}

/// `String.init` without its dozens of overloads, so expressions using it type-check fast.
@Sendable func describeNumber(_ number: Int) -> String { "\(number)" }

enum TestFailure: Error, Equatable {
    case boom
    case other(String)
}

@Suite struct IOStackSafetyTests {
    @Test func aMillionDeepFlatMapChainRunsAndIsFreed() {
        var chain = IO.pure(0)
        for _ in 0..<1_000_000 {
            chain = chain.flatMap { n in IO.pure(n + 1) }
        }
        #expect(chain.unsafeRun() == 1_000_000)
        chain = .pure(0)  // frees the million steps
        #expect(chain.unsafeRun() == 0)
    }

    @Test(arguments: [10_000, 100_000]) func aRightNestedFlatMapChainRunsAndIsFreed(depth: Int) {
        var chain = IO.pure(0)
        for step in 0..<depth {
            let rest = chain
            chain = IO.pure(step).flatMap { _ in rest }
        }
        #expect(chain.unsafeRun() == 0)
        chain = .pure(1)
        #expect(chain.unsafeRun() == 1)
    }

    @Test func aLoopWrittenAsRecursionThroughFlatMapRunsAMillionLevels() {
        // Each level's effect runs once, and the next level is the run loop's next program, not a
        // nested call: ten thousand levels overflowed a test thread's stack when it was.
        let levels = Locked(0)
        @Sendable func countDown(_ n: Int) -> IO<Int> {
            IO {
                levels.withLock { $0 += 1 }
                return n
            }
            .flatMap { $0 == 0 ? IO.pure(0) : countDown($0 - 1) }
        }
        #expect(countDown(1_000_000).unsafeRun() == 0)
        #expect(levels.withLock { $0 } == 1_000_001)
    }

    @Test func recursionThatStillHasWorkAfterTheInnerEffectRunsAMillionLevels() {
        // Not a tail call: each level adds its own number after the levels below it have run. The
        // additions wait on the heap until the innermost level answers.
        @Sendable func sum(_ n: Int) -> IO<Int> {
            IO.pure(n).flatMap { $0 == 0 ? IO.pure(0) : sum($0 - 1).map { [n] in $0 + n } }
        }
        #expect(sum(1_000_000).unsafeRun() == 500_000_500_000)
    }

    @Test func recursionThroughFlatMapTRunsAMillionLevelsForEachWrapper() {
        // `flatMapT` ran the inner effect nested in the outer run: ten thousand levels overflowed.
        @Sendable func optional(_ n: Int) -> IO<Int?> {
            IO.pureT(n).flatMapT { $0 == 0 ? IO.pureT(0) : optional($0 - 1) }
        }
        @Sendable func result(_ n: Int) -> IO<Result<Int, CountdownError>> {
            IO.pureT(n).flatMapT { $0 == 0 ? IO.pureT(0) : result($0 - 1) }
        }
        @Sendable func either(_ n: Int) -> IO<Either<Stop, Int>> {
            IO.pureT(n).flatMapT { $0 == 0 ? IO.pureT(0) : either($0 - 1) }
        }
        #expect(optional(1_000_000).unsafeRun() == 0)
        #expect(result(1_000_000).unsafeRun() == .success(0))
        #expect(either(1_000_000).unsafeRun().right == 0)
    }

    @Test func aSkippedCaseEndsARecursionThroughFlatMapTWithItsValue() {
        // The skipped case is a value handed to the run loop: a `Left` that is not `Sendable` is kept.
        @Sendable func optional(_ n: Int) -> IO<Int?> {
            IO.pureT(n).flatMapT { $0 == 500_000 ? IO { nil } : optional($0 - 1) }
        }
        @Sendable func result(_ n: Int) -> IO<Result<Int, CountdownError>> {
            IO.pureT(n).flatMapT { n in n == 500_000 ? IO { .failure(CountdownError(at: n)) } : result(n - 1) }
        }
        @Sendable func either(_ n: Int) -> IO<Either<Stop, Int>> {
            IO.pureT(n).flatMapT { n in n == 500_000 ? IO { .left(Stop(at: n)) } : either(n - 1) }
        }
        #expect(optional(1_000_000).unsafeRun() == nil)
        #expect(result(1_000_000).unsafeRun() == .failure(CountdownError(at: 500_000)))
        #expect(either(1_000_000).unsafeRun().left?.at == 500_000)
    }

    @Test func stepsAfterAFlatMapRunInOrderAndEachRunRunsThemAgain() {
        let runs = Locked([String]())
        let effect = IO { runs.withLock { $0.append("work") } }
            .flatMap { IO { runs.withLock { $0.append("inner") } } }
            .map { runs.withLock { $0.append("map") } }
            .flatMap { IO.pure(7) }
            .map { $0 * 6 }
        #expect(runs.withLock { $0 }.isEmpty)
        #expect(effect.unsafeRun() == 42)
        #expect(effect.unsafeRun() == 42)
        #expect(runs.withLock { $0 } == ["work", "inner", "map", "work", "inner", "map"])
    }

    @Test func aMillionMapsAfterAFlatMapRunAndAreFreed() {
        var chain = IO.pure(0).flatMap { IO.pure($0 + 1) }
        for _ in 0..<1_000_000 {
            chain = chain.map { $0 + 1 }
        }
        #expect(chain.unsafeRun() == 1_000_001)
        chain = .pure(0)
        #expect(chain.unsafeRun() == 0)
    }

    @Test func aMillionDeepMapChainRunsAndIsFreed() {
        var chain = IO.pure(0)
        for _ in 0..<1_000_000 {
            chain = chain.map { $0 + 1 }
        }
        #expect(chain.unsafeRun() == 1_000_000)
        chain = .pure(0)
        #expect(chain.unsafeRun() == 0)
    }
}

private struct CountdownError: Error, Equatable {
    let at: Int
}

/// Where a countdown stopped: a class that is not `Sendable`, as an `Either`'s `Left` may be.
private final class Stop {
    let at: Int
    init(at: Int) { self.at = at }
}
