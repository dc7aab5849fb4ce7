import Mason
import MasonTesting
import Testing

// FunNetworking's retry call shapes, compiled against Mason: each container, the curried form and the
// policy form. The stand-in "servers" fail a given number of times, then answer, and count requests,
// so the tests can see how often each attempt really ran — and that nothing runs before it should.
// Nothing sleeps for real: failing retries wait on a `ManualClock`'s thread sleeper (virtual time),
// and the shapes that must use the real sleeper either succeed at once or have zero delays.

@Suite(.timeLimit(.minutes(5))) struct RetrySeedTests {
    enum StandInError: Error, Equatable {
        case unavailable(request: Int)
        case forbidden
    }

    /// Fails the first `failures` requests with `.unavailable`, then answers; counts every request.
    final class FlakyServer: Sendable {
        private let failures: Int
        private let count = Locked(0)

        init(failures: Int) { self.failures = failures }

        var requests: Int { count.withLock { $0 } }

        /// One request: the request's number on success, `.unavailable(request:)` while failing.
        func respond(to path: String) -> Result<String, StandInError> {
            let request = count.withLock {
                $0 += 1; return $0
            }
            return request > failures ? .success("\(path) #\(request)") : .failure(.unavailable(request: request))
        }

        func respondEither(to path: String) -> Either<StandInError, String> {
            switch respond(to: path) {
            case .success(let body): .right(body)
            case .failure(let error): .left(error)
            }
        }
    }

    // MARK: The seed's exact shapes

    @Test func seedShapeOfRequestSyncEIsLazyAndRunsOnceWhenTheFirstAttemptSucceeds() {
        let server = FlakyServer(failures: 0)
        @Sendable func requestSyncE(_ path: String) -> IO<Either<StandInError, String>> {
            IO { server.respondEither(to: path) }
        }
        let requestWithRetry = retry(requestSyncE, retries: 3, debounce: .linear(2))
        let request: IO<Either<StandInError, String>> = requestWithRetry("/age?name=Jane")
        #expect(server.requests == 0, "nothing is sent before the IO runs")
        #expect(request.unsafeRun() == .right("/age?name=Jane #1"))
        #expect(server.requests == 1, "one attempt, one request: no double execution")
    }

    @Test func seedShapeOfRequestSyncEAttemptsRetriesPlusOneTimesWithItsDebounce() {
        let clock = ManualClock()
        let server = FlakyServer(failures: 10)
        @Sendable func requestSyncE(_ path: String) -> IO<Either<StandInError, String>> {
            IO { server.respondEither(to: path) }
        }
        let requestWithRetry = retry(requestSyncE, retries: 3, debounce: .linear(2), sleeper: clock.threadSleeper)
        let request: IO<Either<StandInError, String>> = requestWithRetry("/age")
        #expect(request.unsafeRun() == .left(.unavailable(request: 4)))
        #expect(server.requests == 4)
        #expect(clock.sleeps == [.seconds(2), .seconds(2), .seconds(2)] as [Duration])
        #expect(request.unsafeRun() == .left(.unavailable(request: 8)), "each run retries afresh")
        #expect(server.requests == 8)
    }

    @Test func seedResultTestShapeRetriesLinearlyAndExponentially() {
        @Sendable func failingResultFunction(value: Int) -> Result<Int, any Error> { .failure(StandInError.forbidden) }
        let linearClock = ManualClock()
        let linear = retry(
            failingResultFunction, retries: 3, debounce: .linear(0.5), sleeper: linearClock.threadSleeper)
        #expect(throws: StandInError.forbidden) { try linear(10).get() }
        #expect(linearClock.sleeps == [.milliseconds(500), .milliseconds(500), .milliseconds(500)] as [Duration])
        let exponentialClock = ManualClock()
        let exponential = retry(
            failingResultFunction, retries: 3, debounce: .exponential(0.5), sleeper: exponentialClock.threadSleeper)
        #expect(throws: StandInError.forbidden) { try exponential(10).get() }
        #expect(exponentialClock.sleeps == [.milliseconds(500), .seconds(1), .seconds(2)] as [Duration])
    }

    @Test func seedReaderShapeRunsWithTheInputAsEnvironmentLazily() {
        let server = FlakyServer(failures: 2)
        let clock = ManualClock()
        @Sendable func fetch(_ path: String) -> Reader<String, Result<String, any Error>> {
            Reader { environment in server.respond(to: path + environment).mapError { $0 } }
        }
        let fetchWithRetry = retry(fetch, retries: 3, debounce: .exponential(1), sleeper: clock.threadSleeper)
        let reader: Reader<String, Result<String, any Error>> = fetchWithRetry("/a")
        #expect(server.requests == 0, "nothing runs before the reader runs")
        #expect((try? reader.run("?b").get()) == "/a?b #3")
        #expect(server.requests == 3)
        #expect(clock.sleeps == [.seconds(1), .seconds(2)] as [Duration])
        #expect((try? reader.apply("?c").get()) == "/a?c #4", "a later run starts again, with its own environment")
    }

    @Test func negativeRetriesMeanASingleAttempt() {
        let server = FlakyServer(failures: 10)
        let once = retry({ (path: String) in server.respond(to: path) }, retries: -3, debounce: .linear(1))
        #expect(once("/") == .failure(.unavailable(request: 1)))
        #expect(server.requests == 1)
    }

    // MARK: Every container, (f, retries:, debounce:)

    @Test func optionalRetriesUntilAValue() {
        let server = FlakyServer(failures: 2)
        let clock = ManualClock()
        let lookUp: @Sendable (String) -> String? = { path in try? server.respond(to: path).get() }
        let patient = retry(lookUp, retries: 3, debounce: .linear(1), sleeper: clock.threadSleeper)
        #expect(patient("/k") == "/k #3")
        #expect(server.requests == 3)
        #expect(clock.sleeps == [.seconds(1), .seconds(1)] as [Duration])
        let hopeless = retry(
            { (_: String) -> Int? in nil }, retries: 2, debounce: .exponential(1), sleeper: clock.threadSleeper)
        #expect(hopeless("/k") == nil)
        let lastTwo: [Duration] = Array(clock.sleeps.suffix(2))
        let expectedLastTwo: [Duration] = [.seconds(1), .seconds(2)]
        #expect(lastTwo == expectedLastTwo)
    }

    @Test func resultRetriesUntilASuccess() {
        let server = FlakyServer(failures: 1)
        let clock = ManualClock()
        let request: @Sendable (String) -> Result<String, StandInError> = { server.respond(to: $0) }
        let patient = retry(request, retries: 3, debounce: .exponential(2), sleeper: clock.threadSleeper)
        #expect(patient("/r") == .success("/r #2"))
        #expect(clock.sleeps == [.seconds(2)] as [Duration])
    }

    @Test func eitherRetriesUntilARightValue() {
        let server = FlakyServer(failures: 5)
        let clock = ManualClock()
        let request: @Sendable (String) -> Either<StandInError, String> = { server.respondEither(to: $0) }
        let patient = retry(request, retries: 2, debounce: .linear(3), sleeper: clock.threadSleeper)
        #expect(patient("/e") == .left(.unavailable(request: 3)))
        #expect(server.requests == 3)
        #expect(clock.sleeps == [.seconds(3), .seconds(3)] as [Duration])
    }

    @Test func ioOfResultIsLazyAndEachRunRetriesAfresh() {
        let server = FlakyServer(failures: 3)
        let clock = ManualClock()
        let builds = Locked(0)
        let requestSyncR: @Sendable (String) -> IO<Result<String, StandInError>> = { path in
            builds.withLock { $0 += 1 }
            return IO { server.respond(to: path) }
        }
        let request: IO<Result<String, StandInError>> =
            retry(requestSyncR, retries: 3, debounce: .exponential(1), sleeper: clock.threadSleeper)("/io")
        #expect(server.requests == 0)
        #expect(builds.withLock { $0 } == 0, "not even the IO is built before the run")
        #expect(request.unsafeRun() == .success("/io #4"))
        #expect(server.requests == 4)
        #expect(builds.withLock { $0 } == 4, "one effect built and run once per attempt")
        #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(4)] as [Duration])
        #expect(request.unsafeRun() == .success("/io #5"))
        #expect(server.requests == 5)
    }

    @Test func ioOfEitherGrowsExponentially() {
        let server = FlakyServer(failures: 10)
        let clock = ManualClock()
        let requestSyncE: @Sendable (String) -> IO<Either<StandInError, String>> = { path in
            IO { server.respondEither(to: path) }
        }
        let request = retry(requestSyncE, retries: 3, debounce: .exponential(1), sleeper: clock.threadSleeper)("/")
        #expect(request.unsafeRun() == .left(.unavailable(request: 4)))
        #expect(
            clock.sleeps == [.seconds(1), .seconds(2), .seconds(4)] as [Duration], "the seed forgot to grow this one")
    }

    @Test func asyncFunctionsWaitOnTheInjectedClock() async throws {
        let server = FlakyServer(failures: 3)
        let clock = ManualClock()
        let download: @Sendable (String) async throws(StandInError) -> String = { path throws(StandInError) in
            try server.respond(to: path).get()
        }
        let patient = retry(download, retries: 3, debounce: .exponential(0.5), clock: clock)
        #expect(server.requests == 0)
        let task = Task { try await patient("/async") }
        for delay: Duration in [.milliseconds(500), .seconds(1), .seconds(2)] {
            try await clock.waitForSleepers(count: 1)
            clock.advance(by: delay)
        }
        #expect(try await task.value == "/async #4")
        #expect(server.requests == 4)
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1), .seconds(2)] as [Duration])
    }

    // MARK: The curried form, retry(f)(debounce)(retries)

    @Test func curriedFormsOfPlainContainersTakeTheDebounceThenTheRetries() {
        let server = FlakyServer(failures: 100)
        let optional: @Sendable (String) -> String? = { try? server.respond(to: $0).get() }
        let optionalRetry: @Sendable (String) -> String? = retry(optional)(.linear(0))(2)
        #expect(optionalRetry("/") == nil)
        #expect(server.requests == 3)

        let result: @Sendable (String) -> Result<String, StandInError> = { server.respond(to: $0) }
        let resultRetry: @Sendable (String) -> Result<String, StandInError> = retry(result)(.exponential(0))(1)
        #expect(resultRetry("/") == .failure(.unavailable(request: 5)))

        let either: @Sendable (String) -> Either<StandInError, String> = { server.respondEither(to: $0) }
        let eitherRetry: @Sendable (String) -> Either<StandInError, String> = retry(either)(.linear(0))(0)
        #expect(eitherRetry("/") == .left(.unavailable(request: 6)))
    }

    @Test func curriedFormsOfEffectsTakeTheDebounceThenTheRetriesAndStayLazy() {
        let server = FlakyServer(failures: 100)
        let ioResult: @Sendable (String) -> IO<Result<String, StandInError>> = { path in IO { server.respond(to: path) }
        }
        let lazyResult: IO<Result<String, StandInError>> = retry(ioResult)(.linear(0))(3)("/")
        #expect(server.requests == 0)
        #expect(lazyResult.unsafeRun() == .failure(.unavailable(request: 4)))

        let ioEither: @Sendable (String) -> IO<Either<StandInError, String>> = { path in
            IO { server.respondEither(to: path) }
        }
        let lazyEither: IO<Either<StandInError, String>> = retry(ioEither)(.linear(0))(1)("/")
        #expect(lazyEither.unsafeRun() == .left(.unavailable(request: 6)))

        let reader: @Sendable (String) -> Reader<Int, Result<String, StandInError>> = { path in
            Reader { _ in server.respond(to: path) }
        }
        let lazyReader: Reader<Int, Result<String, StandInError>> = retry(reader)(.linear(0))(1)("/")
        #expect(server.requests == 6)
        #expect(lazyReader.run(0) == .failure(.unavailable(request: 8)))
    }

    @Test func curriedFormOfAnAsyncFunctionTakesTheDebounceThenTheRetries() async {
        let server = FlakyServer(failures: 100)
        let download: @Sendable (String) async throws(StandInError) -> String = { path throws(StandInError) in
            try server.respond(to: path).get()
        }
        let curried: @Sendable (String) async throws(StandInError) -> String = retry(download)(.linear(0))(2)
        #expect(server.requests == 0)
        await #expect(throws: StandInError.unavailable(request: 3)) { try await curried("/") }
        #expect(server.requests == 3)
    }

    // MARK: The policy form, retry(f, policy:, sleeper:/clock:, retryIf:)

    /// Fails every request, with `.unavailable` twice and `.forbidden` from the third on.
    final class ForbiddenOnThird: Sendable {
        private let count = Locked(0)
        var requests: Int { count.withLock { $0 } }

        func result(_ path: String) -> Result<String, StandInError> {
            let request = count.withLock {
                $0 += 1; return $0
            }
            return .failure(request >= 3 ? .forbidden : .unavailable(request: request))
        }

        func either(_ path: String) -> Either<StandInError, String> {
            Either(result(path))
        }
    }

    private static let linearPolicy = RetryPolicy(
        retries: 5, backoff: .linear(initial: .seconds(1), increment: .seconds(1)))
    private static let isTransient: @Sendable (StandInError) -> Bool = { $0 != .forbidden }

    @Test func policyFormsOfPlainContainersRetryOnlyWhatRetryIfAccepts() {
        let clock = ManualClock()
        let server = ForbiddenOnThird()
        let result: @Sendable (String) -> Result<String, StandInError> =
            retry(server.result, policy: Self.linearPolicy, sleeper: clock.threadSleeper, retryIf: Self.isTransient)
        #expect(result("/") == .failure(.forbidden))
        #expect(server.requests == 3)
        #expect(clock.sleeps == [.seconds(1), .seconds(2)] as [Duration])

        let other = ForbiddenOnThird()
        let either: @Sendable (String) -> Either<StandInError, String> =
            retry(other.either, policy: Self.linearPolicy, sleeper: clock.threadSleeper, retryIf: Self.isTransient)
        #expect(either("/") == .left(.forbidden))
        #expect(other.requests == 3)

        let nothing: @Sendable (String) -> String? = { _ in nil }
        let optional: @Sendable (String) -> String? = retry(
            nothing, policy: .immediate(retries: 2), sleeper: clock.threadSleeper)
        #expect(optional("/") == nil)
        #expect(clock.sleeps.count == 4, "two waits for each forbidden-on-third retry; none for the immediate one")
    }

    @Test func policyFormsOfEffectsRetryOnlyWhatRetryIfAcceptsWhenRun() {
        let clock = ManualClock()
        let first = ForbiddenOnThird()
        let io: @Sendable (String) -> IO<Result<String, StandInError>> = { path in IO { first.result(path) } }
        let ioRetry: IO<Result<String, StandInError>> =
            retry(io, policy: Self.linearPolicy, sleeper: clock.threadSleeper, retryIf: Self.isTransient)("/")
        #expect(first.requests == 0)
        #expect(ioRetry.unsafeRun() == .failure(.forbidden))
        #expect(first.requests == 3)

        let second = ForbiddenOnThird()
        let ioEither: @Sendable (String) -> IO<Either<StandInError, String>> = { path in IO { second.either(path) } }
        let ioEitherRetry: IO<Either<StandInError, String>> =
            retry(ioEither, policy: Self.linearPolicy, sleeper: clock.threadSleeper, retryIf: Self.isTransient)("/")
        #expect(ioEitherRetry.unsafeRun() == .left(.forbidden))
        #expect(second.requests == 3)

        let third = ForbiddenOnThird()
        let reader: @Sendable (String) -> Reader<Void, Result<String, StandInError>> = { path in
            Reader { _ in third.result(path) }
        }
        let readerRetry: Reader<Void, Result<String, StandInError>> =
            retry(reader, policy: Self.linearPolicy, sleeper: clock.threadSleeper, retryIf: Self.isTransient)("/")
        #expect(third.requests == 0)
        #expect(readerRetry.run(()) == .failure(.forbidden))
        #expect(third.requests == 3)
        #expect(clock.sleeps.count == 6)
    }

    @Test func asyncPolicyFormRetriesOnlyWhatRetryIfAccepts() async throws {
        let server = FlakyServer(failures: 100)
        let clock = ManualClock()
        let download: @Sendable (String) async throws(StandInError) -> String = { path throws(StandInError) in
            try server.respond(to: path).get()
        }
        let onlyTheFirstTwo: @Sendable (StandInError) -> Bool = { $0 != .unavailable(request: 2) }
        let patient = retry(download, policy: .immediate(retries: 5), clock: clock, retryIf: onlyTheFirstTwo)
        await #expect(throws: StandInError.unavailable(request: 2)) { try await patient("/") }
        #expect(server.requests == 2)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func asyncRetryIsLazyAndEachCallRetriesAfresh() async throws {
        let server = FlakyServer(failures: 1)
        let download: @Sendable (String) async throws(StandInError) -> String = { path throws(StandInError) in
            try server.respond(to: path).get()
        }
        let patient = retry(download, policy: .immediate(retries: 1), clock: ManualClock())
        #expect(server.requests == 0, "building the retrying function runs nothing")
        #expect(try await patient("/x") == "/x #2")
        #expect(try await patient("/x") == "/x #3")
        #expect(server.requests == 3)
    }
}
