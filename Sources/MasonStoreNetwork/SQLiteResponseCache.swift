public import Foundation
public import GRDB
public import MasonNetwork
public import MasonStore

/// A `ResponseCache` kept in an SQLite file, so cached responses survive the process:
/// MasonNetwork's cache policies (`cacheFirst`, `networkFirst`, …) over MasonStore.
///
/// Entries live in one table, `mason_response_cache`, created on first use. Their age is measured on
/// the wall clock (`now` counts from 1970), since they outlive the process. The cache is best-effort:
/// a database failure reads as a miss and a store that fails is dropped, never a failed request.
///
/// ```swift
/// let cache = try SQLiteResponseCache(path: cachesFolder + "/responses.sqlite", timeToLive: .seconds(300))
/// let transport = URLSessionTransport.shared.caching(cache, policy: .cacheFirst)
/// ```
public final class SQLiteResponseCache: ResponseCache {
    /// How long a stored response counts as fresh.
    public let timeToLive: Duration
    private let writer: any DatabaseWriter
    private let clock: @Sendable () -> Duration

    /// A cache in `writer`'s database (the table is created if missing).
    ///
    /// ```swift
    /// let cache = try SQLiteResponseCache(writer: dbPool, timeToLive: .seconds(300))
    /// ```
    /// - Parameters:
    ///   - writer: A `DatabaseQueue` or `DatabasePool`, which may hold other tables too.
    ///   - timeToLive: How long a stored response counts as fresh.
    ///   - now: The current time, from 1970; tests pass their own.
    /// - Throws: `StoreError` when the table cannot be created.
    public init(
        writer: any DatabaseWriter,
        timeToLive: Duration,
        now: @escaping @Sendable () -> Duration = { .nanoseconds(Int64(Date().timeIntervalSince1970 * 1e9)) }
    ) throws(StoreError) {
        precondition(timeToLive >= .zero, "A time to live cannot be negative")
        self.writer = writer
        self.timeToLive = timeToLive
        self.clock = now
        try DataOperation<Database, Void>.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS mason_response_cache (
                    key TEXT PRIMARY KEY NOT NULL,
                    status INTEGER NOT NULL,
                    headers TEXT NOT NULL,
                    body BLOB NOT NULL,
                    storedAt INTEGER NOT NULL
                )
                """
        )
        .save()
        .operate(in: writer)
    }

    /// A cache in its own file at `path` (a `DatabaseQueue`).
    ///
    /// ```swift
    /// let cache = try SQLiteResponseCache(path: "/var/cache/app/responses.sqlite", timeToLive: .seconds(60))
    /// ```
    /// - Parameters:
    ///   - path: The file; created if missing.
    ///   - timeToLive: How long a stored response counts as fresh.
    /// - Throws: `StoreError` when the file cannot be opened or the table created.
    public convenience init(path: String, timeToLive: Duration) throws(StoreError) {
        try self.init(writer: DatabaseQueue.opening(path: path), timeToLive: timeToLive)
    }

    /// The current time, from 1970.
    ///
    /// ```swift
    /// cache.now   // 1795000000 seconds
    /// ```
    public var now: Duration {
        clock()
    }

    /// The response stored for `key`, fresh or not, or `nil`.
    ///
    /// ```swift
    /// let hit = cache.cachedResponse(for: CacheKey(method: "GET", url: "https://example.com/a"))
    /// ```
    /// - Parameter key: The request's key.
    /// - Returns: The stored response.
    public func cachedResponse(for key: CacheKey) -> CachedResponse? {
        let row = DataOperation<Database, Row?> { db in
            try Row.fetchOne(
                db,
                sql: "SELECT status, headers, body, storedAt FROM mason_response_cache WHERE key = ?",
                arguments: [Self.text(of: key)]
            )
        }
        guard let row = (try? row.read(from: writer)) ?? nil else { return nil }
        let headers =
            (row["headers"] as String?)
            .flatMap { try? JSONDecoder().decode([String: String].self, from: Data($0.utf8)) } ?? [:]
        return CachedResponse(
            data: row["body"] ?? Data(),
            status: row["status"] ?? 0,
            headers: headers,
            storedAt: .nanoseconds(row["storedAt"] ?? Int64(0))
        )
    }

    /// Stores `response` for `key`, replacing what was there (a response marked `no-store` removes it).
    ///
    /// ```swift
    /// cache.store(CachedResponse(data: body, status: 200, storedAt: cache.now), for: key)
    /// ```
    /// - Parameters:
    ///   - response: The response.
    ///   - key: The request's key.
    public func store(_ response: CachedResponse, for key: CacheKey) {
        guard !response.isNoStore else { return removeCachedResponse(for: key) }
        let headers = (try? JSONEncoder().encode(response.headers)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let nanoseconds =
            response.storedAt.components.seconds * 1_000_000_000
            + response.storedAt.components.attoseconds / 1_000_000_000
        _ = try? DataOperation<Database, Void>.execute(
            sql:
                "INSERT OR REPLACE INTO mason_response_cache (key, status, headers, body, storedAt) VALUES (?, ?, ?, ?, ?)",
            arguments: [Self.text(of: key), response.status, headers, response.data, nanoseconds]
        )
        .save()
        .operate(in: writer)
    }

    /// Removes the response stored for `key`, if any.
    ///
    /// ```swift
    /// cache.removeCachedResponse(for: key)
    /// ```
    /// - Parameter key: The request's key.
    public func removeCachedResponse(for key: CacheKey) {
        _ = try? DataOperation<Database, Void>.execute(
            sql: "DELETE FROM mason_response_cache WHERE key = ?",
            arguments: [Self.text(of: key)]
        )
        .save()
        .operate(in: writer)
    }

    /// The number of stored responses.
    ///
    /// ```swift
    /// cache.count   // 3
    /// ```
    public var count: Int {
        (try? DataOperation<Database, Int> { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM mason_response_cache") ?? 0
        }.read(from: writer)) ?? 0
    }

    /// The key as stored: method, URL and the varying headers in a stable order.
    private static func text(of key: CacheKey) -> String {
        ([key.method, key.url] + key.headers.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
            .joined(separator: "\n")
    }
}
