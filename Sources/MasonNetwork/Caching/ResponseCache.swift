public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Where responses are kept between requests: a store of ``CachedResponse`` values by ``CacheKey``,
/// with its own clock and freshness lifetime.
///
/// ``MemoryResponseCache`` is the in-memory implementation; a persistent one can implement the same
/// six requirements, safe to call from any thread. The lookup, the store and the removal are `async`,
/// so a cache that reads a file (`SQLiteResponseCache` in MasonStoreNetwork) suspends rather than
/// block a thread of Swift's cooperative pool. A synchronous method satisfies them, so an in-memory
/// cache stays synchronous on its own type (Mortar's `cache.fetchCached <-> session.fetchUpdated`);
/// through the protocol, await them. ``CachingTransport`` decides when to look up and store,
/// following a ``CachePolicy``.
///
/// A cache may refuse to keep a response (``CachedResponse/isNoStore``, too large); it keeps stale
/// responses until it evicts them, so they can serve as fallbacks.
///
/// ```swift
/// let cache: any ResponseCache = MemoryResponseCache(timeToLive: .seconds(60))
/// let key = CacheKey(request)!
/// await cache.store(CachedResponse(data: data, status: 200, storedAt: cache.now), for: key)
/// if let hit = await cache.cachedResponse(for: key), cache.isFresh(hit) {
///     print(hit.data)   // served without a request
/// }
/// ```
public protocol ResponseCache: Sendable {
    /// The current time on the cache's own timeline; ``CachedResponse/storedAt`` is on it too.
    ///
    /// ```swift
    /// let cached = CachedResponse(data: data, response: response, storedAt: cache.now)
    /// ```
    var now: Duration { get }

    /// How long a stored response stays fresh at most (a response may give itself less:
    /// ``CachedResponse/freshnessLifetime``). An older one is stale: still kept, served only where the
    /// policy allows it.
    ///
    /// ```swift
    /// MemoryResponseCache(timeToLive: .seconds(60)).timeToLive   // 60 seconds
    /// ```
    var timeToLive: Duration { get }

    /// The response stored for `key`, fresh or stale, or `nil`. A lookup counts as a use (for
    /// least-recently-used eviction). An implementation that waits (for a file, a server) suspends;
    /// a failure reads as a miss.
    ///
    /// ```swift
    /// let hit = await cache.cachedResponse(for: CacheKey(request)!)
    /// ```
    /// - Parameter key: The key of the request.
    /// - Returns: The stored response, or `nil`.
    func cachedResponse(for key: CacheKey) async -> CachedResponse?

    /// Stores `response` for `key`, replacing what was there; a response the cache refuses
    /// (`Cache-Control: no-store`, too large) removes the previous entry instead.
    ///
    /// ```swift
    /// await cache.store(CachedResponse(data: data, status: 200, storedAt: cache.now), for: key)
    /// ```
    /// - Parameters:
    ///   - response: The response, with ``CachedResponse/storedAt`` on the cache's timeline.
    ///   - key: The key of the request.
    func store(_ response: CachedResponse, for key: CacheKey) async

    /// Removes the response stored for `key`, if any.
    ///
    /// ```swift
    /// await cache.removeCachedResponse(for: key)
    /// ```
    /// - Parameter key: The key of the request.
    func removeCachedResponse(for key: CacheKey) async

    /// Removes every response stored for the absolute URL `url`, whatever its key's method and header
    /// fields: what ``CachingTransport`` does when a request that changes the resource (`POST`, `PUT`,
    /// `PATCH`, `DELETE`) succeeds, as its stored answers are out of date (RFC 9111 §4.4). An
    /// implementation returns once a lookup can no longer find them. (Added on 2026-11-29: a cache of
    /// your own written before implements it — a cache that cannot enumerate its keys by URL removes
    /// everything, which is always correct.)
    ///
    /// ```swift
    /// await cache.removeCachedResponses(forURL: "https://api.example.com/profile")
    /// ```
    /// - Parameter url: The URL, as ``CacheKey/url`` holds it.
    func removeCachedResponses(forURL url: String) async
}

extension ResponseCache {
    /// How long ago `response` was stored, on the cache's timeline.
    ///
    /// ```swift
    /// cache.age(of: hit)   // 12 seconds
    /// ```
    /// - Parameter response: A response stored in this cache.
    /// - Returns: Its age; never negative.
    public func age(of response: CachedResponse) -> Duration {
        max(.zero, now - response.storedAt)
    }

    /// Whether `response` is younger than ``timeToLive``, and than the lifetime it gives itself
    /// (``CachedResponse/freshnessLifetime``: `max-age`, `Expires`; never fresh with `no-cache`).
    ///
    /// A response stored later than ``now`` is stale: the clock has been set back since (a wall clock
    /// corrected by a year would otherwise keep it fresh for a year), so its real age is unknown.
    ///
    /// ```swift
    /// if let hit = await cache.cachedResponse(for: key), cache.isFresh(hit) { return hit.data }
    /// ```
    /// - Parameter response: A response stored in this cache.
    /// - Returns: `true` when it is fresh.
    public func isFresh(_ response: CachedResponse) -> Bool {
        let lifetime = response.freshnessLifetime.map { min($0, timeToLive) } ?? timeToLive
        let now = now
        return response.storedAt <= now && now - response.storedAt < lifetime
    }

    /// The response stored for `key` if it answers `request` (``CachedResponse/matches(_:)``), fresh or
    /// not: a response stored for another variant of the request (its `Vary` names a field the request
    /// has another value for) is `nil`, a miss.
    ///
    /// ```swift
    /// let hit = await cache.cachedResponse(for: CacheKey(request)!, matching: request)
    /// ```
    /// - Parameters:
    ///   - key: The request's key.
    ///   - request: The request.
    /// - Returns: The stored response, if it answers `request`.
    public func cachedResponse(for key: CacheKey, matching request: URLRequest) async -> CachedResponse? {
        guard let cached = await cachedResponse(for: key), cached.matches(request) else { return nil }
        return cached
    }

    /// Stores what a transport returned for `request`, stamped with ``now``, when it may be cached:
    /// a `GET` or `HEAD` answered with 200, 203 or 204 (never a 206 partial answer), without `Range`,
    /// `If-…`, `Cookie` or `Proxy-Authorization` fields (see ``CacheKey``), and neither the request nor
    /// the response says `Cache-Control: no-store`, nor the response says `Vary: *` (either removes what
    /// was stored for it instead). A 4xx answer other than 408 and 429 — the resource is gone or
    /// refused — removes what was stored for the request too. A response whose `Vary` names fields outside the key is stored with
    /// the request's values of them, and answers only requests with the same values
    /// (``CachedResponse/matches(_:)``): one variant is kept for a key, the latest.
    /// ``MemoryResponseCache`` and `SQLiteResponseCache` also have a synchronous twin of it.
    ///
    /// ```swift
    /// let (data, response) = try await transport.send(request)
    /// await cache.store(data, response, for: request)   // true for a 200 to a GET
    /// ```
    /// - Parameters:
    ///   - data: The body.
    ///   - response: The response.
    ///   - request: The request that was answered.
    /// - Returns: `true` when the response was handed to the cache, `false` when it may not be cached.
    @discardableResult
    public func store(_ data: Data, _ response: HTTPURLResponse, for request: URLRequest) async -> Bool {
        await store(data, ResponseHead(response), for: request)
    }

    /// Stores what a transport returned as a head for `request`; as the form taking an `HTTPURLResponse` does.
    ///
    /// ```swift
    /// let (data, head) = try await transport.response(to: request)
    /// await cache.store(data, head, for: request)   // true for a 200 to a GET
    /// ```
    /// - Parameters:
    ///   - data: The body.
    ///   - head: The head of the response.
    ///   - request: The request that was answered.
    /// - Returns: `true` when the response was handed to the cache, `false` when it may not be cached.
    @discardableResult
    public func store(_ data: Data, _ head: ResponseHead, for request: URLRequest) async -> Bool {
        switch admission(of: data, head, for: request) {
        case .refused:
            return false
        case .removal(let key):
            await removeCachedResponse(for: key)
            return false
        case .store(let cached, let key):
            await store(cached, for: key)
            return true
        }
    }

    /// What storing `data` and `head` for `request` means for this cache, as the public
    /// `store(_:_:for:)` describes it: nothing, a removal (`no-store`, `Vary: *`)
    /// or a store stamped with ``now``.
    /// Shared with the synchronous twins of the caches that never wait.
    package func admission(of data: Data, _ head: ResponseHead, for request: URLRequest) -> CacheAdmission {
        guard let key = CacheKey.cacheable(request) else { return .refused }
        // The resource is gone (404, 410) or refused (401, 403…): what was stored for it no longer
        // answers; a 408 or 429 says "later", as a 5xx does, and keeps it.
        if (400..<500).contains(head.statusCode), ![408, 429].contains(head.statusCode) { return .removal(key) }
        guard [200, 203, 204].contains(head.statusCode) else { return .refused }
        let noStoreRequest = request.value(forHTTPHeaderField: "Cache-Control").map(CachedResponse.hasNoStore) ?? false
        let cached = CachedResponse(data: data, head: head, storedAt: now).dated(receivedAt: Date())
        // `Vary: *`: no later request can be shown to be answered by it.
        guard !noStoreRequest, !cached.isNoStore, cached.fieldsVariedOutsideTheKey != nil else { return .removal(key) }
        return .store(cached.remembering(request), key)
    }
}

/// What a cache does with a transport's answer: see `ResponseCache.admission(of:_:for:)`.
package enum CacheAdmission: Sendable {
    /// The answer may not be cached; nothing changes.
    case refused
    /// The answer says `no-store`: what was stored for the key goes.
    case removal(CacheKey)
    /// The answer is stored for the key.
    case store(CachedResponse, CacheKey)
}

extension CacheAdmission {
    /// Carries the admission out synchronously, with `store` and `remove`: what the synchronous twins
    /// of `store(_:_:for:)` do. Returns whether the response was stored.
    package func apply(store: (CachedResponse, CacheKey) -> Void, remove: (CacheKey) -> Void) -> Bool {
        switch self {
        case .refused:
            return false
        case .removal(let key):
            remove(key)
            return false
        case .store(let cached, let key):
            store(cached, key)
            return true
        }
    }
}
