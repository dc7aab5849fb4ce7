public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
import Mason

/// A ``ResponseCache`` in memory: least-recently-used eviction within an entry count and an optional
/// byte count, and a freshness lifetime measured on an injected clock.
///
/// A response younger than ``timeToLive`` is fresh; an older one is stale and stays until it is
/// evicted, for ``CachePolicy/networkFirst(staleFallback:)`` and ``CachePolicy/staleWhileRevalidate``.
/// A response with `Cache-Control: no-store` is never stored, nor is one larger than the byte
/// capacity. Time is read from the clock given at creation (a `ContinuousClock` by default; a
/// `ManualClock` in tests). The cache is a reference type, `Sendable`, safe to use from any thread.
/// Nothing here waits but for a short lock, so its lookup, store and removal are synchronous
/// (`ResponseCache`'s `async` requirements await them through the protocol).
///
/// ```swift
/// let clock = ManualClock()
/// let cache = MemoryResponseCache(timeToLive: .seconds(60), capacity: 100, clock: clock)
/// let transport = URLSessionTransport.shared.caching(cache, policy: .cacheFirst)
/// _ = try await transport.send(request)   // from the network, then stored
/// _ = try await transport.send(request)   // from the cache
/// clock.advance(by: .seconds(60))
/// _ = try await transport.send(request)   // stale: from the network again
/// ```
public final class MemoryResponseCache: ResponseCache {
    /// How long a stored response stays fresh.
    public let timeToLive: Duration

    /// The most responses kept at once.
    public let capacity: Int

    /// The most body bytes kept at once, or `nil` for no limit.
    public let byteCapacity: Int?

    private let elapsed: @Sendable () -> Duration
    private let entries: Locked<LeastRecentlyUsed<CacheKey, CachedResponse>>

    /// An empty cache.
    ///
    /// The clock is read through a closure that measures from the moment of creation, so any clock
    /// with `Duration` durations will do.
    ///
    /// ```swift
    /// let cache = MemoryResponseCache(timeToLive: .seconds(300), capacity: 500, byteCapacity: 10_000_000)
    /// let testCache = MemoryResponseCache(timeToLive: .seconds(60), clock: ManualClock())
    /// ```
    /// - Parameters:
    ///   - timeToLive: How long a response stays fresh; not negative.
    ///   - capacity: The most responses kept at once; 256 by default.
    ///   - byteCapacity: The most body bytes kept at once, or `nil` (the default) for no limit.
    ///   - clock: Where time comes from; a `ContinuousClock` by default.
    public init<SomeClock: Clock>(
        timeToLive: Duration,
        capacity: Int = 256,
        byteCapacity: Int? = nil,
        clock: SomeClock = ContinuousClock()
    ) where SomeClock.Duration == Duration {
        precondition(timeToLive >= .zero, "A time to live cannot be negative")
        precondition(capacity >= 0, "A capacity cannot be negative")
        precondition(byteCapacity.map { $0 >= 0 } ?? true, "A byte capacity cannot be negative")
        self.timeToLive = timeToLive
        self.capacity = capacity
        self.byteCapacity = byteCapacity
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        entries = Locked(LeastRecentlyUsed(capacity: capacity, costCapacity: byteCapacity))
    }

    /// The time since the cache was created, on its clock.
    ///
    /// ```swift
    /// clock.advance(by: .seconds(5))
    /// cache.now   // 5 seconds
    /// ```
    public var now: Duration {
        elapsed()
    }

    /// The response stored for `key`, fresh or stale, which becomes the most recently used.
    ///
    /// ```swift
    /// if let hit = cache.cachedResponse(for: key), cache.isFresh(hit) { return hit.data }
    /// ```
    /// - Parameter key: The key of the request.
    /// - Returns: The stored response, or `nil`.
    public func cachedResponse(for key: CacheKey) -> CachedResponse? {
        entries.withLock { $0.value(for: key) }
    }

    /// Stores `response` for `key` as the most recently used, evicting the least recently used
    /// responses beyond the capacities. A `no-store` response, or one whose body alone exceeds
    /// ``byteCapacity``, is not stored and removes the previous entry for `key`.
    ///
    /// ```swift
    /// cache.store(CachedResponse(data: data, status: 200, storedAt: cache.now), for: key)
    /// ```
    /// - Parameters:
    ///   - response: The response.
    ///   - key: The key of the request.
    public func store(_ response: CachedResponse, for key: CacheKey) {
        let cost = response.data.count
        let refused = response.isNoStore
        entries.withLock { entries in
            guard !refused, entries.admits(cost: cost) else {
                entries.remove(key)
                return
            }
            _ = entries.insert(response, cost: cost, for: key)
        }
    }

    /// Removes the response stored for `key`, if any.
    ///
    /// ```swift
    /// cache.removeCachedResponse(for: key)
    /// ```
    /// - Parameter key: The key of the request.
    public func removeCachedResponse(for key: CacheKey) {
        entries.withLock { $0.remove(key) }
    }

    /// Removes every response stored for `url`, whatever the key's method and header fields.
    ///
    /// - Complexity: O(*n*) in the number of stored responses.
    ///
    /// ```swift
    /// cache.removeCachedResponses(forURL: "https://api.example.com/profile")
    /// ```
    /// - Parameter url: The absolute URL, as ``CacheKey/url`` holds it.
    public func removeCachedResponses(forURL url: String) {
        entries.withLock { entries in
            for key in entries.keys where key.url == url { entries.remove(key) }
        }
    }

    /// Stores what a transport returned for `request`, synchronously: the twin of `ResponseCache`'s
    /// `async` `store(_:_:for:)`, with the same rules (a 200, 203 or 204 to a cacheable `GET` or
    /// `HEAD`, no `no-store`, no `Vary: *`). In `async` code Swift prefers the
    /// `async` form, so write `await` there.
    ///
    /// ```swift
    /// cache.store(data, response, for: request)         // synchronous code: true for a 200 to a GET
    /// await cache.store(data, response, for: request)   // async code: the protocol's form, same effect
    /// ```
    /// - Parameters:
    ///   - data: The body.
    ///   - response: The response.
    ///   - request: The request that was answered.
    /// - Returns: `true` when the response was stored, `false` when it may not be cached.
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
    /// - Returns: `true` when the response was stored, `false` when it may not be cached.
    @discardableResult
    public func store(_ data: Data, _ head: ResponseHead, for request: URLRequest) -> Bool {
        admission(of: data, head, for: request).apply(store: { store($0, for: $1) }, remove: removeCachedResponse)
    }

    /// Removes every stored response.
    ///
    /// ```swift
    /// cache.removeAll()
    /// cache.count   // 0
    /// ```
    public func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    /// The number of stored responses, fresh and stale.
    ///
    /// ```swift
    /// cache.count   // 2
    /// ```
    public var count: Int {
        entries.withLock { $0.count }
    }

    /// The total size of the stored bodies, in bytes.
    ///
    /// ```swift
    /// cache.byteCount   // 1_024
    /// ```
    public var byteCount: Int {
        entries.withLock { $0.totalCost }
    }

    /// The keys of the stored responses, from the least to the most recently used: the first is
    /// the next to be evicted.
    ///
    /// - Complexity: O(*n*) in the number of stored responses.
    ///
    /// ```swift
    /// cache.keys.map(\.url)   // ["https://example.com/old", "https://example.com/new"]
    /// ```
    public var keys: [CacheKey] {
        entries.withLock { $0.keys }
    }

    /// Mortar's `Cache.fetchCached`: the body of the fresh response stored for `request`, or
    /// ``NetworkRequestError/notCached`` on a miss (no entry, a stale one, or a request that is not a
    /// `GET` or `HEAD`).
    ///
    /// Synchronous, so it starts a Mortar pipeline that falls back to the network with `<->`:
    ///
    /// ```swift
    /// let pipeline = client.buildRequest <<- cache.fetchCached <-> session.fetchUpdated <<- Model.create
    /// cache.fetchCached(for: request)   // .success(data) when fresh, else .failure(.notCached)
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The cached body, or `.notCached`.
    public func fetchCached(for request: URLRequest) -> Result<Data, NetworkRequestError> {
        guard let key = CacheKey.cacheable(request), let hit = cachedResponse(for: key), hit.matches(request),
            isFresh(hit)
        else {
            return .failure(.notCached)
        }
        return .success(hit.data)
    }
}
