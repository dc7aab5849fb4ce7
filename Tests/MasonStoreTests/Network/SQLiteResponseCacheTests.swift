import Foundation
import GRDB
import Mason
import MasonNetwork
import MasonStore
import MasonStoreNetwork
import MasonTesting
import Synchronization
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The persistent response cache: what one process stores, the next one reads; freshness on the
/// wall clock; no-store refused; and MasonNetwork's caching transport on top of it.
@Suite(.timeLimit(.minutes(5))) struct SQLiteResponseCacheTests {
    /// Wall-clock time the test moves by hand.
    final class TestClock: Sendable {
        let now = Locked<Duration>(.seconds(1_800_000_000))
        var reading: @Sendable () -> Duration { { self.now.withLock { $0 } } }
        func advance(by duration: Duration) { now.withLock { $0 += duration } }
    }

    static let key = CacheKey(
        method: "GET", url: "https://example.com/products/1", headers: ["Accept": "application/json"])

    @Test func aStoredResponseSurvivesTheCache() async throws {
        let store = try StoreFixture()
        let clock = TestClock()
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60), now: clock.reading)
        let body = Data(#"{"id":1}"#.utf8)
        cache.store(
            CachedResponse(data: body, status: 200, headers: ["ETag": "v1"], storedAt: cache.now), for: Self.key)
        #expect(cache.count == 1)
        let reopened = try SQLiteResponseCache(
            writer: DatabaseQueue(path: store.path), timeToLive: .seconds(60), now: clock.reading)
        let hit = try #require(await reopened.cachedResponse(for: Self.key))
        #expect(hit.data == body)
        #expect(hit.status == 200)
        #expect(hit.value(forHeader: "etag") == "v1")
    }

    @Test func theFieldsAResponseVariesOnSurviveTheCache() async throws {
        let store = try StoreFixture()
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60))
        cache.store(
            CachedResponse(
                data: Data("x".utf8), status: 200, headers: ["Vary": "X-Tenant"], storedAt: cache.now,
                variedRequestFields: ["x-tenant": "7"]),
            for: Self.key)
        await cache.waitForStores()
        let reopened = try SQLiteResponseCache(writer: DatabaseQueue(path: store.path), timeToLive: .seconds(60))
        #expect(await reopened.cachedResponse(for: Self.key)?.variedRequestFields == ["x-tenant": "7"])
    }

    /// A file written before responses kept the fields their `Vary` names opens: its table gets the
    /// column, its rows read with none, and new rows keep theirs.
    @Test func aCacheFileFromBeforeVariedFieldsOpensAndKeepsItsRows() async throws {
        let store = try StoreFixture()
        try await store.writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE mason_response_cache (
                        key TEXT PRIMARY KEY NOT NULL, status INTEGER NOT NULL, headers TEXT NOT NULL,
                        body BLOB NOT NULL, storedAt INTEGER NOT NULL);
                    INSERT INTO mason_response_cache VALUES ('GET' || char(10) || 'https://example.com/old', 200, '{}', x'6f6c64', 0);
                    """)
        }
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60))
        let old = CacheKey(method: "GET", url: "https://example.com/old")
        let hit = try #require(await cache.cachedResponse(for: old))
        #expect(hit.data == Data("old".utf8))
        #expect(hit.variedRequestFields == [:])
        cache.store(
            CachedResponse(data: Data(), status: 200, storedAt: cache.now, variedRequestFields: ["x-a": "1"]),
            for: Self.key)
        await cache.waitForStores()
        let reopened = try SQLiteResponseCache(writer: DatabaseQueue(path: store.path), timeToLive: .seconds(60))
        #expect(await reopened.cachedResponse(for: Self.key)?.variedRequestFields == ["x-a": "1"])
    }

    @Test func freshnessIsOnTheWallClockAndKeysKeepTheirHeaders() async throws {
        let store = try StoreFixture()
        let clock = TestClock()
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60), now: clock.reading)
        cache.store(CachedResponse(data: Data("x".utf8), status: 200, storedAt: cache.now), for: Self.key)
        let hit = try #require(await cache.cachedResponse(for: Self.key))
        #expect(cache.isFresh(hit))
        clock.advance(by: .seconds(61))
        #expect(!cache.isFresh(hit))
        let withoutAccept = CacheKey(method: "GET", url: "https://example.com/products/1")
        #expect(await cache.cachedResponse(for: withoutAccept) == nil, "other headers, other key")
        cache.removeCachedResponse(for: Self.key)
        #expect(await cache.cachedResponse(for: Self.key) == nil)
    }

    /// A response stored while the wall clock ran a year fast, looked up once it is set right: its
    /// age is unknown, and it must not stay fresh for the year.
    @Test func aResponseStoredLaterThanNowIsStale() async throws {
        let store = try StoreFixture()
        let clock = TestClock()
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60), now: clock.reading)
        cache.store(CachedResponse(data: Data("x".utf8), status: 200, storedAt: cache.now), for: Self.key)
        clock.advance(by: .seconds(-365 * 24 * 3600))
        let hit = try #require(await cache.cachedResponse(for: Self.key))
        #expect(!cache.isFresh(hit))
    }

    /// Removing a URL's responses removes every key of it — each method and variant, in the file and
    /// still queued — and no other URL's, even one it is the start of.
    @Test func removingAURLsResponsesRemovesEveryVariantOfItAndNothingElse() async throws {
        let store = try StoreFixture()
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60))
        let url = "https://example.com/products/1"
        let keys = [
            CacheKey(method: "GET", url: url), CacheKey(method: "HEAD", url: url),
            CacheKey(method: "GET", url: url, headers: ["Accept": "text/plain"]), Self.key
        ]
        let kept = [CacheKey(method: "GET", url: url + "0"), CacheKey(method: "GET", url: url + "?a=1")]
        let response = CachedResponse(data: Data("x".utf8), status: 200, storedAt: cache.now)
        for key in keys.dropLast() + kept { cache.store(response, for: key) }
        await cache.waitForStores()
        cache.store(response, for: Self.key)  // still queued, perhaps
        cache.removeCachedResponses(forURL: url)
        for key in keys { #expect(await cache.cachedResponse(for: key) == nil, "\(key)") }
        for key in kept { #expect(await cache.cachedResponse(for: key) != nil, "\(key)") }
        await cache.waitForStores()
        #expect(cache.count == 2)
    }

    // Before the fix a row whose status was not a number stopped the process at every lookup, and one
    // whose header fields were not JSON was served without its `Vary`, to every variant.
    @Test(arguments: ["headers = 'not json'", "status = 'abc'", "body = 12"])
    func aRowThatDoesNotReadAsAResponseIsAMiss(corruption: String) async throws {
        let store = try StoreFixture()
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60))
        cache.store(
            CachedResponse(
                data: Data("seven".utf8), status: 200, headers: ["Vary": "X-Tenant"], storedAt: cache.now,
                variedRequestFields: ["x-tenant": "7"]),
            for: Self.key)
        await cache.waitForStores()
        #expect(await cache.cachedResponse(for: Self.key) != nil)
        try await store.writer.write { db in
            try db.execute(sql: "UPDATE mason_response_cache SET \(corruption)")
        }
        #expect(await cache.cachedResponse(for: Self.key) == nil)
    }

    @Test func noStoreIsNotKept() async throws {
        let store = try StoreFixture()
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60))
        let key = CacheKey(method: "GET", url: "https://example.com/secret")
        cache.store(CachedResponse(data: Data("x".utf8), status: 200, storedAt: cache.now), for: key)
        cache.store(
            CachedResponse(
                data: Data("y".utf8), status: 200, headers: ["Cache-Control": "no-store"], storedAt: cache.now),
            for: key)
        #expect(await cache.cachedResponse(for: key) == nil)
    }

    @Test func theCachingTransportAnswersFromTheFileAfterARestart() async throws {
        let store = try StoreFixture()
        let sent = Atomic<Int>(0)
        let network = StubTransport { _ in
            sent.add(1, ordering: .relaxed)
            return .json(#"{"id":7}"#)
        }
        let request = URLRequest(url: URL(string: "https://example.com/products/7")!)
        let firstCache = try SQLiteResponseCache(path: store.path, timeToLive: .seconds(300))
        let first = network.caching(firstCache, policy: .cacheFirst)
        _ = try await first.send(request)
        await firstCache.waitForStores()  // an orderly shutdown: the queued store reaches the file
        let afterRestart = network.caching(
            try SQLiteResponseCache(path: store.path, timeToLive: .seconds(300)), policy: .cacheFirst)
        let (data, response) = try await afterRestart.send(request)
        #expect(String(decoding: data, as: UTF8.self) == #"{"id":7}"#)
        #expect(response.statusCode == 200)
        #expect(sent.load(ordering: .relaxed) == 1, "the second answer came from the file")
    }

    /// Two caches on one file (two processes, or a process and its successor, sharing it): their
    /// stores take turns for the file's write lock instead of being dropped when the other holds it.
    @Test func twoCachesOnOneFileKeepEveryStore() async throws {
        let store = try StoreFixture()
        let first = try SQLiteResponseCache(path: store.path, timeToLive: .seconds(60))
        let second = try SQLiteResponseCache(path: store.path, timeToLive: .seconds(60))
        let stores = 200
        for index in 0..<stores {
            let cache: SQLiteResponseCache = index.isMultiple(of: 2) ? first : second
            let key = CacheKey(method: "GET", url: "https://example.com/products/\(index)")
            cache.store(CachedResponse(data: Data("x".utf8), status: 200, storedAt: cache.now), for: key)
        }
        await first.waitForStores()
        await second.waitForStores()
        #expect(first.count == stores)
    }

    /// A request through the caching transport while another access holds the database's writer
    /// (a long operation on the same file): the lookup reads beside it and the store is queued behind
    /// it, so neither holds a cooperative thread until the writer is free. The holder gives the writer
    /// back as soon as the request is answered; its deadline only ends the wait if the request hangs.
    @Test func aRequestDoesNotWaitForTheWriter() async throws {
        let store = try StoreFixture(.pool)
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60))
        let hitRequest = URLRequest(url: URL(string: "https://example.com/products/1")!)
        let missRequest = URLRequest(url: URL(string: "https://example.com/products/2")!)
        let transport = StubTransport { _ in .json(#"{"id":1}"#) }.caching(cache, policy: .cacheFirst)
        _ = try await transport.send(hitRequest)
        let hold = await WriterHold.begin(on: store.writer)
        let (hit, _) = try await transport.send(hitRequest)
        _ = try await transport.send(missRequest)
        let missKey = try #require(CacheKey(missRequest))
        let storedMeanwhile = await cache.cachedResponse(for: missKey)
        let answeredWhileHeld = !hold.end()
        #expect(String(decoding: hit, as: UTF8.self) == #"{"id":1}"#)
        #expect(storedMeanwhile != nil, "a lookup sees the store queued before it")
        #expect(answeredWhileHeld, "the requests were answered while the writer was held")
    }

    /// Lookups that must wait for the writer (a `DatabaseQueue`, held by a long access on another
    /// thread) suspend instead of holding threads: far more lookups than Swift's cooperative pool has
    /// threads all start, and this test goes on running, while the writer is held. Were a lookup to
    /// block its thread, the pool would fill and everything would stall until the holder's deadline,
    /// which only ends the wait.
    @Test func lookupsWaitingForTheWriterHoldNoThread() async throws {
        let store = try StoreFixture(.queue)
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60))
        let body = Data(#"{"id":1}"#.utf8)
        cache.store(CachedResponse(data: body, status: 200, storedAt: cache.now), for: Self.key)
        await cache.waitForStores()  // in the file: the lookups read it, not the queued write
        let hold = await WriterHold.begin(on: store.writer)
        let lookups = max(256, 8 * ProcessInfo.processInfo.activeProcessorCount)
        let (started, starting) = AsyncStream<Void>.makeStream()
        let answers = Task {
            await withTaskGroup(of: CachedResponse?.self) { group in
                for _ in 0..<lookups {
                    group.addTask {
                        starting.yield()
                        return await cache.cachedResponse(for: Self.key)
                    }
                }
                return await group.reduce(into: [CachedResponse?]()) { $0.append($1) }
            }
        }
        var startedCount = 0
        for await _ in started {
            startedCount += 1
            if startedCount == lookups { break }
        }
        let startedWhileHeld = !hold.end()
        let hits = await answers.value
        #expect(hits.count == lookups)
        #expect(hits.allSatisfy { $0?.data == body }, "each lookup read the file once the writer was free")
        #expect(startedWhileHeld, "every lookup started, and this test ran on, while the writer was held")
    }

    /// A write that fails (another connection holds the file, and GRDB's default is not to wait) is
    /// dropped, and said: a warning for the first failure since a write succeeded, then debug lines.
    @Test func aWriteThatFailsIsLoggedAsAWarningOnceUntilOneSucceeds() async throws {
        let store = try StoreFixture(.pool)
        let recorder = LogRecorder()
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60), logger: recorder.logger())
        let response = CachedResponse(data: Data("x".utf8), status: 200, storedAt: cache.now)
        let key: (Int) -> CacheKey = { CacheKey(method: "GET", url: "https://example.com/\($0)") }
        let hold = await WriterHold.begin(on: try DatabaseQueue(path: store.path), lockingTheFile: true)
        cache.store(response, for: key(1))
        cache.store(response, for: key(2))
        await cache.waitForStores()
        await hold.endAndWait()
        cache.store(response, for: key(3))
        await cache.waitForStores()
        #expect(recorder.entries.map(\.level) == [.warning, .debug])
        #expect(recorder.entries.first?.message.contains("busy") == true, "the error says why")
        #expect(cache.count == 1, "the stores made while the file was held were dropped")
        #expect(await cache.cachedResponse(for: key(1)) == nil)
    }

    /// A clock past the year 2262 (nanoseconds since 1970 beyond `Int64`) is held at the bound: the
    /// cache works on, where it trapped.
    @Test func aClockPastTheYear2262DoesNotTrap() async throws {
        let store = try StoreFixture()
        let cache = try SQLiteResponseCache(
            writer: store.writer, timeToLive: .seconds(60), now: { .seconds(10_000_000_000) })
        cache.store(CachedResponse(data: Data("x".utf8), status: 200, storedAt: cache.now), for: Self.key)
        await cache.waitForStores()
        #expect(await cache.cachedResponse(for: Self.key)?.data == Data("x".utf8))
    }

    /// The synchronous twin of the protocol's `store(_:_:for:)` queues what may be cached, as the
    /// protocol's form does, and a lookup sees it at once.
    @Test func theSynchronousStoreOfATransportsAnswerFollowsTheProtocolsRules() async throws {
        let store = try StoreFixture()
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60))
        let url = URL(string: "https://example.com/products/3")!
        let ok = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])!
        var post = URLRequest(url: url)
        post.httpMethod = "POST"
        #expect(cache.store(Data("x".utf8), ok, for: URLRequest(url: url)))
        #expect(!cache.store(Data("y".utf8), ok, for: post))
        let key = try #require(CacheKey(URLRequest(url: url)))
        #expect(await cache.cachedResponse(for: key)?.data == Data("x".utf8))
        let generic: any ResponseCache = cache
        let noStore = HTTPURLResponse(
            url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Cache-Control": "no-store"])!
        #expect(!(await generic.store(Data("z".utf8), noStore, for: URLRequest(url: url))))
        #expect(await cache.cachedResponse(for: key) == nil, "a no-store answer removes the stored one")
    }
}

/// A writer held in an access on a thread of its own, until ``end()`` or for 240 s at most: the
/// deadline only ends a deadlock, and says that one happened.
private final class WriterHold: Sendable {
    private let release = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let expired = Atomic<Bool>(false)

    /// Holds `writer`, and with `lockingTheFile` the file's write lock too (`BEGIN IMMEDIATE`), which
    /// every other connection to the file then waits for; returns once its access has begun.
    static func begin(on writer: any DatabaseWriter, lockingTheFile: Bool = false) async -> WriterHold {
        let hold = WriterHold()
        let holding = DispatchSemaphore(value: 0)
        Thread {
            writer.writeWithoutTransaction { db in
                if lockingTheFile { try? db.execute(sql: "BEGIN IMMEDIATE") }
                holding.signal()
                if hold.release.wait(timeout: .now() + .seconds(240)) == .timedOut {
                    hold.expired.store(true, ordering: .relaxed)
                }
                if lockingTheFile { try? db.execute(sql: "ROLLBACK") }
            }
            hold.released.signal()
        }
        .start()
        await OwnThread.run { holding.wait() }
        return hold
    }

    /// Lets the writer go; returns whether the hold had already run to its deadline.
    func end() -> Bool {
        release.signal()
        return expired.load(ordering: .relaxed)
    }

    /// Lets the writer go and returns once its access has ended (and the file's lock is free).
    func endAndWait() async {
        _ = end()
        await OwnThread.run { self.released.wait() }
    }
}
