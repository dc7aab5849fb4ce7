import Foundation
import Mason
import MasonNetwork
import MasonTestServer
import MasonTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `CachingTransport` against the real loopback server, on a `ManualClock`: each policy's hits,
/// misses and stale answers, what is never stored, and composition with single-flight.
@Suite(.timeLimit(.minutes(5))) struct CachingTransportTests {
    typealias Support = CacheTestSupport

    private struct Setup {
        let clock = ManualClock()
        let cache: MemoryResponseCache
        let transport: CachingTransport

        init(_ policy: CachePolicy, capacity: Int = 16, base: any Transport = Support.network()) {
            cache = MemoryResponseCache(timeToLive: .seconds(60), capacity: capacity, clock: clock)
            transport = base.caching(cache, policy: policy)
        }
    }

    private static let product1 = #"{"id":1,"name":"Product 1"}"#

    // MARK: cacheFirst

    @Test func cacheFirstSendsOnceThenAnswersFromTheCache() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let setup = Setup(.cacheFirst)
            let request = Support.request(server.url("/products/1"))
            let first = try await setup.transport.send(request)
            #expect(first.1.value(forHTTPHeaderField: "Age") == nil)
            setup.clock.advance(by: .seconds(59))
            let second = try await setup.transport.send(request)
            #expect(Support.text(first) == Self.product1)
            #expect(Support.text(second) == Self.product1)
            #expect(server.requestCount(path: "/products/1") == 1)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func aCachedAnswerHasTheStoredStatusAndHeadersAndAnAge() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let setup = Setup(.cacheFirst)
            let request = Support.request(server.url("/products/1"))
            _ = try await setup.transport.send(request)
            setup.clock.advance(by: .milliseconds(59_900))
            let cached = try await setup.transport.send(request).1
            #expect(cached.statusCode == 200)
            #expect(cached.url == request.url)
            #expect(cached.value(forHTTPHeaderField: "Age") == "59")
            #expect(cached.value(forHTTPHeaderField: "Content-Type") == "application/json")
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func cacheFirstSendsAgainOnceTheTimeToLiveHasPassed() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let setup = Setup(.cacheFirst)
            let request = Support.request(server.url("/products/1"))
            _ = try await setup.transport.send(request)
            setup.clock.advance(by: .seconds(60))
            let refreshed = try await setup.transport.send(request)
            #expect(refreshed.1.value(forHTTPHeaderField: "Age") == nil)
            #expect(server.requestCount(path: "/products/1") == 2)
            _ = try await setup.transport.send(request)  // the refreshed copy is fresh again
            #expect(server.requestCount(path: "/products/1") == 2)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    /// A response's own `max-age` shortens the cache's time to live; `no-cache` makes it never fresh.
    @Test(arguments: [("max-age=5", 2), ("no-cache", 3), ("public", 1)])
    func aResponseThatGivesItselfALifetimeIsFreshForItOnly(cacheControl: String, requestsAfterSixSeconds: Int)
        async throws
    {
        let stub = StubTransport { _ in .text("answer", headers: ["Cache-Control": cacheControl]) }
        let setup = Setup(.cacheFirst, base: stub)
        let request = Support.request(NetworkTestSupport.url("https://example.com/a"))
        _ = try await setup.transport.send(request)
        setup.clock.advance(by: .seconds(4))
        _ = try await setup.transport.send(request)
        #expect(stub.requests.count == (cacheControl == "no-cache" ? 2 : 1))
        setup.clock.advance(by: .seconds(2))
        _ = try await setup.transport.send(request)
        #expect(stub.requests.count == requestsAfterSixSeconds)
    }

    /// A request saying `Cache-Control: no-cache` (a "pull to refresh") is sent though a fresh answer is
    /// stored, and its answer replaces it; under `cacheOnly` it is still answered from the cache.
    @Test func aRequestThatRefusesCachedAnswersIsSent() async throws {
        let count = Locked(0)
        let stub = StubTransport { _ in .text("answer \(count.withLock { $0 += 1; return $0 })") }
        let setup = Setup(.cacheFirst, base: stub)
        let url = NetworkTestSupport.url("https://example.com/a")
        let request = Support.request(url)
        let refresh = Support.request(url, headers: ["Cache-Control": "no-cache"])
        #expect(Support.text(try await setup.transport.send(request)) == "answer 1")
        #expect(Support.text(try await setup.transport.send(refresh)) == "answer 2")
        #expect(Support.text(try await setup.transport.send(request)) == "answer 2")
        let pragma = Support.request(url, headers: ["Pragma": "no-cache"])
        #expect(Support.text(try await setup.transport.send(pragma)) == "answer 3")
        let offline = stub.caching(setup.cache, policy: .cacheOnly)
        #expect(Support.text(try await offline.send(refresh)) == "answer 3")
    }

    /// A stale answer that says `must-revalidate` is not served in place of the server: under
    /// `staleWhileRevalidate` the request waits for a fresh answer, and `networkFirst` does not fall
    /// back to it when the network fails.
    @Test func aStaleAnswerThatMustBeRevalidatedIsNotServed() async throws {
        let count = Locked(0)
        let failing = Locked(false)
        let stub = StubTransport { _ in
            if failing.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
            let n = count.withLock {
                $0 += 1; return $0
            }
            return .text("answer \(n)", headers: ["Cache-Control": "max-age=5, must-revalidate"])
        }
        let setup = Setup(.staleWhileRevalidate, base: stub)
        let request = Support.request(NetworkTestSupport.url("https://example.com/a"))
        #expect(Support.text(try await setup.transport.send(request)) == "answer 1")
        setup.clock.advance(by: .seconds(6))
        #expect(Support.text(try await setup.transport.send(request)) == "answer 2")
        #expect(setup.transport.revalidationCount == 0)
        setup.clock.advance(by: .seconds(6))
        failing.withLock { $0 = true }
        let networkFirst = stub.caching(setup.cache, policy: .networkFirst(staleFallback: .seconds(3600)))
        await #expect(throws: URLError.self) { try await networkFirst.send(request) }
    }

    @Test func cacheFirstNeverStoresAnErrorStatus() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let setup = Setup(.cacheFirst)
            server.inject([.status(503)], at: "/products/2")
            let request = Support.request(server.url("/products/2"))
            let failed = try await setup.transport.send(request)
            #expect(failed.1.statusCode == 503)
            #expect(setup.cache.count == 0)
            let (second, third) = (try await setup.transport.send(request), try await setup.transport.send(request))
            #expect(second.1.statusCode == 200)
            #expect(third.1.statusCode == 200)
            #expect(server.requestCount(path: "/products/2") == 2)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func aPostIsNeverCachedUnderAnyPolicy() async throws {
        try await LoopbackServer.withRunning { server in
            let policies: [CachePolicy] = [
                .cacheFirst, .networkFirst(staleFallback: .seconds(600)), .staleWhileRevalidate
            ]
            for policy in policies {
                let setup = Setup(policy)
                var request = Support.request(server.url("/echo"), method: "POST")
                request.httpBody = Data("hello".utf8)
                _ = try await setup.transport.send(request)
                _ = try await setup.transport.send(request)
                #expect(setup.cache.count == 0)
            }
            #expect(server.requestCount(path: "/echo") == 6)
        }
    }

    /// A `PUT` that succeeded makes every stored answer for its URL out of date, whatever the variant
    /// (RFC 9111 §4.4); so does a `POST` for the `Location` it answers with, on the same origin. One
    /// that failed changes nothing. Before the fix the `GET` after the `PUT` was answered from the cache.
    @Test(arguments: [CachePolicy.cacheFirst, .staleWhileRevalidate])
    func aSuccessfulChangeRemovesWhatIsStoredForItsURL(policy: CachePolicy) async throws {
        let version = Locked(0)
        let stub = StubTransport { request in
            switch request.httpMethod ?? "GET" {
            case "PUT": .text("", status: request.value(forHTTPHeaderField: "X-Fail") == nil ? 204 : 500)
            case "POST":
                .text(
                    "", status: 201,
                    headers: ["Location": "/products/2", "Content-Location": "https://other.example.com/products/3"])
            default: .text("\(request.url!.path) \(version.withLock { $0 += 1; return $0 })")
            }
        }
        let setup = Setup(policy, base: stub)
        let profile = NetworkTestSupport.url("https://example.com/profile")
        let (json, text) = (
            Support.request(profile, headers: ["Accept": "application/json"]),
            Support.request(profile, headers: ["Accept": "text/plain"])
        )
        #expect(Support.text(try await setup.transport.send(json)) == "/profile 1")
        #expect(Support.text(try await setup.transport.send(text)) == "/profile 2")
        var failing = Support.request(profile, method: "PUT", headers: ["X-Fail": "1"])
        failing.httpBody = Data("x".utf8)
        _ = try await setup.transport.send(failing)
        #expect(Support.text(try await setup.transport.send(json)) == "/profile 1", "a failed PUT changes nothing")
        var put = Support.request(profile, method: "PUT")
        put.httpBody = Data("x".utf8)
        _ = try await setup.transport.send(put)
        #expect(setup.cache.count == 0, "both variants of /profile are gone")
        #expect(Support.text(try await setup.transport.send(json)) == "/profile 3")

        let second = Support.request(NetworkTestSupport.url("https://example.com/products/2"))
        let other = Support.request(NetworkTestSupport.url("https://other.example.com/products/3"))
        #expect(Support.text(try await setup.transport.send(second)) == "/products/2 4")
        #expect(Support.text(try await setup.transport.send(other)) == "/products/3 5")
        _ = try await setup.transport.send(
            Support.request(NetworkTestSupport.url("https://example.com/products"), method: "POST"))
        #expect(Support.text(try await setup.transport.send(second)) == "/products/2 6", "its Location is out of date")
        #expect(Support.text(try await setup.transport.send(other)) == "/products/3 5", "another origin is not touched")
    }

    @Test func aNoStoreResponseIsNeverStoredAndReplacesTheOldCopy() async throws {
        try await LoopbackServer.withRunning { server in
            let setup = Setup(.cacheFirst)
            let request = Support.request(server.url("/products/3"))
            _ = try await setup.transport.send(request)
            #expect(setup.cache.count == 1)
            setup.clock.advance(by: .seconds(60))
            let noStore = Fault.status(200, headers: ["Cache-Control": "private, no-store"], body: #"{"secret":true}"#)
            server.inject(.always(noStore), at: "/products/3")
            #expect(Support.text(try await setup.transport.send(request)) == #"{"secret":true}"#)
            #expect(setup.cache.count == 0)
            _ = try await setup.transport.send(request)
            #expect(server.requestCount(path: "/products/3") == 3)
            #expect(setup.cache.count == 0)
        }
    }

    // A response varying on a field outside the key is kept with the request's value of it: it answers
    // that tenant only (once, before the key held no such value, the second tenant got the first
    // tenant's answer from the cache). One variant is kept: another tenant's answer replaces it.
    @Test func aResponseThatVariesOnAFieldOutsideTheKeyAnswersOnlyItsOwnVariant() async throws {
        try await LoopbackServer.withRunning { server in
            let setup = Setup(.cacheFirst)
            let varying = Fault.status(200, headers: ["Vary": "Accept-Encoding, X-Tenant"], body: #"{"tenant":1}"#)
            server.inject(.always(varying), at: "/products/4")
            var sent: [Int] = []
            for tenant in ["1", "1", "2", "2", nil, nil, "1"] {
                let headers = tenant.map { ["X-Tenant": $0] } ?? [:]
                _ = try await setup.transport.send(Support.request(server.url("/products/4"), headers: headers))
                sent.append(server.requestCount(path: "/products/4"))
            }
            #expect(sent == [1, 1, 2, 2, 3, 3, 4], "a miss for each new variant, a hit for a repeated one")
            #expect(setup.cache.count == 1)
        }
    }

    @Test func aResponseThatVariesOnEverythingIsNeverStored() async throws {
        try await LoopbackServer.withRunning { server in
            let setup = Setup(.cacheFirst)
            server.inject(.always(.status(200, headers: ["Vary": "*"], body: "{}")), at: "/products/4")
            let request = Support.request(server.url("/products/4"))
            _ = try await setup.transport.send(request)
            _ = try await setup.transport.send(request)
            #expect(server.requestCount(path: "/products/4") == 2)
            #expect(setup.cache.count == 0)
        }
    }

    @Test func aResponseThatVariesOnlyOnKeyedFieldsIsStoredForEachValue() async throws {
        try await LoopbackServer.withRunning { server in
            let setup = Setup(.cacheFirst)
            let varying = Fault.status(200, headers: ["Vary": "accept-language"], body: #"{"id":4}"#)
            server.inject(.always(varying), at: "/products/4")
            for language in ["en", "fr", "en", "fr"] {
                let request = Support.request(server.url("/products/4"), headers: ["Accept-Language": language])
                _ = try await setup.transport.send(request)
            }
            #expect(server.requestCount(path: "/products/4") == 2, "one request for each language, then hits")
            #expect(setup.cache.count == 2)
        }
    }

    @Test func aNoStoreRequestIsNotStored() async throws {
        try await LoopbackServer.withRunning { server in
            let setup = Setup(.cacheFirst)
            let request = Support.request(server.url("/products/3"), headers: ["Cache-Control": "no-store"])
            _ = try await setup.transport.send(request)
            _ = try await setup.transport.send(request)
            #expect(setup.cache.count == 0)
            #expect(server.requestCount(path: "/products/3") == 2)
        }
    }

    @Test func eachAuthorizationGetsItsOwnCachedCopy() async throws {
        try await LoopbackServer.withRunning { server in
            let setup = Setup(.cacheFirst)
            let url = server.url("/headers")
            let alice = Support.request(url, headers: ["Authorization": "Bearer alice-secret"])
            let bob = Support.request(url, headers: ["Authorization": "Bearer bob-secret"])
            for _ in 0..<2 {
                let (aliceAnswer, bobAnswer) = (
                    try await setup.transport.send(alice), try await setup.transport.send(bob)
                )
                #expect(
                    Support.text(aliceAnswer).contains("alice-secret") && Support.text(bobAnswer).contains("bob-secret")
                )
            }
            #expect(server.requestCount(path: "/headers") == 2)
        }
    }

    @Test(arguments: ["Cookie", "Proxy-Authorization"])
    func aCredentialOutsideTheKeyIsNeverCached(field: String) async throws {
        try await LoopbackServer.withRunning { server in
            let setup = Setup(.cacheFirst)
            let url = server.url("/headers")
            _ = try await setup.transport.send(Support.request(url, headers: [field: "alice-secret"]))
            let bob = try await setup.transport.send(Support.request(url, headers: [field: "bob-secret"]))
            #expect(!Support.text(bob).contains("alice-secret"))
            #expect(server.requestCount(path: "/headers") == 2)
            #expect(setup.cache.keys.isEmpty)
        }
    }

    @Test func noCacheKeyHoldsTheAuthorizationInClear() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let setup = Setup(.cacheFirst)
            let request = Support.request(server.url("/headers"), headers: ["Authorization": "Bearer alice-secret"])
            _ = try await setup.transport.send(request)
            let keys = setup.cache.keys
            #expect(keys.count == 1)
            #expect(keys.allSatisfy { !$0.description.contains("secret") })
            #expect(keys.first?.headers["Authorization"] == CacheKey.digest(of: "Bearer alice-secret"))
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func acceptAndAcceptLanguageArePartOfTheKeyOtherHeadersAreNot() async throws {
        try await LoopbackServer.withRunning { server in
            let setup = Setup(.cacheFirst)
            let url = server.url("/products/4")
            _ = try await setup.transport.send(Support.request(url, headers: ["Accept": "application/json"]))
            _ = try await setup.transport.send(Support.request(url, headers: ["Accept": "text/plain"]))
            _ = try await setup.transport.send(Support.request(url, headers: ["Accept-Language": "sv"]))
            #expect(server.requestCount(path: "/products/4") == 3)
            _ = try await setup.transport.send(Support.request(url, headers: ["accept": "text/plain", "X-Trace": "1"]))
            #expect(server.requestCount(path: "/products/4") == 3)
        }
    }

    @Test func leastRecentlyUsedResponsesAreEvictedFirst() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let setup = Setup(.cacheFirst, capacity: 2)
            let (a, b, c) = (
                Support.request(server.url("/products/10")), Support.request(server.url("/products/11")),
                Support.request(server.url("/products/12"))
            )
            _ = try await setup.transport.send(a)
            _ = try await setup.transport.send(b)
            _ = try await setup.transport.send(a)  // a becomes the most recently used
            _ = try await setup.transport.send(c)  // evicts b
            #expect(setup.cache.keys.map(\.url) == [a, c].map { $0.url!.absoluteString })
            _ = try await setup.transport.send(a)
            #expect(server.requestCount(path: "/products/10") == 1)
            _ = try await setup.transport.send(b)
            #expect(server.requestCount(path: "/products/11") == 2)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    // MARK: answers that are a request's own

    @Test func aPartialAnswerIsNeverServedForAFullRequest() async throws {
        let stub = StubTransport { request in
            request.value(forHTTPHeaderField: "Range") == "bytes=0-3"
                ? .text("abcd", status: 206, headers: ["Content-Range": "bytes 0-3/10"]) : .text("abcdefghij")
        }
        let setup = Setup(.cacheFirst, base: stub)
        let url = NetworkTestSupport.url("https://example.com/file")
        let partial = try await setup.transport.send(Support.request(url, headers: ["Range": "bytes=0-3"]))
        #expect(partial.1.statusCode == 206)
        let full = try await setup.transport.send(Support.request(url))
        #expect(full.1.statusCode == 200)
        #expect(Support.text(full) == "abcdefghij")
        #expect(stub.requests.count == 2)
    }

    @Test func aPartialAnswerToAPlainRequestIsNotStored() async throws {
        let stub = StubTransport(.text("abcd", status: 206, headers: ["Content-Range": "bytes 0-3/10"]))
        let setup = Setup(.cacheFirst, base: stub)
        let request = Support.request(NetworkTestSupport.url("https://example.com/file"))
        _ = try await setup.transport.send(request)
        _ = try await setup.transport.send(request)
        #expect(stub.requests.count == 2)
        #expect(setup.cache.keys.isEmpty)
    }

    @Test(arguments: ["If-None-Match", "If-Modified-Since"])
    func aConditionalRequestIsAlwaysSentAndItsAnswerNeverStored(field: String) async throws {
        let stub = StubTransport { request in
            request.value(forHTTPHeaderField: field) == nil ? .text("full") : .status(304)
        }
        let setup = Setup(.cacheFirst, base: stub)
        let url = NetworkTestSupport.url("https://example.com/file")
        _ = try await setup.transport.send(Support.request(url))
        let conditional = try await setup.transport.send(Support.request(url, headers: [field: "\"v1\""]))
        #expect(conditional.1.statusCode == 304)
        let plain = try await setup.transport.send(Support.request(url))
        #expect(Support.text(plain) == "full")
        #expect(stub.requests.count == 2)
    }

    // MARK: networkFirst

    @Test func networkFirstAlwaysSendsAndStores() async throws {
        try await LoopbackServer.withRunning { server in
            let setup = Setup(.networkFirst(staleFallback: .seconds(600)))
            let request = Support.request(server.url("/products/1"))
            _ = try await setup.transport.send(request)
            let second = try await setup.transport.send(request)
            #expect(second.1.value(forHTTPHeaderField: "Age") == nil)
            #expect(server.requestCount(path: "/products/1") == 2)
            #expect(setup.cache.count == 1)
        }
    }

    @Test func networkFirstServesAStaleCopyForA5xxWithinTheFallbackAge() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let setup = Setup(.networkFirst(staleFallback: .seconds(600)))
            let request = Support.request(server.url("/products/1"))
            _ = try await setup.transport.send(request)
            setup.clock.advance(by: .seconds(600))
            server.inject(.status(503), at: "/products/1")
            let fallback = try await setup.transport.send(request)
            #expect(fallback.1.statusCode == 200)
            #expect(Support.text(fallback) == Self.product1)
            #expect(fallback.1.value(forHTTPHeaderField: "Age") == "600")
            setup.clock.advance(by: .seconds(1))
            let tooOld = try await setup.transport.send(request)
            #expect(tooOld.1.statusCode == 503)
            #expect(server.requestCount(path: "/products/1") == 3)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func networkFirstServesAStaleCopyWhenTheConnectionDrops() async throws {
        try await LoopbackServer.withRunning { server in
            let setup = Setup(.networkFirst(staleFallback: .seconds(600)))
            let request = Support.request(server.url("/products/1"))
            _ = try await setup.transport.send(request)
            setup.clock.advance(by: .seconds(120))
            server.inject(.dropConnection, at: "/products/1")
            let fallback = try await setup.transport.send(request)
            #expect(Support.text(fallback) == Self.product1)
            #expect(fallback.1.value(forHTTPHeaderField: "Age") == "120")
            setup.clock.advance(by: .seconds(600))
            await #expect(throws: (any Error).self) { try await setup.transport.send(request) }
        }
    }

    @Test func networkFirstWithoutAFallbackAgeReportsTheFailure() async throws {
        try await LoopbackServer.withRunning { server in
            let setup = Setup(.networkFirst(staleFallback: nil))
            let request = Support.request(server.url("/products/1"))
            _ = try await setup.transport.send(request)
            server.inject(.status(500), at: "/products/1")
            #expect(try await setup.transport.send(request).1.statusCode == 500)
            server.inject(.dropConnection, at: "/products/1")
            await #expect(throws: (any Error).self) { try await setup.transport.send(request) }
        }
    }

    @Test func networkFirstNeverAnswersACancelledRequestFromTheCache() async throws {
        try await LoopbackServer.withRunning { server in
            let setup = Setup(.networkFirst(staleFallback: .seconds(600)))
            let request = Support.request(server.url("/products/1"))
            _ = try await setup.transport.send(request)
            server.inject(.neverRespond, at: "/products/1")
            let task = Task { try await setup.transport.send(request) }  // a fallback is at hand
            try await server.waitForRequests(2, path: "/products/1")
            task.cancel()
            let result = await task.result
            guard case .failure(let error) = result else {
                Issue.record("expected a cancellation, got \(result)")
                return
            }
            #expect(NetworkRequestError(error) == .canceledByUser)
            try await server.waitForDisconnections(1, path: "/products/1")
        }
    }

    // MARK: staleWhileRevalidate

    @Test func staleWhileRevalidateAnswersFreshCopiesFromTheCache() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let setup = Setup(.staleWhileRevalidate)
            let request = Support.request(server.url("/products/1"))
            let miss = try await setup.transport.send(request)  // miss: network
            setup.clock.advance(by: .seconds(59))
            let hit = try await setup.transport.send(request)  // fresh: cache, no refresh
            #expect([miss, hit].map(Support.text) == [Self.product1, Self.product1])
            #expect(setup.transport.revalidationCount == 0)
            #expect(server.requestCount(path: "/products/1") == 1)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func staleWhileRevalidateAnswersStaleAtOnceAndRefreshesInTheBackground() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let setup = Setup(.staleWhileRevalidate)
            server.inject([.status(200, body: "v1"), .status(200, body: "v2")], at: "/products/1")
            let request = Support.request(server.url("/products/1"))
            _ = try await setup.transport.send(request)
            setup.clock.advance(by: .seconds(90))
            let stale = try await setup.transport.send(request)  // at once, refresh started
            await setup.transport.waitForRevalidations()
            let refreshed = try await setup.transport.send(request)
            #expect([stale, refreshed].map(Support.text) == ["v1", "v2"])
            #expect([stale, refreshed].map { $0.1.value(forHTTPHeaderField: "Age") } == ["90", "0"])
            #expect(server.requestCount(path: "/products/1") == 2)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    /// A refresh still running when a change to its URL succeeds is not stored. Before the fix its
    /// answer, made before the `PUT`, came back after it and was served as fresh for the whole time
    /// to live.
    @Test func aRefreshOvertakenByAChangeIsNotStored() async throws {
        let valve = Support.Valve()
        let heldRefresh = AsyncStream<Void>.makeStream()
        let (version, gets) = (Locked(0), Locked(0))
        let stub = StubTransport { request in
            if request.httpMethod == "PUT" {
                version.withLock { $0 += 1 }
                return .text("", status: 204)
            }
            let text = "v\(version.withLock { $0 })"  // the version when the request arrives
            if gets.withLock({ count in
                count += 1
                return count
            }) == 2 {
                heldRefresh.continuation.yield()
                try await valve.wait()
            }
            return .text(text)
        }
        let setup = Setup(.staleWhileRevalidate, base: stub)
        let url = NetworkTestSupport.url("https://example.com/profile")
        #expect(Support.text(try await setup.transport.send(Support.request(url))) == "v0")
        setup.clock.advance(by: .seconds(90))
        #expect(Support.text(try await setup.transport.send(Support.request(url))) == "v0", "stale; refresh held")
        var held = heldRefresh.stream.makeAsyncIterator()
        await held.next()
        var put = Support.request(url, method: "PUT")
        put.httpBody = Data("x".utf8)
        _ = try await setup.transport.send(put)
        valve.open()
        await setup.transport.waitForRevalidations()
        #expect(Support.text(try await setup.transport.send(Support.request(url))) == "v1")
    }

    @Test func staleWhileRevalidateRefreshesAKeyOnceAtATime() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let valve = Support.Valve()
            let setup = Setup(.staleWhileRevalidate, base: Support.HeldTransport(base: Support.network(), valve: valve))
            let request = Support.request(server.url("/products/1"))
            _ = try await Support.network().caching(setup.cache).send(request)
            setup.clock.advance(by: .seconds(60))
            for _ in 0..<5 {
                let stale = try await setup.transport.send(request)  // answered at once; the refresh is held
                #expect(stale.1.value(forHTTPHeaderField: "Age") == "60")
            }
            #expect(setup.transport.revalidationCount == 1)
            try await server.waitForRequests(2, path: "/products/1")
            valve.open()
            await setup.transport.waitForRevalidations()
            #expect(setup.transport.revalidationCount == 0)
            #expect(server.requestCount(path: "/products/1") == 2)
            let key: CacheKey = try #require(CacheKey(request))
            let refreshed: CachedResponse = try #require(setup.cache.cachedResponse(for: key))
            #expect(setup.cache.isFresh(refreshed))
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    @Test func aFailedRefreshKeepsTheStaleCopy() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let setup = Setup(.staleWhileRevalidate)
            let request = Support.request(server.url("/products/1"))
            _ = try await setup.transport.send(request)
            setup.clock.advance(by: .seconds(60))
            server.inject([.status(503), .status(502)], at: "/products/1")
            _ = try await setup.transport.send(request)
            await setup.transport.waitForRevalidations()
            _ = try await setup.transport.send(request)
            await setup.transport.waitForRevalidations()
            let stillStale = try await setup.transport.send(request)
            await setup.transport.waitForRevalidations()
            #expect(Support.text(stillStale) == Self.product1)
            #expect(stillStale.1.value(forHTTPHeaderField: "Age") == "60")
            #expect(server.requestCount(path: "/products/1") == 4)
            let refreshed = try await setup.transport.send(request)  // the third refresh succeeded
            #expect(refreshed.1.value(forHTTPHeaderField: "Age") == "0")
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    /// A refresh answered 404 or 410 (the resource is gone) or 403 (refused) removes the stale copy; a
    /// 408 or 429 says "later" and keeps it, as a 5xx does. Before the fix every answer kept it: the
    /// deleted product was served, stale, at every request.
    @Test(arguments: [(404, false), (410, false), (403, false), (429, true), (408, true)])
    func aRefreshAnsweredGoneRemovesTheStaleCopy(status: Int, kept: Bool) async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let setup = Setup(.staleWhileRevalidate)
            let request = Support.request(server.url("/products/1"))
            _ = try await setup.transport.send(request)
            setup.clock.advance(by: .seconds(60))
            server.inject(.status(status), at: "/products/1")
            #expect(Support.text(try await setup.transport.send(request)) == Self.product1, "stale, at once")
            await setup.transport.waitForRevalidations()
            #expect(setup.cache.count == (kept ? 1 : 0))
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    // MARK: cacheOnly

    @Test func cacheOnlyNeverSendsAndReportsAMissAsNotCached() async throws {
        try await LoopbackServer.withRunning { server in
            let setup = Setup(.cacheOnly)
            let request = Support.request(server.url("/products/1"))
            await #expect(throws: NetworkRequestError.notCached) { try await setup.transport.send(request) }
            var post = Support.request(server.url("/echo"), method: "POST")
            post.httpBody = Data("x".utf8)
            await #expect(throws: NetworkRequestError.notCached) { try await setup.transport.send(post) }
            let result: Result<Data, NetworkRequestError> = await requestAsync(request, transport: setup.transport)
                .value
            #expect(result == .failure(.notCached))
            if case .failed(_, let code) = NetworkRequestError.notCached {
                #expect(code == .resourceUnavailable)
            } else {
                Issue.record("notCached is not a .failed error")
            }
            #expect(server.requestCount() == 0)
        }
    }

    @Test func cacheOnlyAnswersFreshAndStaleCopies() async throws {
        func exercise(_ server: LoopbackServer) async throws {
            let setup = Setup(.cacheOnly)
            let request = Support.request(server.url("/products/1"))
            let online = Support.network().caching(setup.cache, policy: .cacheFirst)
            _ = try await online.send(request)
            #expect(Support.text(try await setup.transport.send(request)) == Self.product1)
            setup.clock.advance(by: .seconds(3600))
            let stale = try await setup.transport.send(request)
            #expect(Support.text(stale) == Self.product1)
            #expect(stale.1.value(forHTTPHeaderField: "Age") == "3600")
            #expect(server.requestCount() == 1)
        }
        try await LoopbackServer.withRunning { server in try await exercise(server) }
    }

    // MARK: with single-flight

    @Test func concurrentMissesBelowTheCacheShareOneRequest() async throws {
        try await LoopbackServer.withRunning { server in
            let valve = Support.Valve()
            let shared = Support.HeldTransport(base: Support.network(), valve: valve).singleFlight()
            let setup = Setup(.cacheFirst, base: shared)
            let request = Support.request(server.url("/products/1"))
            try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<10 {
                    group.addTask { Support.text(try await setup.transport.send(request)) }
                }
                try await server.waitForRequests(1, path: "/products/1")
                try await shared.waitForCallers(10, sharing: request)
                valve.open()
                for try await body in group { #expect(body == Self.product1) }
            }
            _ = try await setup.transport.send(request)
            #expect(server.requestCount(path: "/products/1") == 1)
        }
    }

    @Test func aBackgroundRefreshSharesItsRequestWithAForegroundOne() async throws {
        try await LoopbackServer.withRunning { server in
            let valve = Support.Valve()
            let shared = Support.HeldTransport(base: Support.network(), valve: valve).singleFlight()
            let setup = Setup(.staleWhileRevalidate, base: shared)
            let foreground = shared.caching(setup.cache, policy: .networkFirst(staleFallback: nil))
            let request = Support.request(server.url("/products/1"))
            _ = try await Support.network().caching(setup.cache).send(request)
            setup.clock.advance(by: .seconds(60))
            let stale = try await setup.transport.send(request)  // answered at once; the refresh is held
            #expect(stale.1.value(forHTTPHeaderField: "Age") == "60")
            try await shared.waitForCallers(1, sharing: request)
            let direct = Task { try await foreground.send(request) }
            try await shared.waitForCallers(2, sharing: request)
            valve.open()
            #expect(try await direct.value.1.statusCode == 200)
            await setup.transport.waitForRevalidations()
            #expect(server.requestCount(path: "/products/1") == 2)
        }
    }
}
