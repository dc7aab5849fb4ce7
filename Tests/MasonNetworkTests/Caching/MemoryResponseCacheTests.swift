import Foundation
import Mason
import MasonNetwork
import MasonTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `MemoryResponseCache` on a `ManualClock`: freshness, least-recently-used eviction by count and by
/// bytes, `no-store`, and Mortar's `fetchCached`.
@Suite struct MemoryResponseCacheTests {
    private let clock = ManualClock()

    private func cache(capacity: Int = 8, byteCapacity: Int? = nil) -> MemoryResponseCache {
        MemoryResponseCache(timeToLive: .seconds(60), capacity: capacity, byteCapacity: byteCapacity, clock: clock)
    }

    private static func key(_ path: String) -> CacheKey {
        CacheKey(method: "GET", url: "https://example.com/\(path)")
    }

    private static func response(_ text: String, at time: Duration = .zero, headers: [String: String] = [:])
        -> CachedResponse
    {
        CachedResponse(data: Data(text.utf8), status: 200, headers: headers, storedAt: time)
    }

    private static func request(_ path: String, method: String = "GET") -> URLRequest {
        var request = URLRequest(url: URL(string: "https://example.com/\(path)")!)
        request.httpMethod = method
        return request
    }

    private static func httpResponse(_ status: Int = 200, headers: [String: String] = [:]) -> HTTPURLResponse {
        HTTPURLResponse(
            url: URL(string: "https://example.com/")!, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: headers)!
    }

    @Test func aStoredResponseIsReturnedWithItsStatusAndHeaders() {
        let cache = cache()
        let stored = Self.response("a", headers: ["Content-Type": "text/plain"])
        cache.store(stored, for: Self.key("a"))
        #expect(cache.cachedResponse(for: Self.key("a")) == stored)
        #expect(cache.cachedResponse(for: Self.key("b")) == nil)
        #expect(cache.count == 1)
        #expect(cache.byteCount == 1)
    }

    @Test func nowIsTheTimeSinceCreationOnTheInjectedClock() {
        clock.advance(by: .seconds(100))
        let cache = cache()
        #expect(cache.now == .zero)
        clock.advance(by: .seconds(5))
        #expect(cache.now == .seconds(5))
    }

    @Test func aResponseIsFreshYoungerThanTheTimeToLiveAndStaleAfterButKept() {
        let cache = cache()
        cache.store(Self.response("a", at: cache.now), for: Self.key("a"))
        clock.advance(by: .seconds(59))
        let hit = cache.cachedResponse(for: Self.key("a"))
        #expect(hit.map(cache.isFresh) == true)
        #expect(hit.map(cache.age) == .seconds(59))
        clock.advance(by: .seconds(1))
        #expect(cache.cachedResponse(for: Self.key("a")).map(cache.isFresh) == false)
        clock.advance(by: .seconds(3600))
        #expect(cache.cachedResponse(for: Self.key("a")) != nil)  // stale, still kept
    }

    @Test func theLeastRecentlyUsedResponseIsEvictedFirst() {
        let cache = cache(capacity: 3)
        for path in ["a", "b", "c"] { cache.store(Self.response(path), for: Self.key(path)) }
        _ = cache.cachedResponse(for: Self.key("a"))
        cache.store(Self.response("d"), for: Self.key("d"))
        #expect(cache.keys == ["c", "a", "d"].map(Self.key))
        cache.store(Self.response("c2"), for: Self.key("c"))  // replacing is a use
        cache.store(Self.response("e"), for: Self.key("e"))
        #expect(cache.keys == ["d", "c", "e"].map(Self.key))
        #expect(cache.cachedResponse(for: Self.key("b")) == nil)
    }

    @Test func theByteCapacityEvictsUntilTheBodiesFit() {
        let cache = cache(capacity: 10, byteCapacity: 10)
        cache.store(Self.response("aaaa"), for: Self.key("a"))
        cache.store(Self.response("bbbb"), for: Self.key("b"))
        #expect(cache.byteCount == 8)
        cache.store(Self.response("cccccc"), for: Self.key("c"))
        #expect(cache.keys == ["b", "c"].map(Self.key))
        #expect(cache.byteCount == 10)
        cache.store(Self.response("bb"), for: Self.key("b"))
        #expect(cache.byteCount == 8)
    }

    @Test func aBodyLargerThanTheByteCapacityIsNotStoredAndDropsTheOldCopy() {
        let cache = cache(byteCapacity: 4)
        cache.store(Self.response("old"), for: Self.key("a"))
        cache.store(Self.response("far too large"), for: Self.key("a"))
        #expect(cache.count == 0)
        #expect(cache.byteCount == 0)
    }

    @Test func aZeroCapacityCacheStoresNothing() {
        let cache = cache(capacity: 0)
        cache.store(Self.response("a"), for: Self.key("a"))
        #expect(cache.count == 0)
    }

    @Test func aNoStoreResponseIsNeverStored() {
        let cache = cache()
        cache.store(Self.response("old"), for: Self.key("a"))
        cache.store(Self.response("secret", headers: ["cache-control": "No-Store"]), for: Self.key("a"))
        #expect(cache.cachedResponse(for: Self.key("a")) == nil)
        cache.store(Self.response("fine", headers: ["Cache-Control": "no-cache, max-age=0"]), for: Self.key("b"))
        #expect(cache.count == 1)
    }

    @Test func removingOneOrAll() {
        let cache = cache()
        for path in ["a", "b", "c"] { cache.store(Self.response(path), for: Self.key(path)) }
        cache.removeCachedResponse(for: Self.key("b"))
        #expect(cache.keys == ["a", "c"].map(Self.key))
        #expect(cache.byteCount == 2)
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.byteCount == 0)
        #expect(cache.keys.isEmpty)
    }

    @Test func storingATransportAnswerFollowsTheCacheabilityRules() {
        let cache = cache()
        let data = Data("body".utf8)
        #expect(cache.store(data, Self.httpResponse(), for: Self.request("get")))
        #expect(cache.store(data, Self.httpResponse(204), for: Self.request("head", method: "HEAD")))
        #expect(!cache.store(data, Self.httpResponse(), for: Self.request("post", method: "POST")))
        #expect(!cache.store(data, Self.httpResponse(404), for: Self.request("missing")))
        #expect(!cache.store(data, Self.httpResponse(301), for: Self.request("moved")))
        #expect(
            !cache.store(data, Self.httpResponse(headers: ["Cache-Control": "no-store"]), for: Self.request("private")))
        var noStore = Self.request("asked")
        noStore.setValue("no-store", forHTTPHeaderField: "Cache-Control")
        #expect(!cache.store(data, Self.httpResponse(), for: noStore))
        #expect(
            cache.keys == [
                CacheKey(method: "GET", url: "https://example.com/get"),
                CacheKey(method: "HEAD", url: "https://example.com/head")
            ])
    }

    @Test func onlyA200A203OrA204IsStoredNeverAPartialAnswer() {
        let cache = cache()
        for status in [200, 203, 204] {
            #expect(cache.store(Data("x".utf8), Self.httpResponse(status), for: Self.request("\(status)")))
        }
        for status in [201, 202, 205, 206] {
            #expect(!cache.store(Data("x".utf8), Self.httpResponse(status), for: Self.request("\(status)")))
        }
        #expect(cache.keys == [200, 203, 204].map { Self.key("\($0)") })
    }

    @Test(arguments: [
        "Range", "range", "If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range", "Cookie",
        "Proxy-Authorization"
    ])
    func aRequestWhoseAnswerIsItsOwnIsNeverStored(field: String) {
        var request = Self.request("own")
        request.setValue("v", forHTTPHeaderField: field)
        let cache = cache()
        #expect(!cache.store(Data("x".utf8), Self.httpResponse(), for: request))
        #expect(cache.count == 0)
    }

    @Test func aStoredTransportAnswerIsStampedWithTheCachesTime() {
        let cache = cache()
        clock.advance(by: .seconds(7))
        cache.store(Data("x".utf8), Self.httpResponse(headers: ["ETag": "\"1\""]), for: Self.request("a"))
        let stored = cache.cachedResponse(for: Self.key("a"))
        #expect(stored?.storedAt == .seconds(7))
        #expect(stored?.value(forHeader: "etag") == "\"1\"")
    }

    @Test func fetchCachedAnswersFreshHitsAndReportsEverythingElseAsNotCached() {
        let cache = cache()
        cache.store(Data("a".utf8), Self.httpResponse(), for: Self.request("a"))
        #expect(cache.fetchCached(for: Self.request("a")) == .success(Data("a".utf8)))
        #expect(cache.fetchCached(for: Self.request("b")) == .failure(.notCached))
        #expect(cache.fetchCached(for: Self.request("a", method: "POST")) == .failure(.notCached))
        clock.advance(by: .seconds(60))
        #expect(cache.fetchCached(for: Self.request("a")) == .failure(.notCached))
    }

    @Test func concurrentUseFromManyTasksKeepsTheCountsConsistent() async {
        let cache = cache(capacity: 50, byteCapacity: 400)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for step in 0..<200 {
                        let key = Self.key("\((worker * 7 + step) % 80)")
                        if step % 3 == 0 {
                            _ = cache.cachedResponse(for: key)
                        } else {
                            cache.store(Self.response(String(repeating: "x", count: step % 12)), for: key)
                        }
                    }
                }
            }
        }
        #expect(cache.count <= 50)
        #expect(cache.byteCount <= 400)
        #expect(cache.keys.count == cache.count)
        let total = cache.keys.compactMap { cache.cachedResponse(for: $0)?.data.count }.reduce(0, +)
        #expect(total == cache.byteCount)
    }
}
