import Foundation
import Mason
import MasonNetwork
import MasonTestServer
import MasonTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Mortar's README case study on real parts: a request builder, a synchronous `MemoryResponseCache`,
/// a session sending through a transport to the loopback server and storing what it gets, and a
/// decoder —
///
///     client.buildRequest <<- cache.fetchCached <-> session.fetchUpdated <<- Model.create
///
/// which parses as `(buildRequest <<- (fetchCached <-> fetchUpdated)) <<- create` and is an async
/// function `(Credentials) async throws(NetworkRequestError) -> Model`.
@Suite(.timeLimit(.minutes(5))) struct MortarNetworkCaseStudyTests {
    struct Credentials: Sendable {
        let token: String
    }

    /// Builds the request from the server's URL and the credentials.
    struct Client: Sendable {
        let baseURL: URL

        func buildRequest(_ credentials: Credentials) -> URLRequest {
            let url = baseURL.appendingPathComponent("products").appendingPathComponent("7")
            var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 300)
            request.setValue("Bearer \(credentials.token)", forHTTPHeaderField: "Authorization")
            return request
        }
    }

    /// Fetches through a transport and stores what may be cached.
    struct Session: Sendable {
        let transport: any Transport
        let cache: MemoryResponseCache

        func fetchUpdated(with request: URLRequest) async throws(NetworkRequestError) -> Data {
            let (data, response) = try await dataTask(request, transport: transport).value.get()
            await cache.store(data, response, for: request)
            return data
        }
    }

    struct Model: Decodable, Sendable, Equatable {
        let id: Int
        let name: String

        static func create(_ data: Data) -> Result<Model, NetworkRequestError> {
            decodeJsonData(result: .success(data))
        }
    }

    private static let product7 = Model(id: 7, name: "Product 7")

    /// The case study's pipeline over `server` and `cache`, for the tests after the first two.
    private static func pipeline(
        _ server: LoopbackServer, _ cache: MemoryResponseCache
    ) -> @Sendable (Credentials) async throws(NetworkRequestError) -> Model {
        let client = Client(baseURL: server.baseURL)
        let session = Session(transport: URLSessionTransport(configuration: .ephemeral), cache: cache)
        return client.buildRequest <<- cache.fetchCached <-> session.fetchUpdated <<- Model.create
    }

    @Test func theFirstCallGoesToTheNetworkAndTheSecondIsServedFromTheCache() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let cache = MemoryResponseCache(timeToLive: .seconds(60), clock: ManualClock())
            let client = Client(baseURL: server.baseURL)
            let session = Session(transport: URLSessionTransport(configuration: .ephemeral), cache: cache)
            let credentials = Credentials(token: "ada")

            let pipeline = client.buildRequest <<- cache.fetchCached <-> session.fetchUpdated <<- Model.create

            let first = try await pipeline(credentials)  // a cache miss: from the network, then stored
            #expect(first == Self.product7)
            #expect(server.requestCount(path: "/products/7") == 1)
            let second = try await pipeline(credentials)  // a fresh hit: no request
            #expect(second == Self.product7)
            #expect(server.requestCount(path: "/products/7") == 1)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func theParenthesisedPipelineIsTheSameFunction() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let cache = MemoryResponseCache(timeToLive: .seconds(60), clock: ManualClock())
            let client = Client(baseURL: server.baseURL)
            let session = Session(transport: URLSessionTransport(configuration: .ephemeral), cache: cache)
            let fetchResponse = cache.fetchCached <-> session.fetchUpdated
            let pipeline = (client.buildRequest <<- fetchResponse) <<- Model.create
            let first = try await pipeline(Credentials(token: "ada"))
            let second = try await pipeline(Credentials(token: "ada"))
            #expect([first, second] == [Self.product7, Self.product7])
            #expect(server.requestCount(path: "/products/7") == 1)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func aStaleEntryOrOtherCredentialsGoBackToTheNetwork() async throws {
        try await LoopbackServer.withRunning { server in
            let clock = ManualClock()
            let pipeline = Self.pipeline(server, MemoryResponseCache(timeToLive: .seconds(60), clock: clock))
            _ = try await pipeline(Credentials(token: "ada"))
            _ = try await pipeline(Credentials(token: "grace"))  // another Authorization: another key
            let afterTwoUsers = server.requestCount(path: "/products/7")
            clock.advance(by: .seconds(60))
            _ = try await pipeline(Credentials(token: "ada"))  // stale: fetchCached misses
            _ = try await pipeline(Credentials(token: "ada"))  // fresh again: from the cache
            let authorizations = server.requests(path: "/products/7").compactMap { $0.header("Authorization") }
            #expect(afterTwoUsers == 2)
            #expect(authorizations == ["Bearer ada", "Bearer grace", "Bearer ada"])
        }
    }

    @Test func aNetworkFailureAfterACacheMissIsThePipelinesFailure() async throws {
        try await LoopbackServer.withRunning { server in
            let cache = MemoryResponseCache(timeToLive: .seconds(60), clock: ManualClock())
            let pipeline = Self.pipeline(server, cache)
            server.inject([.status(503)], at: "/products/7")
            await #expect(throws: NetworkRequestError.self) { try await pipeline(Credentials(token: "ada")) }
            #expect(cache.count == 0)
            let recovered = try await pipeline(Credentials(token: "ada"))
            #expect(recovered == Self.product7)
            #expect(server.requestCount(path: "/products/7") == 2)
        }
    }

    @Test func aCachedBodyTheModelCannotDecodeIsADecodingFailure() async throws {
        try await LoopbackServer.withRunning { server in
            let cache = MemoryResponseCache(timeToLive: .seconds(60), clock: ManualClock())
            let pipeline = Self.pipeline(server, cache)
            server.inject(.status(200, body: #"{"id":"seven"}"#), at: "/products/7")
            let result: Result<Model, NetworkRequestError>
            do { result = .success(try await pipeline(Credentials(token: "ada"))) } catch {
                result = .failure(NetworkRequestError(error))
            }
            guard case .failure(.decodingFailed(let type, _, let path)) = result else {
                Issue.record("expected a decoding failure, got \(result)")
                return
            }
            #expect(type == "Model")
            #expect(path == ["id"])
        }
    }
}
