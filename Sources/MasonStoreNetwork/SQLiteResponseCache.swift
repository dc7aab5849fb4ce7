public import Foundation
public import GRDB
public import Logging
import Mason
public import MasonNetwork
public import MasonStore

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A `ResponseCache` kept in an SQLite file, so cached responses survive the process:
/// MasonNetwork's cache policies (`cacheFirst`, `networkFirst`, …) over MasonStore.
///
/// Entries live in one table, `mason_response_cache`, created on first use. Their age is measured on
/// the wall clock (`now` counts from 1970), since they outlive the process. The cache is best-effort:
/// a database failure reads as a miss and a store that fails is dropped, never a failed request (the
/// first failure after a success is logged as a warning).
///
/// The cache is bounded, as `MemoryResponseCache` is: it keeps at most ``capacity`` responses and, if
/// set, ``byteCapacity`` bytes of bodies, evicting the least recently used (stored or looked up) in
/// the transaction of each store, and when it is opened on a file that holds more. A response whose
/// body alone exceeds ``byteCapacity`` is not stored. SQLite reuses the pages of evicted rows, so the file stops growing; it does not shrink.
///
/// Once the cache is made (its initialiser writes the table synchronously), no call here blocks a
/// thread while it waits for the database, so `CachingTransport` never holds
/// a thread of Swift's cooperative pool: a lookup is `async` (GRDB's asynchronous read, which suspends
/// the task while it waits for a reader, or on a `DatabaseQueue` for the writer), and a store or
/// removal is queued on the writer and returns at once (a lookup sees it at once all the same).
/// ``init(path:timeToLive:capacity:byteCapacity:logger:)`` opens a `DatabasePool`, so lookups read beside
/// the writer. There is no synchronous lookup: in synchronous code, use `MemoryResponseCache`, or
/// read the table through MasonStore. ``waitForStores()`` waits until the queued writes are in the file.
///
/// ```swift
/// let cache = try SQLiteResponseCache(
///     path: cachesFolder + "/responses.sqlite", timeToLive: .seconds(300), byteCapacity: 50_000_000)
/// let transport = URLSessionTransport.shared.caching(cache, policy: .cacheFirst)
/// ```
public final class SQLiteResponseCache: ResponseCache {
    /// How long a stored response counts as fresh.
    public let timeToLive: Duration

    /// The most responses kept at once.
    ///
    /// ```swift
    /// try SQLiteResponseCache(path: path, timeToLive: .seconds(60)).capacity   // 1_000
    /// ```
    public let capacity: Int

    /// The most body bytes kept at once, or `nil` for no limit.
    ///
    /// ```swift
    /// try SQLiteResponseCache(path: path, timeToLive: .seconds(60), byteCapacity: 1_000_000).byteCapacity
    /// // 1_000_000
    /// ```
    public let byteCapacity: Int?

    private let writer: any DatabaseWriter
    private let clock: @Sendable () -> Duration
    /// The stores and removals queued on the writer and not yet committed.
    private let queued = Locked(QueuedWrites())

    /// The writes queued and not yet committed, by stored key, so a lookup sees them at once (`nil`: a
    /// removal); each with its number, which tells it from a later write for the same key. And the
    /// hits not yet written: each key's last use, in order, and whether a write queued to record them
    /// has yet to start.
    private struct QueuedWrites {
        var count = 0
        var byKey: [String: (number: Int, response: CachedResponse?)] = [:]
        var uses: [String: (order: Int, time: Int64)] = [:]
        var usesWaiting = false
        /// Whether the last write failed: the next failure is then logged at debug level only.
        var failing = false
        /// The URLs whose rows a queued deletion removes, each with its number: lookups of them miss
        /// until it is committed (for good if it fails: a miss, never a response made out of date).
        var removedURLs: [String: Int] = [:]

        /// Makes the oldest stores waiting for the writer, but one for `text`, removals while
        /// `capacity` of them wait, or while their bodies and the new one's `size` bytes pass
        /// `byteCapacity`: their writes then delete their keys' rows, and their bodies are freed.
        mutating func makeRoomForStore(of text: String, size: Int, keeping capacity: Int, bytes byteCapacity: Int?) {
            let waiting: [(key: String, number: Int, size: Int)] = byKey.compactMap { key, write in
                guard key != text, let response = write.response else { return nil }
                return (key, write.number, response.data.count)
            }
            var (count, bytes) = (waiting.count, waiting.reduce(size) { $0 + $1.size })
            for oldest in waiting.sorted(by: { $0.number < $1.number }) {
                guard count >= capacity || bytes > byteCapacity ?? .max else { return }
                byKey[oldest.key] = (oldest.number, nil)
                count -= 1
                bytes -= oldest.size
            }
        }
    }

    /// Where the cache says that it cannot write its file.
    private let logger: Logger

    /// A cache in `writer`'s database (the table is created if missing, and the responses it holds
    /// beyond `capacity` and `byteCapacity` are evicted, the least recently used first).
    ///
    /// ```swift
    /// let cache = try SQLiteResponseCache(writer: dbPool, timeToLive: .seconds(300))
    /// let small = try SQLiteResponseCache(writer: dbPool, timeToLive: .seconds(300), capacity: 100)
    /// ```
    /// - Parameters:
    ///   - writer: A `DatabaseQueue` or `DatabasePool`, which may hold other tables too; if other
    ///     connections write its file, give it a `busyMode` of `.timeout(_:)`, or stores they overlap are
    ///     dropped.
    ///   - timeToLive: How long a stored response counts as fresh.
    ///   - now: The current time, from 1970; tests pass their own.
    ///   - capacity: The most responses kept at once; not negative. 1,000 by default: more than
    ///     `MemoryResponseCache`'s 256, as the bodies are on disk, yet few enough that the eviction each
    ///     store runs, which walks the rows in order of use, stays cheap.
    ///   - byteCapacity: The most body bytes kept at once, or `nil` (the default) for no limit.
    ///   - logger: Where to say that the file cannot be written (`mason.store.cache` by default).
    /// - Throws: `StoreError` when the table cannot be created, or `cancelled` when the calling task is.
    public init(
        writer: any DatabaseWriter,
        timeToLive: Duration,
        now: @escaping @Sendable () -> Duration = { .nanoseconds(Int64(Date().timeIntervalSince1970 * 1e9)) },
        capacity: Int = 1_000,
        byteCapacity: Int? = nil,
        logger: Logger? = nil
    ) throws(StoreError) {
        precondition(timeToLive >= .zero, "A time to live cannot be negative")
        precondition(capacity >= 0, "A capacity cannot be negative")
        precondition(byteCapacity.map { $0 >= 0 } ?? true, "A byte capacity cannot be negative")
        self.writer = writer
        self.timeToLive = timeToLive
        self.capacity = capacity
        self.byteCapacity = byteCapacity
        self.clock = now
        self.logger = logger ?? Logger(label: "mason.store.cache")
        try DataOperation<Database, Void>.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS mason_response_cache (
                    key TEXT PRIMARY KEY NOT NULL,
                    status INTEGER NOT NULL,
                    headers TEXT NOT NULL,
                    body BLOB NOT NULL,
                    storedAt INTEGER NOT NULL,
                    variedRequestFields TEXT NOT NULL DEFAULT '{}',
                    usedAt INTEGER NOT NULL DEFAULT 0
                )
                """
        )
        .flatMap { _ in
            // A file made before responses kept the fields their `Vary` names gets the column.
            DataOperation<Database, Void> { db in
                guard try !db.columns(in: "mason_response_cache").contains(where: { $0.name == "variedRequestFields" })
                else { return }
                try db.execute(
                    sql: "ALTER TABLE mason_response_cache ADD COLUMN variedRequestFields TEXT NOT NULL DEFAULT '{}'")
            }
        }
        .flatMap { _ in
            // A file made before the cache was bounded gets the column: its rows count as last used
            // when they were stored.
            DataOperation<Database, Void> { db in
                guard try !db.columns(in: "mason_response_cache").contains(where: { $0.name == "usedAt" })
                else { return }
                try db.execute(
                    sql: """
                        ALTER TABLE mason_response_cache ADD COLUMN usedAt INTEGER NOT NULL DEFAULT 0;
                        UPDATE mason_response_cache SET usedAt = storedAt;
                        """)
            }
        }
        .flatMap { _ in
            DataOperation<Database, Void>.execute(
                sql: "CREATE INDEX IF NOT EXISTS mason_response_cache_usedAt ON mason_response_cache (usedAt)")
        }
        .flatMap { _ in
            // A file kept under larger limits (or none) is brought within these at once: a cache
            // reopened with `capacity: 0` serves nothing it held.
            DataOperation<Database, Void> { db in
                try Self.evict(in: db, keeping: nil, othersKept: capacity, otherBytesKept: byteCapacity)
            }
        }
        .save()
        .operate(in: writer)
    }

    /// A cache in its own file at `path`, opened as a `DatabasePool` (WAL mode), so lookups never
    /// wait for the writer. Other connections may share the file (another process, another cache on
    /// it): a write finding the file locked by one waits for it, up to 10 seconds, on GRDB's writer
    /// thread, rather than being dropped.
    ///
    /// ```swift
    /// let cache = try SQLiteResponseCache(path: "/var/cache/app/responses.sqlite", timeToLive: .seconds(60))
    /// ```
    /// - Parameters:
    ///   - path: The file; created if missing.
    ///   - timeToLive: How long a stored response counts as fresh.
    ///   - capacity: The most responses kept at once; not negative; 1,000 by default, as for
    ///     ``init(writer:timeToLive:now:capacity:byteCapacity:logger:)``.
    ///   - byteCapacity: The most body bytes kept at once, or `nil` (the default) for no limit.
    ///   - logger: Where to say that the file cannot be written (`mason.store.cache` by default).
    /// - Throws: `StoreError` when the file cannot be opened or the table created, or `cancelled` when
    ///   the calling task is.
    public convenience init(
        path: String, timeToLive: Duration, capacity: Int = 1_000, byteCapacity: Int? = nil, logger: Logger? = nil
    ) throws(StoreError) {
        var configuration = Configuration()
        // GRDB's default fails at once with SQLITE_BUSY when another connection holds the write lock,
        // and a failed store is dropped. The wait blocks GRDB's own threads, never Swift's pool.
        configuration.busyMode = .timeout(10)
        try self.init(
            writer: DatabasePool.opening(path: path, configuration: configuration), timeToLive: timeToLive,
            capacity: capacity, byteCapacity: byteCapacity, logger: logger)
    }

    /// The current time, from 1970.
    ///
    /// ```swift
    /// cache.now   // 1795000000 seconds
    /// ```
    public var now: Duration {
        clock()
    }

    /// The response stored for `key`, fresh or not, or `nil`: a store still queued counts. A hit
    /// becomes the most recently used, by a write queued on the writer as a store is (a failed one is
    /// dropped); the hits made while that write waits for the writer are recorded with it, in one
    /// transaction.
    ///
    /// Reads the file with GRDB's asynchronous read: the task suspends, holding no thread, while it
    /// waits for a reader (on a `DatabaseQueue`, for the writer and the writes queued on it). A
    /// database failure, or the task's cancellation during the read, reads as a miss.
    ///
    /// ```swift
    /// let hit = await cache.cachedResponse(for: CacheKey(method: "GET", url: "https://example.com/a"))
    /// ```
    /// - Parameter key: The request's key.
    /// - Returns: The stored response.
    public func cachedResponse(for key: CacheKey) async -> CachedResponse? {
        let text = Self.text(of: key)
        let hit: CachedResponse? = await lookUp(text)
        if hit != nil { touch(text) }
        return hit
    }

    /// The response stored for the stored key `text`: the write queued for it, or the row.
    private func lookUp(_ text: String) async -> CachedResponse? {
        let url = String(Self.url(ofStored: text))
        let (write, isRemoved) = queued.withLock { ($0.byKey[text], $0.removedURLs[url] != nil) }
        if let write { return write.response }
        if isRemoved { return nil }
        // GRDB's asynchronous read: the row is turned into a (Sendable) response on the reader.
        let read = try? await writer.read { db -> CachedResponse? in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT status, headers, body, storedAt, variedRequestFields FROM mason_response_cache WHERE key = ?
                    """,
                arguments: [text]
            )
            return row.flatMap(Self.response(from:))
        }
        return read ?? nil
    }

    /// Stores `response` for `key` as the most recently used, replacing what was there, and evicts
    /// the least recently used responses beyond ``capacity`` and ``byteCapacity`` in the same
    /// transaction. A response marked `no-store`, or one whose body alone exceeds ``byteCapacity``, is
    /// not stored and removes what was there.
    ///
    /// Returns at once: the write is queued on the writer, and lookups see it meanwhile. While
    /// ``capacity`` stores wait for the writer already (another connection holding the file, a slow
    /// disk), or their bodies would pass ``byteCapacity``, the oldest of them are dropped, and their
    /// keys removed, as the file would keep no more.
    ///
    /// - Complexity: O(*n* log *n*) on the writer in the number of stored responses, for the eviction.
    ///
    /// ```swift
    /// cache.store(CachedResponse(data: body, status: 200, storedAt: cache.now), for: key)
    /// ```
    /// - Parameters:
    ///   - response: The response.
    ///   - key: The request's key.
    public func store(_ response: CachedResponse, for key: CacheKey) {
        let fits: Bool = capacity > 0 && response.data.count <= (byteCapacity ?? .max)
        guard !response.isNoStore, fits else { return removeCachedResponse(for: key) }
        enqueue(response, for: Self.text(of: key))
    }

    /// Writes `response` as the row of `text`, used at `usedAt`, and evicts beyond the limits.
    private static func insert(
        _ response: CachedResponse, for text: String, usedAt: Int64, capacity: Int, byteCapacity: Int?,
        in db: Database
    ) throws {
        let size: Int = response.data.count
        let stored: StatementArguments = [
            text, response.status, json(response.headers), response.data,
            nanoseconds(response.storedAt), json(response.variedRequestFields), usedAt
        ]
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO mason_response_cache
                    (key, status, headers, body, storedAt, variedRequestFields, usedAt)
                VALUES (?, ?, ?, ?, ?, ?, \(nextUse))
                """,
            arguments: stored)
        try evict(in: db, keeping: text, othersKept: capacity - 1, otherBytesKept: byteCapacity.map { $0 - size })
    }

    /// Makes the row for `text`, if any, the most recently used, by a write queued on the writer as a
    /// store is, and dropped if it fails, as a lookup must not wait for the writer. Hits made while
    /// that write waits for the writer join it: however many there are, at most one such write is
    /// queued, and it records them all in one transaction, in the order of use.
    private func touch(_ text: String) {
        let time: Int64 = Self.nanoseconds(clock())
        let queuesWrite: Bool = queued.withLock { queued in
            queued.uses[text] = (queued.count, time)
            defer { queued.count += 1 }
            guard !queued.usesWaiting else { return false }  // the write queued records this use too
            queued.usesWaiting = true
            return true
        }
        guard queuesWrite else { return }
        let queued = self.queued
        let logger = logger
        writer.asyncWriteWithoutTransaction { db in
            let uses = queued.withLock { queued in
                defer {
                    queued.uses = [:]
                    queued.usesWaiting = false  // a hit from now on queues the next write
                }
                return queued.uses.sorted { $0.value.order < $1.value.order }
            }
            let outcome = Self.commit(in: db) {
                let update = try db.cachedStatement(
                    sql: "UPDATE mason_response_cache SET usedAt = \(Self.nextUse) WHERE key = ?")
                for (text, use) in uses {
                    try update.execute(arguments: [use.time, text])
                }
            }
            Self.log(queued.withLock { Self.note(outcome, in: &$0) }, to: logger)
        }
    }

    /// Runs `work` in a transaction of its own (`BEGIN IMMEDIATE`), committed if it does not throw.
    private static func commit(in db: Database, _ work: () throws -> Void) -> Result<Void, any Error> {
        Result {
            try db.inTransaction(.immediate) {
                try work()
                return .commit
            }
        }
    }

    /// Notes how a write ended; for a failure, whether it is the first since one succeeded.
    private static func note(_ result: Result<Void, any Error>, in queued: inout QueuedWrites) -> (
        first: Bool, error: any Error
    )? {
        switch result {
        case .success:
            queued.failing = false
            return nil
        case .failure(let error):
            defer { queued.failing = true }
            return (!queued.failing, error)
        }
    }

    /// Logs a failed write: at warning level the first since a write succeeded (a full disk, a file
    /// made read-only: nothing is cached until it is fixed), at debug level the others.
    private static func log(_ failure: (first: Bool, error: any Error)?, to logger: Logger) {
        guard let failure else { return }
        logger.log(
            level: failure.first ? .warning : .debug,
            "The response cache could not write its file, so responses are not being cached: \(StoreError(failure.error))"
        )
    }

    /// The `usedAt` of a row stored or looked up now, given the time as an argument: the time, or
    /// just after the latest use if the wall clock has not moved past it (or moved back), so the
    /// order of use is strict whatever the clock does.
    private static let nextUse = "MAX(?, (SELECT COALESCE(MAX(usedAt), 0) + 1 FROM mason_response_cache))"

    /// Deletes, but for the row of `text` (if any), the least recently used rows beyond the
    /// `othersKept` most recent, and beyond the most recent whose bodies total `otherBytesKept` bytes
    /// (if not `nil`).
    private static func evict(
        in db: Database, keeping text: String?, othersKept: Int, otherBytesKept: Int?
    ) throws {
        try db.execute(
            sql: """
                DELETE FROM mason_response_cache WHERE key IN (
                    SELECT key FROM mason_response_cache WHERE key <> ?
                    ORDER BY usedAt DESC, key LIMIT -1 OFFSET ?)
                """,
            arguments: [text ?? "", othersKept])
        guard let otherBytesKept else { return }
        // The running total of body sizes from the most recent down: the rows past the budget go.
        try db.execute(
            sql: """
                DELETE FROM mason_response_cache WHERE key IN (
                    SELECT key FROM (
                        SELECT key, SUM(length(body)) OVER (
                            ORDER BY usedAt DESC, key ROWS UNBOUNDED PRECEDING) AS bytes
                        FROM mason_response_cache WHERE key <> ?)
                    WHERE bytes > ?)
                """,
            arguments: [text ?? "", otherBytesKept])
    }

    /// A duration as the table keeps times: whole nanoseconds, held at the bounds of `Int64` beyond
    /// them (past the year 2262 from 1970).
    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds): (Int64, Int64) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !overflow, !carry else { return seconds < 0 ? .min : .max }
        return total
    }

    /// Removes the response stored for `key`, if any.
    ///
    /// Returns at once, as ``store(_:for:)`` does.
    ///
    /// ```swift
    /// cache.removeCachedResponse(for: key)
    /// ```
    /// - Parameter key: The request's key.
    public func removeCachedResponse(for key: CacheKey) {
        enqueue(nil, for: Self.text(of: key))
    }

    /// Removes every response stored for `url`, whatever the key's method and header fields. Returns
    /// at once, as ``store(_:for:)`` does: stores for it still queued are dropped, and lookups of it
    /// miss until the deletion queued on the writer is committed (for good, if it fails).
    ///
    /// ```swift
    /// cache.removeCachedResponses(forURL: "https://api.example.com/profile")
    /// ```
    /// - Parameter url: The absolute URL, as `CacheKey.url` holds it.
    public func removeCachedResponses(forURL url: String) {
        let number: Int = queued.withLock { queued in
            // Their writes find nothing queued for their keys, and do nothing.
            queued.byKey = queued.byKey.filter { Self.url(ofStored: $0.key) != url }
            defer { queued.count += 1 }
            queued.removedURLs[url] = queued.count
            return queued.count
        }
        let (queued, logger) = (self.queued, self.logger)
        writer.asyncWriteWithoutTransaction { db in
            // A stored key is the method, a line break, the URL, then a line per header field.
            let outcome = Self.commit(in: db) {
                try db.execute(
                    sql: """
                        DELETE FROM mason_response_cache
                        WHERE substr(key, instr(key, char(10)) + 1) = ?1
                            OR substr(key, instr(key, char(10)) + 1, length(?1) + 1) = ?1 || char(10)
                        """,
                    arguments: [url])
            }
            let failure: (first: Bool, error: any Error)? = queued.withLock { queued in
                if case .success = outcome, queued.removedURLs[url] == number { queued.removedURLs[url] = nil }
                return Self.note(outcome, in: &queued)
            }
            Self.log(failure, to: logger)
        }
    }

    /// Stores what a transport returned for `request`, synchronously (it only queues the write): the
    /// twin of `ResponseCache`'s `async` `store(_:_:for:)`, with the same rules. In `async` code Swift
    /// prefers the `async` form, so write `await` there.
    ///
    /// ```swift
    /// cache.store(data, response, for: request)   // true for a 200 to a GET
    /// ```
    /// - Parameters:
    ///   - data: The body.
    ///   - response: The response.
    ///   - request: The request that was answered.
    /// - Returns: `true` when the response was queued for storing, `false` when it may not be cached.
    @discardableResult
    public func store(_ data: Data, _ response: HTTPURLResponse, for request: URLRequest) -> Bool {
        store(data, ResponseHead(response), for: request)
    }

    /// Stores what a transport returned as a head for `request`, synchronously; as the form taking an
    /// `HTTPURLResponse` does.
    ///
    /// ```swift
    /// cache.store(data, head, for: request)   // true for a 200 to a GET
    /// ```
    /// - Parameters:
    ///   - data: The body.
    ///   - head: The head of the response.
    ///   - request: The request that was answered.
    /// - Returns: `true` when the response was queued for storing, `false` when it may not be cached.
    @discardableResult
    public func store(_ data: Data, _ head: ResponseHead, for request: URLRequest) -> Bool {
        admission(of: data, head, for: request).apply(store: { store($0, for: $1) }, remove: removeCachedResponse)
    }

    /// Returns once every store and removal queued so far is in the file, without blocking a thread:
    /// for tests, and for an orderly shutdown (a write still queued when the process ends is lost,
    /// as a cache may lose anything).
    ///
    /// ```swift
    /// cache.store(CachedResponse(data: body, status: 200, storedAt: cache.now), for: key)
    /// await cache.waitForStores()   // another connection to the file now reads it
    /// ```
    public func waitForStores() async {
        // The writer runs its accesses in order: this one starts after every write queued before it.
        _ = try? await writer.writeWithoutTransaction { _ in }
    }

    /// Queues a write for the stored key `text` on the writer (no thread waits for it), and shows
    /// `response` to lookups until it is committed (`nil`: a removal). The write reads the response
    /// to write when it runs, in a transaction of its own; a later write for the key supersedes it,
    /// and it then does nothing — but a removal superseded by a store still deletes the row, as the
    /// store may fail, and the row it removes must not be served then. While ``capacity`` stores wait
    /// for the writer already (another connection holding the file, a slow disk), or their bodies would
    /// pass ``byteCapacity``, the oldest of them become removals: the file keeps no more than that,
    /// and their bodies, held until written, would fill memory. (A removal, not nothing: the store may have superseded a removal that must
    /// still happen.)
    private func enqueue(_ response: CachedResponse?, for text: String) {
        let usedAt: Int64 = Self.nanoseconds(clock())
        let (capacity, byteCapacity): (Int, Int?) = (self.capacity, self.byteCapacity)
        let number: Int = queued.withLock { queued in
            if let response {
                queued.makeRoomForStore(
                    of: text, size: response.data.count, keeping: capacity, bytes: byteCapacity)
            }
            defer { queued.count += 1 }
            queued.byKey[text] = (queued.count, response)
            return queued.count
        }
        let queued = self.queued
        let logger = logger
        let isRemoval: Bool = response == nil
        writer.asyncWriteWithoutTransaction { db in
            guard let pending = queued.withLock({ $0.byKey[text] }) else { return }
            let isSuperseded: Bool = pending.number != number
            // Superseded by a later write for the key: nothing to write, no transaction — unless this
            // removal is superseded by a store, which runs later and may fail.
            guard !isSuperseded || (isRemoval && pending.response != nil) else { return }
            let outcome = Self.commit(in: db) {
                if !isSuperseded, let response = pending.response {
                    try Self.insert(
                        response, for: text, usedAt: usedAt, capacity: capacity, byteCapacity: byteCapacity, in: db)
                } else {
                    try db.execute(sql: "DELETE FROM mason_response_cache WHERE key = ?", arguments: [text])
                }
            }
            let failure: (first: Bool, error: any Error)? = queued.withLock { queued in
                // Committed, or dropped on a failure (the cache is best-effort): lookups read the file.
                if queued.byKey[text]?.number == number { queued.byKey[text] = nil }
                return Self.note(outcome, in: &queued)
            }
            Self.log(failure, to: logger)
        }
    }

    /// The number of stored responses, queued stores included.
    ///
    /// It waits, blocking the caller, for the writer (and the writes queued on it) to be free: a
    /// convenience for tests and tools, not for `async` code.
    ///
    /// ```swift
    /// cache.count   // 3
    /// ```
    public var count: Int {
        (try? DataOperation<Database, Int> { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM mason_response_cache") ?? 0
        }.operate(in: writer)) ?? 0
    }

    /// The response a row of `mason_response_cache` holds, or `nil` when the row does not read as one
    /// (a value of another type, header fields that are not the JSON ``json(_:)`` writes — the table is
    /// not `STRICT`, and another program may write the file): a miss, never a trap, nor a response
    /// served without its `Vary` or `Cache-Control`.
    private static func response(from row: Row) -> CachedResponse? {
        do {
            guard let headers = fields(try row.decode(String.self, forColumn: "headers")),
                let varied = fields(try row.decode(String.self, forColumn: "variedRequestFields"))
            else { return nil }
            return CachedResponse(
                data: try row.decode(Data.self, forColumn: "body"),
                status: try row.decode(Int.self, forColumn: "status"),
                headers: headers,
                storedAt: .nanoseconds(try row.decode(Int64.self, forColumn: "storedAt")),
                variedRequestFields: varied
            )
        } catch {
            return nil
        }
    }

    /// Header fields as the table keeps them: a JSON object of strings.
    private static func json(_ fields: [String: String]) -> String {
        (try? JSONEncoder().encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The header fields a column holds as ``json(_:)`` wrote them; `nil` for anything else.
    private static func fields(_ text: String) -> [String: String]? {
        try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    }

    /// The URL of a key as stored (see ``text(of:)``).
    private static func url(ofStored text: String) -> Substring {
        text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).dropFirst().first ?? ""
    }

    /// The key as stored: method, URL and the varying headers in a stable order.
    private static func text(of key: CacheKey) -> String {
        ([key.method, key.url] + key.headers.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
            .joined(separator: "\n")
    }
}
