import Foundation
import Mason
import MasonNetwork
import MasonTesting
import Synchronization
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `ResponseCache` protocol: its lookup, store and removal are `async`, so a cache that suspends
/// (here an actor) conforms, `CachingTransport` awaits it, and the protocol's `store(_:_:for:)`
/// follows the same rules through `any ResponseCache` as `MemoryResponseCache`'s synchronous twin.
@Suite(.timeLimit(.minutes(5))) struct ResponseCacheTests {
    /// A cache whose requirements are actor-isolated, so every call from outside suspends.
    actor ActorCache: ResponseCache {
        nonisolated let timeToLive = Duration.seconds(60)
        nonisolated var now: Duration { .zero }
        private var entries: [CacheKey: CachedResponse] = [:]
        private(set) var lookups = 0

        func cachedResponse(for key: CacheKey) -> CachedResponse? {
            lookups += 1
            return entries[key]
        }

        func store(_ response: CachedResponse, for key: CacheKey) {
            entries[key] = response
        }

        func removeCachedResponse(for key: CacheKey) {
            entries[key] = nil
        }

        func removeCachedResponses(forURL url: String) {
            entries = entries.filter { $0.key.url != url }
        }
    }

    private static let url = URL(string: "https://example.com/products/1")!

    @Test func anActorIsACacheAndTheCachingTransportAwaitsIt() async throws {
        let sent = Atomic<Int>(0)
        let network = StubTransport { _ in
            sent.add(1, ordering: .relaxed)
            return .json(#"{"id":1}"#)
        }
        let cache = ActorCache()
        let transport = network.caching(cache, policy: .cacheFirst)
        let first = try await transport.send(URLRequest(url: Self.url))
        let second = try await transport.send(URLRequest(url: Self.url))
        #expect(String(decoding: first.0, as: UTF8.self) == #"{"id":1}"#)
        #expect(String(decoding: second.0, as: UTF8.self) == #"{"id":1}"#)
        #expect(second.1.value(forHTTPHeaderField: "Age") == "0", "the second answer came from the actor")
        #expect(sent.load(ordering: .relaxed) == 1)
        #expect(await cache.lookups == 2)
    }

    @Test func storingATransportsAnswerThroughTheProtocolFollowsTheSynchronousTwinsRules() async throws {
        let memory = MemoryResponseCache(timeToLive: .seconds(60), clock: ManualClock())
        let cache: any ResponseCache = memory
        let ok = HTTPURLResponse(url: Self.url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])!
        let noStore = HTTPURLResponse(
            url: Self.url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Cache-Control": "no-store"])!
        var post = URLRequest(url: Self.url)
        post.httpMethod = "POST"
        #expect(await cache.store(Data("a".utf8), ok, for: URLRequest(url: Self.url)))
        #expect(!(await cache.store(Data("b".utf8), ok, for: post)))
        let key = try #require(CacheKey(URLRequest(url: Self.url)))
        #expect(await cache.cachedResponse(for: key)?.data == Data("a".utf8))
        #expect(memory.store(Data("c".utf8), ok, for: URLRequest(url: Self.url)), "the synchronous twin")
        #expect(await cache.cachedResponse(for: key)?.data == Data("c".utf8))
        #expect(!(await cache.store(Data("d".utf8), noStore, for: URLRequest(url: Self.url))))
        #expect(await cache.cachedResponse(for: key) == nil, "a no-store answer removes the stored one")
        await cache.store(CachedResponse(data: Data("e".utf8), status: 200), for: key)
        await cache.removeCachedResponse(for: key)
        #expect(memory.count == 0)
    }

    @Test func aCancelledCacheOnlyRequestThatMissesReportsTheCancellation() async throws {
        let transport = StubTransport(.json("{}"))
            .caching(MemoryResponseCache(timeToLive: .seconds(60), clock: ManualClock()), policy: .cacheOnly)
        let failure: NetworkRequestError? = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                _ = try await transport.send(URLRequest(url: Self.url))
                return nil
            } catch {
                return NetworkRequestError(error)
            }
        }.value
        #expect(failure == .canceledByUser, "not .notCached: the lookup may have been cut short")
    }
}
