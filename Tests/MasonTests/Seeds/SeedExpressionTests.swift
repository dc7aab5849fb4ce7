import Foundation
import Mason
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The seeds' own expressions, compiled with Mason's operator table. Each test asserts both what the
// expression returns and how it parses (by comparing it with the explicitly parenthesised form).
// The request functions here are stand-ins with FunNetworking's signatures: they answer from a table
// of canned responses, because the test is about parsing and composition; MasonNetwork's real
// `requestSyncR`/`requestAsyncR` are tested against a real server in MasonNetworkTests.

private struct AgeGuess: Decodable, Equatable, Sendable {
    let name: String
    let age: Int
}

private struct Host: Decodable, Equatable, Sendable {
    let ip: String
}

private struct IpInfo: Decodable, Equatable, Sendable {
    let city: String
}

private enum StandInError: Error, Equatable {
    case invalidRequest
    case notFound(String)
}

private let cannedResponses: [String: String] = [
    "https://api.agify.io/?name=Jane": #"{"name": "Jane", "age": 48}"#,
    "https://api.ipify.org/?format=json": #"{"ip": "10.0.0.7"}"#,
    "https://ipinfo.io/10.0.0.7/geo": #"{"city": "Lund"}"#
]

/// FunNetworking's `requestSyncR` shape: `(URLRequest?) -> IO<Result<Data, Error>>`.
@Sendable private func requestSyncR(_ request: URLRequest?) -> IO<Result<Data, any Error>> {
    IO {
        guard let url = request?.url?.absoluteString else { return .failure(StandInError.invalidRequest) }
        guard let body = cannedResponses[url] else { return .failure(StandInError.notFound(url)) }
        return .success(Data(body.utf8))
    }
}

/// FunNetworking's `requestSyncE` shape: `(URLRequest?) -> IO<Either<Error, Data>>`.
@Sendable private func requestSyncE(_ request: URLRequest?) -> IO<Either<any Error, Data>> {
    requestSyncR(request).map { result in
        switch result {
        case .success(let data): .right(data)
        case .failure(let error): .left(error)
        }
    }
}

/// FunNetworking's `requestAsyncR` shape: `(URLRequest?) -> Deferred<Result<Data, Error>>`.
@Sendable private func requestAsyncR(_ request: URLRequest?) -> Deferred<Result<Data, any Error>> {
    let io = requestSyncR(request)
    return Deferred { io.unsafeRun() }
}

/// FunNetworking's `decodeJsonData` for `Result`.
@Sendable private func decodeJsonData<Value: Decodable>(_ result: Result<Data, any Error>) -> Result<Value, any Error> {
    result.flatMap { data in Result { try JSONDecoder().decode(Value.self, from: data) } }
}

/// FunNetworking's `decodeJsonData` for `Either`.
@Sendable private func decodeJsonData<Value: Decodable>(_ either: Either<any Error, Data>) -> Either<any Error, Value> {
    either.flatMap { data in
        do { return .right(try JSONDecoder().decode(Value.self, from: data)) } catch { return .left(error) }
    }
}

/// FunNetworking's README helper: `flip(requestWithCachePolicy(.returnCacheDataElseLoad))`.
private let requestWithCachePolicy = flip(curry(URLRequest.init(url:cachePolicy:timeoutInterval:)))
private let urlRequestWithTimeout = flip(requestWithCachePolicy(.returnCacheDataElseLoad))
private let requestWithTimeout = urlRequestWithTimeout

@Suite struct SeedExpressionTests {
    // FunNetworking README, example 2 (synchronous request), as written there.
    private func ageGuess(from name: String) -> IO<Result<AgeGuess, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            |> requestSyncR
            <&> decodeJsonData
    }

    private func ageGuessParenthesised(from name: String) -> IO<Result<AgeGuess, any Error>> {
        ("https://api.agify.io/?name=\(name)" |> (URL.init(string:) >=> urlRequestWithTimeout(30)))
            |> (requestSyncR <&> decodeJsonData)
    }

    // FunNetworking README, example 1 (asynchronous request), as written there.
    private func ageGuessAsync(from name: String) -> Deferred<Result<AgeGuess, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            |> requestAsyncR
            <&> decodeJsonData
    }

    // FunNetworking README, example 4 (asynchronous request with retry), as written there.
    private func ageGuessWithRetry(from name: String) -> Deferred<Result<AgeGuess, any Error>> {
        "https://api.agify.io/?name=\(name)"
            |> URL.init(string:)
            >=> urlRequestWithTimeout(30)
            |> retry(requestAsyncR, retries: 3, debounce: .linear(5))
            <&> decodeJsonData
    }

    @Test func funNetworkingAsyncChainsDecodeTheResponse() async throws {
        let guess = try await ageGuessAsync(from: "Jane").value.get()
        #expect(guess == AgeGuess(name: "Jane", age: 48))
        let retried = try await ageGuessWithRetry(from: "Jane").value.get()
        #expect(retried == guess)
        let inbox = Locked<[AgeGuess]>([])
        await withCheckedContinuation { continuation in
            ageGuessAsync(from: "Jane").run { result in
                if case .success(let guess) = result { inbox.withLock { $0.append(guess) } }
                continuation.resume()
            }
        }
        #expect(inbox.withLock { $0 } == [guess])
    }

    @Test func funNetworkingAgeGuessChainDecodesTheResponse() throws {
        let guess = try ageGuess(from: "Jane").unsafeRun().get()
        #expect(guess == AgeGuess(name: "Jane", age: 48))
        let same = try ageGuessParenthesised(from: "Jane").unsafeRun().get()
        #expect(same == guess)
    }

    @Test func funNetworkingChainPassesTheUpstreamFailureThrough() {
        let result = ageGuess(from: "Nobody").unsafeRun()
        #expect(throws: StandInError.notFound("https://api.agify.io/?name=Nobody")) { try result.get() }
    }

    @Test func urlRequestWithTimeoutBuildsTheRequestTheReadmeDescribes() throws {
        let url = try #require(URL(string: "https://example.com"))
        let request = urlRequestWithTimeout(30)(url)
        #expect(request.url == url)
        #expect(request.timeoutInterval == 30)
        #expect(request.cachePolicy == .returnCacheDataElseLoad)
    }

    @Test func kleisliWithAPlainRightSideKeepsTheOptionalOfTheLeft() {
        let build = URL.init(string:) >=> urlRequestWithTimeout(30)
        #expect(build("https://example.com")?.url?.absoluteString == "https://example.com")
        #expect(build("") == nil)
    }

    // FunNetworking README, "How to do chaining?", as written there (with IO).
    private let fetchIpNumber: IO<Either<any Error, Host>> = {
        "https://api.ipify.org/?format=json"
            |> URL.init(string:)
            >=> requestWithTimeout(30)
            |> requestSyncE
            <&> decodeJsonData
    }()

    @Test func funNetworkingChainingWithBindFetchesTheSecondResource() {
        // As written in the README: a plain, unannotated function type.
        let fetchHostInfo: (Either<any Error, Host>) -> IO<Either<any Error, IpInfo>> = { result in
            switch result {
            case let .right(host):
                return ipInfoFrom(host)
            case let .left(error):
                return IO { .left(error) }
            }
        }
        let ipInfoFetcher = fetchIpNumber >>- fetchHostInfo
        guard case .right(let info) = ipInfoFetcher.unsafeRun() else {
            Issue.record("expected the IP info")
            return
        }
        #expect(info == IpInfo(city: "Lund"))
    }

    @Test func funNetworkingChainingWithFlatMapFetchesTheSecondResource() {
        let fetchHostInfo: (Either<any Error, Host>) -> IO<Either<any Error, IpInfo>> = { result in
            switch result {
            case let .right(host):
                return ipInfoFrom(host)
            case let .left(error):
                return IO { .left(error) }
            }
        }
        guard case .right(let same) = fetchIpNumber.flatMap(fetchHostInfo).unsafeRun() else {
            Issue.record("expected the IP info")
            return
        }
        #expect(same == IpInfo(city: "Lund"))
    }
}

// FunNetworking README, "How to do chaining?": a free function there too.
private func ipInfoFrom(_ host: Host) -> IO<Either<any Error, IpInfo>> {
    "https://ipinfo.io/\(host.ip)/geo"
        |> URL.init(string:)
        >=> requestWithTimeout(30)
        |> requestSyncE
        <&> decodeJsonData
}
