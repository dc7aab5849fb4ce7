import Foundation
import Mason
import MasonNetwork
import MasonTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// MasonNetwork over a real HTTP server on 127.0.0.1 (MasonTesting's `LoopbackServer`), through
/// `URLSessionTransport`: the seeds' requests, errors with their context, limits and cancellation.
@Suite(.timeLimit(.minutes(2))) struct LoopbackTransportTests {
    private struct AgeGuess: Decodable, Equatable, Sendable {
        let name: String
        let age: Int
    }

    private struct Note: Codable, Equatable, Sendable {
        let title: String
    }

    private let transport = URLSessionTransport(configuration: .ephemeral, maximumBodySize: 64 * 1024)

    private func request(_ url: URL) -> URLRequest {
        URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 30)
    }

    @Test func theSeedsAgeGuessChainRunsAgainstARealServer() async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/", query: ["name": "Jane"])
            let fetch = requestAsyncR(transport: transport)
            let ageGuess: Deferred<Result<AgeGuess, any Error>> =
                url.absoluteString
                |> URL.init(string:)
                >=> { URLRequest(url: $0, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 30) }
                |> fetch
                <&> decodeJsonData
            let guess = try await ageGuess.value.get()
            #expect(guess == AgeGuess(name: "Jane", age: 48))
            #expect(server.requestCount(path: "/") == 1)
        }
    }

    @Test func aNonSuccessStatusKeepsItsStatusHeadersAndBody() async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/products/1", fault: .status(503, headers: ["X-Reason": "maintenance"], body: "down for a bit"))
            let result = await requestAsync(request(url), transport: transport).value
            guard case .failure(.invalidResponse(let response)) = result else {
                Issue.record("expected invalidResponse, got \(result)")
                return
            }
            #expect(response.status == 503)
            #expect(response.headers.first { $0.key.lowercased() == "x-reason" }?.value == "maintenance")
            #expect(response.text == "down for a bit")
        }
    }

    @Test func authorizationHeadersArriveExactlyAsTheSeedSays() async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/headers")
            let basic = request(url) |> authorization(.basic(username: "guest", password: "guest"))
            _ = await requestAsync(basic, transport: transport).value
            #expect(server.lastRequest(path: "/headers")?.headers.first { $0.key.lowercased() == "authorization" }?.value
                == "Basic Z3Vlc3Q6Z3Vlc3Q=")
            let bearer = request(url) |> authorization(.bearer("secret-token-123"))
            _ = await requestAsync(bearer, transport: transport).value
            #expect(server.lastRequest(path: "/headers")?.headers.first { $0.key.lowercased() == "authorization" }?.value
                == "Bearer secret-token-123")
        }
    }

    @Test func aHeaderValueWithCarriageReturnIsRejectedBeforeSending() async throws {
        try await LoopbackServer.withRunning { server in
            let unsafe = request(server.url("/headers")) |> setHeader("evil\r\nX-Injected: 1", for: "X-Note")
            let result = await requestAsync(unsafe, transport: transport).value
            #expect(result == .failure(.invalidHeader(field: "X-Note")))
            #expect(server.requestCount() == 0)
        }
    }

    @Test func anEncodableBodyIsPostedAsJSON() async throws {
        try await LoopbackServer.withRunning { server in
            let posted = request(server.url("/echo")) |> post(Note(title: "mortar"))
            _ = await requestAsync(posted, transport: transport).value
            let recorded = try #require(server.lastRequest(path: "/echo"))
            #expect(recorded.method == "POST")
            #expect(try JSONDecoder().decode(Note.self, from: recorded.body) == Note(title: "mortar"))
        }
    }

    @Test func aBodyOverTheLimitFailsWithBodyTooLarge() async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/products/1", fault: .hugeBody(bytes: 1_000_000))
            let result = await requestAsync(request(url), transport: transport).value
            #expect(result == .failure(.bodyTooLarge(limit: 64 * 1024)))
        }
    }

    @Test func malformedJSONFailsToDecodeWithATypedError() async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/", query: ["name": "Jane"], fault: .malformedJSON)
            let data = await requestAsync(request(url), transport: transport).value
            let decoded: Result<AgeGuess, NetworkRequestError> = decodeJsonData(result: data, decoder: JSONDecoder())
            guard case .failure(.decodingFailed(let type, _, _)) = decoded else {
                Issue.record("expected decodingFailed, got \(decoded)")
                return
            }
            #expect(type.contains("AgeGuess"))
        }
    }

    @Test func aDroppedConnectionFailsWithATypedError() async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/products/2", fault: .dropConnection)
            let result = await requestAsync(request(url), transport: transport).value
            guard case .failure(let error) = result else {
                Issue.record("expected a failure, got \(result)")
                return
            }
            #expect(error != .canceledByUser)
        }
    }

    @Test func cancellingARequestClosesTheConnectionAndReportsCanceledByUserOnce() async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/products/3", id: "cancel-me", fault: .neverRespond)
            let deferred = requestAsync(request(url), transport: transport)
            let delivered = Locked<[Result<Data, NetworkRequestError>]>([])
            let done = AsyncStream<Void>.makeStream()
            deferred.run { result in
                delivered.withLock { $0.append(result) }
                done.continuation.yield()
            }
            try await server.waitForRequests(1, id: "cancel-me")
            deferred.cancel()
            for await _ in done.stream { break }
            try await server.waitForDisconnections(1, id: "cancel-me")
            #expect(delivered.withLock { $0 } == [.failure(.canceledByUser)])
        }
    }
}
