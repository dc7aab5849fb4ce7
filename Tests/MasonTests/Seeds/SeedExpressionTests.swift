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

private enum StandInError: Error, Equatable {
    case invalidRequest
    case notFound(String)
}

private let cannedResponses: [String: String] = [
    "https://api.agify.io/?name=Jane": #"{"name": "Jane", "age": 48}"#
]

/// FunNetworking's `requestSyncR` shape: `(URLRequest?) -> IO<Result<Data, Error>>`.
@Sendable private func requestSyncR(_ request: URLRequest?) -> IO<Result<Data, any Error>> {
    IO {
        guard let url = request?.url?.absoluteString else { return .failure(StandInError.invalidRequest) }
        guard let body = cannedResponses[url] else { return .failure(StandInError.notFound(url)) }
        return .success(Data(body.utf8))
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
}
