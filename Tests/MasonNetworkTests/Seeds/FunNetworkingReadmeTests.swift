import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTesting
import Testing

// FunNetworking's README examples 1–4 and its chaining example.
//
// Each example appears twice: as written in the README (`ReadmeAsWritten`: it compiles against
// MasonNetwork with the default URLSession transport; it is not run, because these tests do not touch
// the network), and with one cosmetic change — `requestAsyncR` becomes `requestAsyncR(transport: stub)`
// — run against a stub transport, so the whole pipeline (build, authorize, send, validate, decode)
// runs. Other cosmetic changes: `Error` is spelled `any Error` (Mason builds with `ExistentialAny`);
// example 4's typo `urlRequesstWithTimeout` is spelled right; and examples 3.x apply `authorization`
// with `>=>`, not `|>`, as FunNetworking's own playground does — after `>=>` the request is optional,
// so the README's `|> authorization(…)` did not compile with FunNetworking either.

private struct AgeGuess: Decodable, Equatable, Sendable {
    let name: String
    let age: Int
}

private struct Host: Decodable, Equatable, Sendable {
    let ip: String
}

private struct IpInfo: Decodable, Equatable, Sendable {
    let city: String
    let country: String
}

/// The README's own helpers (user code in FunNetworking's README, not library symbols).
private let urlRequestWithTimeout = flip(requestWithCachePolicy(.returnCacheDataElseLoad))
private let requestWithTimeout = urlRequestWithTimeout

/// The examples as the README writes them (with the cosmetic changes above): compiled, not run.
private enum ReadmeAsWritten {
    // Example 1: Asynchronous request - requestAsyncR
    static func ageGuess(from name: String) -> Deferred<Result<AgeGuess, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            |> requestAsyncR
            <&> decodeJsonData
    }

    // Example 2: Synchronous request - requestSyncR
    static func ageGuessSync(from name: String) -> IO<Result<AgeGuess, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            |> requestSyncR
            <&> decodeJsonData
    }

    // Example 3.1: Add basic authorization
    static func ageGuessWithBasicAuth(from name: String) -> IO<Result<Data, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            >=> authorization(.basic(username: "guest", password: "guest"))
            |> requestSyncR
    }

    // Example 3.2: Add OAuth authorization
    static func ageGuessWithOAuth(from name: String) -> IO<Result<Data, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            >=> authorization(.bearer("secret-token-123"))
            |> requestSyncR
    }

    // Example 3.3: Custom
    static func ageGuessWithCustom(from name: String) -> IO<Result<Data, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            >=> authorization(.custom(field: "CustomField", data: "5-53455345g"))
            |> requestSyncR
    }

    // Example 4: Asynchronous request with retry - requestAsyncR
    static func ageGuessWithRetry(from name: String) -> Deferred<Result<AgeGuess, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            |> retry(requestAsyncR, retries: 3, debounce: .linear(5))
            <&> decodeJsonData
    }

    // Example of chaining operations
    static let fetchIpNumber: IO<Either<any Error, Host>> = {
        "https://api.ipify.org/?format=json"
            |> URL.init(string:)
            >=> requestWithTimeout(30)
            |> requestSyncE
            <&> decodeJsonData
    }()

    static func ipInfoFrom(_ host: Host) -> IO<Either<any Error, IpInfo>> {
        "https://ipinfo.io/\(host.ip)/geo"
            |> URL.init(string:)
            >=> requestWithTimeout(30)
            |> retry(requestSyncE, retries: 3, debounce: .linear(2))
            <&> decodeJsonData
    }

    static let fetchHostInfo: @Sendable (Either<any Error, Host>) -> IO<Either<any Error, IpInfo>> = { result in
        switch result {
        case let .right(host):
            return ipInfoFrom(host)
        case let .left(error):
            return IO { .left(error) }
        }
    }

    static let ipInfoFetcher = fetchIpNumber >>- fetchHostInfo
}

/// The answers of the seeds' APIs (a new stub for each test, so each sees only its own requests).
private func makeReadmeServer() -> StubTransport {
    StubTransport.routes([
        "https://api.agify.io/?name=Jane": .json(#"{"name": "Jane", "age": 48, "count": 1021}"#),
        "https://api.ipify.org/?format=json": .json(#"{"ip": "10.0.0.7"}"#),
        "https://ipinfo.io/10.0.0.7/geo": .json(#"{"ip": "10.0.0.7", "city": "Lund", "country": "SE"}"#)
    ])
}

@Suite struct FunNetworkingReadmeTests {
    private let stub = makeReadmeServer()

    // Example 1, against the stub.
    private func ageGuess(from name: String) -> Deferred<Result<AgeGuess, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            |> requestAsyncR(transport: stub)
            <&> decodeJsonData
    }

    // Example 2, against the stub.
    private func ageGuessSync(from name: String) -> IO<Result<AgeGuess, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            |> requestSyncR(transport: stub)
            <&> decodeJsonData
    }

    // Example 3.1, against a stub recording the request.
    private func ageGuessWithBasicAuth(from name: String, stub: StubTransport) -> IO<Result<Data, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            >=> authorization(.basic(username: "guest", password: "guest"))
            |> requestSyncR(transport: stub)
    }

    // Example 3.2, against a stub recording the request.
    private func ageGuessWithOAuth(from name: String, stub: StubTransport) -> IO<Result<Data, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            >=> authorization(.bearer("secret-token-123"))
            |> requestSyncR(transport: stub)
    }

    // Example 3.3, against a stub recording the request.
    private func ageGuessWithCustom(from name: String, stub: StubTransport) -> IO<Result<Data, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            >=> authorization(.custom(field: "CustomField", data: "5-53455345g"))
            |> requestSyncR(transport: stub)
    }

    // Example 4, against a stub and on a manual clock.
    private func ageGuessWithRetry(
        from name: String, transport: StubTransport, clock: ManualClock
    ) -> Deferred<Result<AgeGuess, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            |> retry(requestAsyncR(transport: transport), retries: 3, debounce: .linear(5), clock: clock)
            <&> decodeJsonData
    }

    @Test func example1DecodesTheAgeGuessAsynchronously() async throws {
        let guess = try await ageGuess(from: "Jane").value.get()
        #expect(guess == AgeGuess(name: "Jane", age: 48))
        let delivered: Result<AgeGuess, any Error> = await withCheckedContinuation { continuation in
            ageGuess(from: "Jane").run { continuation.resume(returning: $0) }
        }
        #expect(try delivered.get() == guess)
    }

    @Test func example1ReportsA404WithItsResponse() async {
        let result = await ageGuess(from: "Nobody").value
        guard case .failure(let error) = result, let failure = error as? NetworkRequestError else {
            Issue.record("expected a NetworkRequestError")
            return
        }
        #expect(failure.statusCode == 404)
    }

    @Test func example2DecodesTheAgeGuessSynchronously() async throws {
        let pipeline = ageGuessSync(from: "Jane")
        let result = pipeline.unsafeRun()  // blocks this task's thread: safe, as a user would call it
        #expect(try result.get() == AgeGuess(name: "Jane", age: 48))
    }

    @Test func examples3SendTheReadmesAuthorizationHeaders() async throws {
        let stub = StubTransport(.json("{}"))
        let basic = ageGuessWithBasicAuth(from: "Jane", stub: stub)
        let oauth = ageGuessWithOAuth(from: "Jane", stub: stub)
        let custom = ageGuessWithCustom(from: "Jane", stub: stub)
        let results = [basic.unsafeRun(), oauth.unsafeRun(), custom.unsafeRun()]
        for result in results {
            #expect(try result.get() == Data("{}".utf8))
        }
        let headers = stub.requests.map { $0.allHTTPHeaderFields ?? [:] }
        #expect(
            headers == [
                ["Authorization": "Basic Z3Vlc3Q6Z3Vlc3Q="],
                ["Authorization": "Bearer secret-token-123"],
                ["Authorization": "CustomField 5-53455345g"]
            ])
    }

    @Test func example4RetriesAfterA503OnVirtualTime() async throws {
        let flaky = StubTransport.sequence([
            .status(503), .status(503), .json(#"{"name": "Jane", "age": 48}"#)
        ])
        let clock = ManualClock()
        let pipeline = ageGuessWithRetry(from: "Jane", transport: flaky, clock: clock)
        #expect(flaky.requests.isEmpty)  // lazy: nothing sent yet
        let run = Task { await pipeline.value }
        for _ in 1...2 {
            try await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(5))
        }
        #expect(try await run.value.get() == AgeGuess(name: "Jane", age: 48))
        #expect(flaky.requests.count == 3)
        let fiveSeconds: Duration = .seconds(5)
        #expect(clock.sleeps == [fiveSeconds, fiveSeconds])
    }

    @Test func example4GivesUpAfterTheRetriesWithTheLastResponse() async throws {
        let down = StubTransport(.text("maintenance", status: 503))
        let clock = ManualClock()
        let run = Task { await ageGuessWithRetry(from: "Jane", transport: down, clock: clock).value }
        for _ in 1...3 {
            try await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(5))
        }
        let result = await run.value
        guard case .failure(let error) = result, let failure = error as? NetworkRequestError else {
            Issue.record("expected a NetworkRequestError")
            return
        }
        #expect(failure.response?.text == "maintenance")
        #expect(down.requests.count == 4)
    }

    // The chaining example, against the stub.
    private var fetchIpNumber: IO<Either<any Error, Host>> {
        "https://api.ipify.org/?format=json"
            |> URL.init(string:)
            >=> requestWithTimeout(30)
            |> requestSyncE(transport: stub)
            <&> decodeJsonData
    }

    private func ipInfoFrom(_ host: Host) -> IO<Either<any Error, IpInfo>> {
        "https://ipinfo.io/\(host.ip)/geo"
            |> URL.init(string:)
            >=> requestWithTimeout(30)
            |> retry(requestSyncE(transport: stub), retries: 3, debounce: .linear(2))
            <&> decodeJsonData
    }

    /// The README's `fetchHostInfo`, with the type it declares there: a plain function, no `@Sendable`.
    /// A fresh one for each use, since giving it to `>>-` or `flatMap` gives it up (`sending`).
    private func makeFetchHostInfo() -> (Either<any Error, Host>) -> IO<Either<any Error, IpInfo>> {
        let fetchHostInfo: (Either<any Error, Host>) -> IO<Either<any Error, IpInfo>> = { result in
            switch result {
            case let .right(host):
                return ipInfoFrom(host)
            case let .left(error):
                return IO { .left(error) }
            }
        }
        return fetchHostInfo
    }

    @Test func chainingFetchesTheIPThenItsInfo() async {
        let fetchHostInfo = makeFetchHostInfo()
        let ipInfoFetcher = fetchIpNumber >>- fetchHostInfo
        let result = ipInfoFetcher.unsafeRun()
        guard case .right(let info) = result else {
            Issue.record("expected the IP info, got \(result)")
            return
        }
        #expect(info == IpInfo(city: "Lund", country: "SE"))
        let urls = stub.requests.compactMap { $0.url?.absoluteString }
        #expect(urls == ["https://api.ipify.org/?format=json", "https://ipinfo.io/10.0.0.7/geo"])
    }

    @Test func chainingWithFlatMapIsTheSame() async {
        // "fetchIpNumber >>- fetchHostInfo chains them, but you could use flatMap instead".
        let fetchHostInfo = makeFetchHostInfo()
        let result = fetchIpNumber.flatMap(fetchHostInfo).unsafeRun()
        guard case .right(let info) = result else {
            Issue.record("expected the IP info, got \(result)")
            return
        }
        #expect(info == IpInfo(city: "Lund", country: "SE"))
    }

    @Test func theReadmeAsWrittenBuildsLazilyWithoutSending() {
        // Building the README's effects sends nothing: they are lazy. (Running them would use the
        // network, so they are not run here.)
        _ = ReadmeAsWritten.ageGuess(from: "Jane")
        _ = ReadmeAsWritten.ageGuessSync(from: "Jane")
        _ = ReadmeAsWritten.ageGuessWithBasicAuth(from: "Jane")
        _ = ReadmeAsWritten.ageGuessWithOAuth(from: "Jane")
        _ = ReadmeAsWritten.ageGuessWithCustom(from: "Jane")
        _ = ReadmeAsWritten.ageGuessWithRetry(from: "Jane")
        _ = ReadmeAsWritten.ipInfoFetcher
        #expect(URLSessionTransport.shared.maximumBodySize == URLSessionTransport.defaultMaximumBodySize)
    }
}
