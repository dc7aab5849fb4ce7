import Dispatch
import Foundation
import GRDB
import MasonNetwork
import MasonStoreNetwork
import Synchronization
import Testing

/// The persistent cache is bounded: it keeps the most recently used responses within a count and a
/// byte capacity, evicting in the store's transaction, and the order of use lives in the file.
@Suite(.timeLimit(.minutes(5))) struct SQLiteResponseCacheEvictionTests {
    static func key(_ name: String) -> CacheKey {
        CacheKey(method: "GET", url: "https://example.com/\(name)")
    }

    /// A wall clock that never moves: the order of use must not rest on the time.
    static let frozen: @Sendable () -> Duration = { .seconds(1_800_000_000) }

    static func response(_ body: String, in cache: SQLiteResponseCache) -> CachedResponse {
        CachedResponse(data: Data(body.utf8), status: 200, storedAt: cache.now)
    }

    /// The names of the responses in the file, from the least to the most recently used, read through
    /// a connection of their own (which touches nothing): what is really on disk.
    static func namesOnDisk(_ path: String) throws -> [String] {
        let reader: DatabaseQueue = try DatabaseQueue(path: path)
        let keys: [String] = try reader.read { db in
            try String.fetchAll(db, sql: "SELECT key FROM mason_response_cache ORDER BY usedAt, key")
        }
        return keys.map { (key: String) -> String in
            String(key.dropFirst("GET\nhttps://example.com/".count))
        }
    }

    @Test func aCapacityKeepsTheMostRecentlyStored() async throws {
        let store = try StoreFixture()
        let cache = try SQLiteResponseCache(
            writer: store.writer, timeToLive: .seconds(60), now: Self.frozen, capacity: 3)
        for name in ["a", "b", "c", "d", "e"] {
            cache.store(Self.response(name, in: cache), for: Self.key(name))
        }
        await cache.waitForStores()
        #expect(cache.capacity == 3)
        #expect(try Self.namesOnDisk(store.path) == ["c", "d", "e"])
        #expect(await cache.cachedResponse(for: Self.key("a")) == nil)
    }

    /// A file kept under larger limits is brought within the new ones as it is opened, the least
    /// recently used going first; with `capacity: 0` nothing it held is served.
    @Test(arguments: [(3, nil), (0, nil), (100, 2)] as [(Int, Int?)])
    func reopeningWithSmallerLimitsEvictsAtOnce(capacity: Int, byteCapacity: Int?) async throws {
        let store = try StoreFixture()
        let large = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60), now: Self.frozen)
        for name in ["a", "b", "c", "d", "e"] {
            large.store(Self.response(name, in: large), for: Self.key(name))
        }
        await large.waitForStores()
        let small = try SQLiteResponseCache(
            writer: store.writer, timeToLive: .seconds(60), now: Self.frozen, capacity: capacity,
            byteCapacity: byteCapacity)
        let kept = Array(["a", "b", "c", "d", "e"].suffix(min(capacity, byteCapacity ?? .max)))
        #expect(try Self.namesOnDisk(store.path) == kept)
        #expect(await small.cachedResponse(for: Self.key("a")) == nil)
    }

    @Test func aLookupHitMakesAnEntryTheMostRecentlyUsed() async throws {
        let store = try StoreFixture()
        let cache = try SQLiteResponseCache(
            writer: store.writer, timeToLive: .seconds(60), now: Self.frozen, capacity: 2)
        cache.store(Self.response("b", in: cache), for: Self.key("b"))
        cache.store(Self.response("a", in: cache), for: Self.key("a"))
        await cache.waitForStores()  // the lookup reads the file, not the queued store
        #expect(await cache.cachedResponse(for: Self.key("b")) != nil)
        cache.store(Self.response("c", in: cache), for: Self.key("c"))
        await cache.waitForStores()
        #expect(try Self.namesOnDisk(store.path) == ["b", "c"], "a, the least recently used, went")
    }

    /// However many hits are made while the writer is busy, they are recorded in one transaction, in
    /// the order of use (before, each hit queued a transaction of its own: 301 here).
    @Test func hitsMadeWhileTheWriterIsBusyAreRecordedInOneTransaction() async throws {
        let store = try StoreFixture(.pool)
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60), now: Self.frozen)
        for name in ["a", "b", "c"] {
            cache.store(Self.response(name, in: cache), for: Self.key(name))
        }
        await cache.waitForStores()
        let commits = CommitCounter()
        store.writer.add(transactionObserver: commits)
        let gate = DispatchSemaphore(value: 0)
        store.writer.asyncWriteWithoutTransaction { _ in gate.wait() }  // on GRDB's writer, not Swift's pool
        for _ in 0..<100 {
            for name in ["c", "a", "b"] {
                #expect(await cache.cachedResponse(for: Self.key(name)) != nil)
            }
        }
        #expect(await cache.cachedResponse(for: Self.key("a")) != nil)
        gate.signal()
        await cache.waitForStores()
        #expect(commits.count == 1, "301 hits, one transaction")
        #expect(try Self.namesOnDisk(store.path) == ["c", "b", "a"], "in the order of each one's last use")
    }

    /// While `capacity` stores wait for a busy writer, a new one drops the oldest of them (which the
    /// file would not keep anyway): however long the writer is held, no more bodies than that wait
    /// in memory. Before, every store waited, with its body: a and b were still served from memory.
    @Test func storesWaitingForTheWriterBeyondTheCapacityDropTheOldest() async throws {
        let store = try StoreFixture(.pool)
        let cache = try SQLiteResponseCache(
            writer: store.writer, timeToLive: .seconds(60), now: Self.frozen, capacity: 3)
        let gate = DispatchSemaphore(value: 0)
        store.writer.asyncWriteWithoutTransaction { _ in gate.wait() }  // on GRDB's writer, not Swift's pool
        for name in ["a", "b", "c", "d", "e"] {
            cache.store(Self.response(name, in: cache), for: Self.key(name))
        }
        var served: [String] = []
        for name in ["a", "b", "c", "d", "e"] where await cache.cachedResponse(for: Self.key(name)) != nil {
            served.append(name)
        }
        gate.signal()
        await cache.waitForStores()
        #expect(served == ["c", "d", "e"], "a and b were dropped while they waited")
        #expect(try Self.namesOnDisk(store.path) == ["c", "d", "e"])
    }

    // Before the fix only their number was bounded: a thousand 5 MB bodies could wait in memory under
    // a 50 MB byte capacity, and every one was served.
    @Test func storesWaitingForTheWriterBeyondTheByteCapacityDropTheOldest() async throws {
        let store = try StoreFixture(.pool)
        let cache = try SQLiteResponseCache(
            writer: store.writer, timeToLive: .seconds(60), now: Self.frozen, byteCapacity: 10)
        let gate = DispatchSemaphore(value: 0)
        store.writer.asyncWriteWithoutTransaction { _ in gate.wait() }  // on GRDB's writer, not Swift's pool
        for name in ["aaaa", "bbbb", "cccc"] {
            cache.store(Self.response(name, in: cache), for: Self.key(name))
        }
        var served: [String] = []
        for name in ["aaaa", "bbbb", "cccc"] where await cache.cachedResponse(for: Self.key(name)) != nil {
            served.append(name)
        }
        gate.signal()
        await cache.waitForStores()
        #expect(served == ["bbbb", "cccc"], "12 bytes would wait for a file that keeps 10")
        #expect(try Self.namesOnDisk(store.path) == ["bbbb", "cccc"])
    }

    // Before the fix the removal awaited the writer: a `PUT` through the caching transport waited, up
    // to the busy timeout, for another connection to let the file go.
    @Test func removingAURLsResponsesWaitsForNoWriterAndHidesThemAtOnce() async throws {
        let store = try StoreFixture(.pool)
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60), now: Self.frozen)
        cache.store(Self.response("a", in: cache), for: Self.key("a"))
        await cache.waitForStores()
        let gate = DispatchSemaphore(value: 0)
        store.writer.asyncWriteWithoutTransaction { _ in gate.wait() }  // on GRDB's writer, not Swift's pool
        let protocolView: any ResponseCache = cache
        await protocolView.removeCachedResponses(forURL: Self.key("a").url)
        #expect(await cache.cachedResponse(for: Self.key("a")) == nil, "hidden before the writer deletes it")
        gate.signal()
        await cache.waitForStores()
        #expect(try Self.namesOnDisk(store.path) == [])
    }

    /// A waiting store that is dropped for room still removes its key: it may have superseded a
    /// removal (here of a response a later request made stale), which must not be lost with it.
    @Test func aDroppedStoreStillRemovesWhatItsKeyHeld() async throws {
        let store = try StoreFixture(.pool)
        let cache = try SQLiteResponseCache(
            writer: store.writer, timeToLive: .seconds(60), now: Self.frozen, capacity: 3)
        cache.store(Self.response("stale", in: cache), for: Self.key("k"))
        await cache.waitForStores()
        let gate = DispatchSemaphore(value: 0)
        store.writer.asyncWriteWithoutTransaction { _ in gate.wait() }  // on GRDB's writer, not Swift's pool
        cache.removeCachedResponse(for: Self.key("k"))
        cache.store(Self.response("fresh", in: cache), for: Self.key("k"))
        for name in ["x", "y", "z"] {  // the third makes room: k's store is dropped
            cache.store(Self.response(name, in: cache), for: Self.key(name))
        }
        for name in ["x", "y", "z"] {  // and these are never written, so nothing evicts k's row
            cache.removeCachedResponse(for: Self.key(name))
        }
        gate.signal()
        await cache.waitForStores()
        #expect(await cache.cachedResponse(for: Self.key("k")) == nil, "neither the stale response nor the dropped one")
        #expect(try Self.namesOnDisk(store.path) == [])
    }

    /// A removal superseded by a store still deletes the row: the store may fail, and the response the
    /// removal made stale must not be served then.
    @Test func aRemovalSupersededByAStoreThatFailsStillRemoves() async throws {
        let store = try StoreFixture(.pool)
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60), now: Self.frozen)
        cache.store(Self.response("stale", in: cache), for: Self.key("k"))
        await cache.waitForStores()
        try await store.writer.write { db in  // the file refuses the body "refused"
            try db.execute(
                sql: """
                    CREATE TRIGGER refuse BEFORE INSERT ON mason_response_cache
                    WHEN NEW.body = CAST('refused' AS BLOB) BEGIN SELECT RAISE(ABORT, 'refused'); END
                    """)
        }
        let gate = DispatchSemaphore(value: 0)
        store.writer.asyncWriteWithoutTransaction { _ in gate.wait() }  // on GRDB's writer, not Swift's pool
        cache.removeCachedResponse(for: Self.key("k"))
        cache.store(Self.response("refused", in: cache), for: Self.key("k"))
        gate.signal()
        await cache.waitForStores()
        #expect(await cache.cachedResponse(for: Self.key("k")) == nil, "not the stale response")
        #expect(try Self.namesOnDisk(store.path) == [])
    }

    @Test func aByteCapacityEvictsTheLeastRecentlyUsedBodies() async throws {
        let store = try StoreFixture()
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60), byteCapacity: 10)
        cache.store(Self.response("aaaa", in: cache), for: Self.key("a"))
        cache.store(Self.response("bbbb", in: cache), for: Self.key("b"))
        cache.store(Self.response("cccc", in: cache), for: Self.key("c"))
        await cache.waitForStores()
        #expect(try Self.namesOnDisk(store.path) == ["b", "c"], "12 bytes are over 10: a went")
        cache.store(Self.response("dd", in: cache), for: Self.key("d"))
        await cache.waitForStores()
        #expect(try Self.namesOnDisk(store.path) == ["b", "c", "d"], "10 bytes fit")
    }

    /// A body larger than the byte capacity is refused, evicting nothing, and removes what its key
    /// held, as `MemoryResponseCache` does.
    @Test func aResponseLargerThanTheByteCapacityIsNotStored() async throws {
        let store = try StoreFixture()
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60), byteCapacity: 4)
        cache.store(Self.response("aaa", in: cache), for: Self.key("a"))
        cache.store(Self.response("bbbbb", in: cache), for: Self.key("b"))
        #expect(await cache.cachedResponse(for: Self.key("b")) == nil)
        await cache.waitForStores()
        #expect(try Self.namesOnDisk(store.path) == ["a"])
        cache.store(Self.response("aaaaa", in: cache), for: Self.key("a"))
        await cache.waitForStores()
        #expect(try Self.namesOnDisk(store.path) == [])
    }

    /// A file written before the cache was bounded opens: its table gets the column of use, its rows
    /// count as used when stored, and they are evicted in that order.
    @Test func aCacheFileFromBeforeEvictionOpensAndEvictsItsRows() async throws {
        let store = try StoreFixture()
        try await store.writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE mason_response_cache (
                        key TEXT PRIMARY KEY NOT NULL, status INTEGER NOT NULL, headers TEXT NOT NULL,
                        body BLOB NOT NULL, storedAt INTEGER NOT NULL,
                        variedRequestFields TEXT NOT NULL DEFAULT '{}');
                    INSERT INTO mason_response_cache (key, status, headers, body, storedAt)
                    VALUES ('GET' || char(10) || 'https://example.com/older', 200, '{}', x'6f6c64', 1),
                           ('GET' || char(10) || 'https://example.com/old', 200, '{}', x'6f6c64', 2);
                    """)
        }
        let cache = try SQLiteResponseCache(writer: store.writer, timeToLive: .seconds(60), capacity: 2)
        #expect(try Self.namesOnDisk(store.path) == ["older", "old"])
        #expect(await cache.cachedResponse(for: Self.key("older"))?.data == Data("old".utf8))
        cache.store(Self.response("new", in: cache), for: Self.key("new"))
        await cache.waitForStores()
        #expect(try Self.namesOnDisk(store.path) == ["older", "new"], "old, not looked up, went")
    }

    /// What was evicted stays out, and the order of use is read from the file: a cache reopened on it
    /// evicts the response its predecessor used least recently, unless it looked that one up.
    @Test func evictionAndTheOrderOfUseSurviveReopeningTheFile() async throws {
        let store = try StoreFixture()
        let first = try SQLiteResponseCache(path: store.path, timeToLive: .seconds(60), capacity: 2)
        for name in ["a", "b", "c"] {
            first.store(Self.response(name, in: first), for: Self.key(name))
        }
        await first.waitForStores()
        let reopened = try SQLiteResponseCache(path: store.path, timeToLive: .seconds(60), capacity: 2)
        #expect(reopened.count == 2)
        #expect(await reopened.cachedResponse(for: Self.key("a")) == nil)
        #expect(await reopened.cachedResponse(for: Self.key("b")) != nil)
        reopened.store(Self.response("d", in: reopened), for: Self.key("d"))
        await reopened.waitForStores()
        #expect(try Self.namesOnDisk(store.path) == ["b", "d"], "c, stored before b was looked up, went")
    }
}

/// Counts the committed transactions that changed the cache's table.
private final class CommitCounter: TransactionObserver, Sendable {
    private let state = Mutex((changed: false, commits: 0))

    var count: Int {
        state.withLock { $0.commits }
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        eventKind.tableName == "mason_response_cache"
    }

    func databaseDidChange(with event: DatabaseEvent) {
        state.withLock { $0.changed = true }
    }

    func databaseDidCommit(_ db: Database) {
        state.withLock { state in
            if state.changed { state.commits += 1 }
            state.changed = false
        }
    }

    func databaseDidRollback(_ db: Database) {
        state.withLock { $0.changed = false }
    }
}
