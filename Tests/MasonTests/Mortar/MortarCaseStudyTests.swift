import Mason
import Testing

/// Mortar's README case study, with a synchronous cache and a session that completes from another task:
///
///     client.buildRequest <<- cache.fetchCached <-> session.fetchUpdated <<- Model.create
///
/// parses as `(buildRequest <<- (fetchCached <-> fetchUpdated)) <<- create` and is a callback function.
@Suite struct MortarCaseStudyTests {
    typealias F = MortarFixtures
    typealias Payload = ([UInt8], Response)
    typealias Completion = @Sendable (Result<Model, NetworkError>) -> Void

    struct Credentials: Sendable {
        let user: String
    }

    struct Request: Sendable, Hashable {
        let path: String
        let user: String
    }

    struct Response: Sendable, Equatable {
        let status: Int
    }

    enum NetworkError: Error, Equatable {
        case notCached
        case offline
    }

    struct Model: Sendable, Equatable {
        let text: String
        let status: Int

        static func create(_ payload: Payload) -> Model {
            Model(text: String(decoding: payload.0, as: UTF8.self), status: payload.1.status)
        }
    }

    struct Client: Sendable {
        func buildRequest(_ credentials: Credentials) -> Request {
            Request(path: "/profile", user: credentials.user)
        }
    }

    /// Answers synchronously from its entries; records every lookup.
    final class Cache: Sendable {
        let entries: [Request: [UInt8]]
        let lookups = F.Log<Request>()

        init(_ entries: [Request: [UInt8]] = [:]) {
            self.entries = entries
        }

        func fetchCached(for request: Request) -> Result<Payload, NetworkError> {
            lookups.record(request)
            guard let bytes = entries[request] else { return .failure(.notCached) }
            return .success((bytes, Response(status: 304)))
        }
    }

    /// Completes from another task; records every request.
    final class Session: Sendable {
        let reply: Result<[UInt8], NetworkError>
        let requests = F.Log<Request>()

        init(reply: Result<[UInt8], NetworkError>) {
            self.reply = reply
        }

        func fetchUpdated(
            with request: Request, completionHandler: @escaping @Sendable (Result<Payload, NetworkError>) -> Void
        ) {
            requests.record(request)
            let reply = reply
            Task.detached { completionHandler(reply.map { ($0, Response(status: 200)) }) }
        }
    }

    let client = Client()
    let credentials = Credentials(user: "ada")
    let request = Request(path: "/profile", user: "ada")

    func run(
        _ pipeline: @escaping @Sendable (Credentials, @escaping Completion) -> Void
    ) async -> Result<Model, NetworkError>? {
        let credentials = credentials
        return await F.completion { pipeline(credentials, $0) }
    }

    @Test func aCacheHitReturnsTheCachedModelAndNeverCallsTheSession() async {
        let cache = Cache([request: Array("cached".utf8)])
        let session = Session(reply: .success(Array("fresh".utf8)))
        let pipeline = client.buildRequest <<- cache.fetchCached <-> session.fetchUpdated <<- Model.create
        #expect(await run(pipeline) == .success(Model(text: "cached", status: 304)))
        #expect(cache.lookups.entries == [request])
        #expect(session.requests.entries.isEmpty)
    }

    @Test func aCacheMissCallsTheSessionWithTheOriginalRequest() async {
        let cache = Cache()
        let session = Session(reply: .success(Array("fresh".utf8)))
        let pipeline = client.buildRequest <<- cache.fetchCached <-> session.fetchUpdated <<- Model.create
        #expect(await run(pipeline) == .success(Model(text: "fresh", status: 200)))
        #expect(cache.lookups.entries == [request])
        #expect(session.requests.entries == [request])
    }

    @Test func aSessionFailureIsTheResultAndTheCacheMissIsDiscarded() async {
        let cache = Cache()
        let session = Session(reply: .failure(.offline))
        let pipeline = client.buildRequest <<- cache.fetchCached <-> session.fetchUpdated <<- Model.create
        #expect(await run(pipeline) == .failure(.offline))
        #expect(session.requests.entries == [request])
    }

    @Test func thePipelineParsesAsFallbackInsideTwoCompositions() async {
        for cached in [true, false] {
            let entries = cached ? [request: Array("cached".utf8)] : [:]
            let (cache, session) = (Cache(entries), Session(reply: .success(Array("fresh".utf8))))
            let (otherCache, otherSession) = (Cache(entries), Session(reply: .success(Array("fresh".utf8))))
            let pipeline: @Sendable (Credentials, @escaping Completion) -> Void =
                client.buildRequest <<- cache.fetchCached <-> session.fetchUpdated <<- Model.create
            let parenthesised =
                (client.buildRequest <<- (otherCache.fetchCached <-> otherSession.fetchUpdated)) <<- Model.create
            #expect(await run(pipeline) == run(parenthesised))
            #expect(cache.lookups.entries.count == 1)
            #expect(otherCache.lookups.entries.count == 1)
            #expect(session.requests.entries.count == (cached ? 0 : 1))
            #expect(otherSession.requests.entries.count == session.requests.entries.count)
        }
    }

    @Test func thePipelineRunsAgainOnEachCall() async {
        let cache = Cache()
        let session = Session(reply: .success(Array("fresh".utf8)))
        let pipeline = client.buildRequest <<- cache.fetchCached <-> session.fetchUpdated <<- Model.create
        #expect(cache.lookups.entries.isEmpty)
        _ = await run(pipeline)
        _ = await run(pipeline)
        #expect(cache.lookups.entries.count == 2)
        #expect(session.requests.entries.count == 2)
    }

    // MARK: a pipeline started by an emitter

    @Test func anEmitterStartsTheCaseStudyPipeline() async {
        let cache = Cache()
        let session = Session(reply: .success(Array("fresh".utf8)))
        let loadCredentials: @Sendable () -> Credentials = { Credentials(user: "ada") }
        let pipeline =
            loadCredentials <<- client.buildRequest <<- cache.fetchCached <-> session.fetchUpdated <<- Model.create
        #expect(await F.completion(pipeline) == .success(Model(text: "fresh", status: 200)))
        #expect(session.requests.entries == [request])
    }

    @Test func anAsyncEmitterPipelineWithATap() async {
        let seen = F.Log<Int>()
        let log: @Sendable (Int) -> Void = { seen.record($0) }
        let pipeline = F.fetchFive_s <<- F.double_s -< log <<- F.addTwo_s
        #expect(await F.run(asyncEmitter: pipeline) == .success(12))
        #expect(seen.entries == [10])
    }
}
