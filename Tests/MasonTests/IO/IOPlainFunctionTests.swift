import Mason
import Testing

/// The failure of the `Result` effects below.
private enum Failure: Error, Equatable { case failed }

/// `IO`'s plain twins: a closure that is not `@Sendable` goes into an effect `sending`, and runs of it
/// take turns, so the effect stays `Sendable` and safe to run from many tasks at once.
@Suite struct IOPlainFunctionTests {
    @Test func plainClosuresBuildMapAndBindEffects() {
        let tally = Tally()
        let count: () -> Int = { tally.next() }
        let counted = IO(count)
        #expect(counted.unsafeRun() == 1)
        #expect(counted.unsafeRun() == 2)

        let describe: (Int) -> String = { "count: \($0)" }
        #expect(IO.pure(3).map(describe).unsafeRun() == "count: 3")
        let square: (Int) -> IO<Int> = { n in IO { n * n } }
        #expect((IO.pure(3) >>- square).unsafeRun() == 9)
        let half: (Int) -> Int = { $0 / 2 }
        #expect((IO.pure(8) <&> half).unsafeRun() == 4)
        let greet: (String) -> IO<String> = { name in IO { "Hello, \(name)" } }
        #expect(IO.pure("Ada").flatMap(greet).unsafeRun() == "Hello, Ada")
    }

    @Test func plainEffectfulFunctionsCompose() {
        let load: (Int) -> IO<String> = { id in IO { "user \(id)" } }
        let length: (String) -> IO<Int> = { name in IO { name.count } }
        #expect(compose(load, mapping: { $0.uppercased() })(7).unsafeRun() == "USER 7")
        #expect(compose(load, flatMapping: length)(7).unsafeRun() == 6)
        let loadAgain: (Int) -> IO<String> = { id in IO { "user \(id)" } }
        #expect((loadAgain <&> { $0.count })(10).unsafeRun() == 7)
        let lengthAgain: (String) -> IO<Int> = { name in IO { name.count } }
        #expect((load >=> lengthAgain)(10).unsafeRun() == 7)
    }

    @Test func runsOfAPlainClosureTakeTurnsAcrossTasks() async {
        // 8 tasks × 500 runs of one effect whose closure mutates an unsynchronised counter: every
        // run is counted once (and Thread Sanitizer sees no race) because runs take turns.
        let tally = Tally()
        let bump: (Int) -> Int = { _ in tally.next() }
        let effect = IO.pure(0).map(bump)
        let highest = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<500).map { _ in effect.unsafeRun() }.max() ?? 0 }
            }
            return await group.reduce(0) { max($0, $1) }
        }
        #expect(highest == 4_000)
    }

    @Test func aPlainClosureMayRunTheEffectThatHoldsIt() {
        // A recursive definition: the closure runs the effect built from itself, on the same thread,
        // which takes the closure's (recursive) lock again instead of deadlocking.
        let itself = Locked<IO<Int>?>(nil)
        let depth = Locked(0)
        let step: (Int) -> IO<Int> = { n in
            if depth.withLock({
                $0 += 1; return $0
            }) < 3, let inner = itself.withLock({ $0 }) {
                return IO.pure(inner.unsafeRun() + n)
            }
            return IO.pure(n)
        }
        let effect = IO.pure(1).flatMap(step)
        itself.withLock { $0 = effect }
        #expect(effect.unsafeRun() == 3)
        #expect(depth.withLock { $0 } == 3)
    }

    @Test func plainClosuresWorkInsideOptionalResultAndEither() {
        // Each closure is given up to its effect with what it captures, so each has its own tally.
        let optionalTally = Tally()
        let countOptional: (Int) -> Int = { $0 + optionalTally.next() }
        let optional = IO<Int?>.pureT(10).mapT(countOptional)
        #expect(optional.unsafeRun() == 11)
        #expect(optional.unsafeRun() == 12)
        let resultTally = Tally()
        let countResult: (Int) -> String = { "\($0) #\(resultTally.next())" }
        let result: IO<Result<Int, Failure>> = .pureT(5)
        #expect(result.mapT(countResult).unsafeRun() == .success("5 #1"))
        let eitherTally = Tally()
        let countEither: (Int) -> Int = { $0 * eitherTally.next() }
        let either: IO<Either<String, Int>> = .pureT(2)
        #expect(either.mapT(countEither).unsafeRun() == .right(2))

        let boundOptionalTally = Tally()
        let addOptional: (Int) -> IO<Int?> = { n in IO.pure(n + boundOptionalTally.next()) }
        #expect(IO<Int?>.pureT(10).flatMapT(addOptional).unsafeRun() == 11)
        let boundResultTally = Tally()
        let loadResult: (Int) -> IO<Result<String, Failure>> = { n in
            IO.pure(.success("\(n) #\(boundResultTally.next())"))
        }
        #expect(result.flatMapT(loadResult).unsafeRun() == .success("5 #1"))
        let boundEitherTally = Tally()
        let loadEither: (Int) -> IO<Either<String, Int>> = { n in IO.pure(.right(n * boundEitherTally.next())) }
        #expect(either.flatMapT(loadEither).unsafeRun() == .right(2))
    }

    @Test func aPlainClosureTraversesElements() {
        let tally = Tally()
        let load: (Int) -> IO<String> = { id in IO.pure("user \(id) #\(tally.next())") }
        let users = traverse([1, 2, 3], load)
        #expect(users.unsafeRun() == ["user 1 #1", "user 2 #2", "user 3 #3"])
        #expect(users.unsafeRun() == ["user 1 #4", "user 2 #5", "user 3 #6"])
    }
}
