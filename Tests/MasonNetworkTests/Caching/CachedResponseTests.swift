import Foundation
import MasonNetwork
import MasonTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `CachedResponse`: what it keeps of an `HTTPURLResponse`, `no-store`, and the response it rebuilds.
@Suite struct CachedResponseTests {
    private static let url = URL(string: "https://example.com/a")!

    @Test func itKeepsTheStatusAndHeadersOfAnHTTPResponse() throws {
        let response = try #require(
            HTTPURLResponse(url: Self.url, statusCode: 203, httpVersion: "HTTP/1.1", headerFields: ["ETag": "\"7\""]))
        let cached = CachedResponse(data: Data("hi".utf8), response: response, storedAt: .seconds(3))
        #expect(cached.status == 203)
        #expect(cached.value(forHeader: "etag") == "\"7\"")
        #expect(cached.storedAt == .seconds(3))
        #expect(cached.data == Data("hi".utf8))
    }

    @Test func noStoreIsFoundAmongOtherDirectivesInAnyCase() {
        let cases: [(String?, Bool)] = [
            ("no-store", true), ("private, NO-STORE", true), (" max-age=0 ,no-store ", true),
            ("no-cache", false), ("max-age=60", false), ("no-storey", false), (nil, false)
        ]
        for (value, expected) in cases {
            let headers = value.map { ["Cache-Control": $0] } ?? [:]
            #expect(
                CachedResponse(data: Data(), status: 200, headers: headers).isNoStore == expected, "\(value ?? "nil")")
        }
    }

    @Test func theRebuiltResponseHasTheStatusHeadersAndAnAgeInWholeSeconds() {
        let cached = CachedResponse(data: Data(), status: 200, headers: ["Content-Type": "text/plain", "age": "1"])
        let response = cached.httpResponse(for: Self.url, age: .milliseconds(42_900))
        #expect(response.statusCode == 200)
        #expect(response.url == Self.url)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(response.value(forHTTPHeaderField: "Age") == "43", "42.9 s here and the 1 s it arrived with")
        #expect(cached.httpResponse(for: Self.url).value(forHTTPHeaderField: "Age") == "1")
    }

    private static func request(_ fields: [String: String]) -> URLRequest {
        var request = URLRequest(url: url)
        for (name, value) in fields { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    @Test func aResponseMatchesOnlyRequestsWithTheValuesItsVaryNamesOutsideTheKey() {
        let cached = CachedResponse(
            data: Data(), status: 200, headers: ["Vary": "Accept-Encoding, X-Tenant ,x-region"],
            variedRequestFields: ["x-tenant": "7"])
        #expect(cached.fieldsVariedOutsideTheKey == ["x-tenant", "x-region"])
        #expect(cached.matches(Self.request(["X-Tenant": "7"])))
        #expect(cached.matches(Self.request(["x-tenant": "7", "Accept-Encoding": "br"])), "keyed fields are the key's")
        #expect(!cached.matches(Self.request(["X-Tenant": "8"])))
        #expect(!cached.matches(Self.request([:])), "a field the stored request had")
        #expect(!cached.matches(Self.request(["X-Tenant": "7", "X-Region": "eu"])), "a field it lacked")
        let everything = CachedResponse(data: Data(), status: 200, headers: ["Vary": "X-Tenant, *"])
        #expect(everything.fieldsVariedOutsideTheKey == nil)
        #expect(!everything.matches(Self.request([:])))
        #expect(CachedResponse(data: Data(), status: 200).matches(Self.request(["X-Tenant": "1"])), "no Vary")
    }

    @Test func aStoredResponseRemembersTheValuesItsVaryNames() async throws {
        let cache = MemoryResponseCache(timeToLive: .seconds(60))
        let url = Self.url
        let response = try #require(
            HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Vary": "X-Tenant, Accept"]))
        let request = Self.request(["X-Tenant": "7", "Accept": "text/plain"])
        #expect(cache.store(Data("seven".utf8), response, for: request))
        let key = try #require(CacheKey(request))
        #expect(cache.cachedResponse(for: key)?.variedRequestFields == ["x-tenant": "7"])
        #expect(await cache.cachedResponse(for: key, matching: request)?.data == Data("seven".utf8))
        let other = Self.request(["X-Tenant": "8", "Accept": "text/plain"])
        #expect(await cache.cachedResponse(for: key, matching: other) == nil)
        #expect(cache.fetchCached(for: request) == .success(Data("seven".utf8)))
        #expect(cache.fetchCached(for: other) == .failure(.notCached))
    }

    @Test func theHeadHasTheStatusHeadersAndAnAgeWithoutBuildingAResponse() {
        let cached = CachedResponse(data: Data(), status: 203, headers: ["Content-Type": "text/plain", "age": "1"])
        let head = cached.head(for: Self.url, age: .seconds(7))
        #expect(head.statusCode == 203)
        #expect(head.headerFields == ["Content-Type": "text/plain", "Age": "8"], "7 s here and 1 s before")
        #expect(cached.head(for: Self.url).value(forHTTPHeaderField: "Age") == "1")
    }

    // Before the fix it had none, and its `Expires` was measured from each lookup's now: a response
    // fresh for 100 s went stale after about 50.
    @Test func aResponseStoredWithoutADateIsDatedWhenItArrives() async throws {
        let cache = MemoryResponseCache(timeToLive: .seconds(600), clock: ManualClock())
        let request = URLRequest(url: Self.url)
        let head = ResponseHead(
            url: Self.url, statusCode: 200, headerFields: ["Expires": "Thu, 01 Jan 2099 00:00:00 GMT"])
        #expect(cache.store(Data("x".utf8), head, for: request))
        let key = try #require(CacheKey(request))
        let stored = try #require(cache.cachedResponse(for: key))
        #expect(stored.value(forHeader: "Date") != nil)
    }

    /// The lifetime a response gives itself, from `Cache-Control`, `Age`, `Expires` and `Date`.
    @Test func aResponseTellsItsOwnFreshnessLifetime() {
        func lifetime(_ headers: [String: String]) -> Duration? {
            CachedResponse(data: Data(), status: 200, headers: headers).freshnessLifetime
        }
        let dated: [String: String] = [
            "Date": "Sun, 06 Nov 1994 08:49:37 GMT", "Expires": "Sun, 06 Nov 1994 08:59:37 GMT"
        ]
        var datedWithMaxAge: [String: String] = dated
        datedWithMaxAge["Cache-Control"] = "max-age=5"
        var datedAndAged: [String: String] = dated
        datedAndAged["Age"] = "550"
        // A table, each row typed: as separate `#expect`s, the body took 216 ms to type-check.
        let expected: [(headers: [String: String], lifetime: Duration?)] = [
            ([:], nil),
            (["Cache-Control": "public"], nil),
            (["Cache-Control": "public, Max-Age=30"], Duration.seconds(30)),
            (["cache-control": "max-age=30", "Age": "12"], Duration.seconds(18)),
            (["Cache-Control": "max-age=30", "Age": "45"], Duration.zero),
            (["Cache-Control": "max-age=30, no-cache"], Duration.zero),
            (["Cache-Control": #"no-cache="Set-Cookie""#], Duration.zero),
            (dated, Duration.seconds(600)),
            (datedWithMaxAge, Duration.seconds(5)),
            (datedAndAged, Duration.seconds(50)),
            (["Expires": "0"], Duration.zero)
        ]
        for row in expected {
            #expect(lifetime(row.headers) == row.lifetime, "\(row.headers)")
        }
    }
}
