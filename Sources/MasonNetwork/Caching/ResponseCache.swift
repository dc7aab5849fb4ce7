public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Where responses are kept between requests: a store of ``CachedResponse`` values by ``CacheKey``,
/// with its own clock and freshness lifetime.
///
/// ``MemoryResponseCache`` is the in-memory implementation; a persistent one can implement the same
/// five requirements. The requirements are synchronous, so a lookup can sit in a synchronous
/// pipeline (Mortar's `cache.fetchCached <-> session.fetchUpdated`); an implementation must be safe to
/// call from any thread. ``CachingTransport`` decides when to look up and store, following a
/// ``CachePolicy``.
///
/// A cache may refuse to keep a response (``CachedResponse/isNoStore``, too large); it keeps stale
/// responses until it evicts them, so they can serve as fallbacks.
///
/// ```swift
/// let cache: any ResponseCache = MemoryResponseCache(timeToLive: .seconds(60))
/// let key = CacheKey(request)!
/// cache.store(CachedResponse(data: data, status: 200, storedAt: cache.now), for: key)
/// if let hit = cache.cachedResponse(for: key), cache.isFresh(hit) {
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

    /// How long a stored response stays fresh. An older one is stale: still kept, served only where
    /// the policy allows it.
    ///
    /// ```swift
    /// MemoryResponseCache(timeToLive: .seconds(60)).timeToLive   // 60 seconds
    /// ```
    var timeToLive: Duration { get }

    /// The response stored for `key`, fresh or stale, or `nil`. A lookup counts as a use (for
    /// least-recently-used eviction).
    ///
    /// ```swift
    /// let hit = cache.cachedResponse(for: CacheKey(request)!)
    /// ```
    /// - Parameter key: The key of the request.
    /// - Returns: The stored response, or `nil`.
    func cachedResponse(for key: CacheKey) -> CachedResponse?

    /// Stores `response` for `key`, replacing what was there; a response the cache refuses
    /// (`Cache-Control: no-store`, too large) removes the previous entry instead.
    ///
    /// ```swift
    /// cache.store(CachedResponse(data: data, status: 200, storedAt: cache.now), for: key)
    /// ```
    /// - Parameters:
    ///   - response: The response, with ``CachedResponse/storedAt`` on the cache's timeline.
    ///   - key: The key of the request.
    func store(_ response: CachedResponse, for key: CacheKey)

    /// Removes the response stored for `key`, if any.
    ///
    /// ```swift
    /// cache.removeCachedResponse(for: key)
    /// ```
    /// - Parameter key: The key of the request.
    func removeCachedResponse(for key: CacheKey)
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

    /// Whether `response` is younger than ``timeToLive``.
    ///
    /// ```swift
    /// if let hit = cache.cachedResponse(for: key), cache.isFresh(hit) { return hit.data }
    /// ```
    /// - Parameter response: A response stored in this cache.
    /// - Returns: `true` when it is fresh.
    public func isFresh(_ response: CachedResponse) -> Bool {
        age(of: response) < timeToLive
    }

    /// Stores what a transport returned for `request`, stamped with ``now``, when it may be cached:
    /// a `GET` or `HEAD` answered with 200, 203 or 204 (never a 206 partial answer), without `Range`,
    /// `If-…`, `Cookie` or `Proxy-Authorization` fields (see ``CacheKey``), and neither the request nor
    /// the response says `Cache-Control: no-store`.
    ///
    /// ```swift
    /// let (data, response) = try await transport.send(request)
    /// cache.store(data, response, for: request)   // true for a 200 to a GET
    /// ```
    /// - Parameters:
    ///   - data: The body.
    ///   - response: The response.
    ///   - request: The request that was answered.
    /// - Returns: `true` when the response was handed to the cache, `false` when it may not be cached.
    @discardableResult
    public func store(_ data: Data, _ response: HTTPURLResponse, for request: URLRequest) -> Bool {
        store(data, ResponseHead(response), for: request)
    }

    /// Stores what a transport returned as a head for `request`; as the form taking an `HTTPURLResponse` does.
    ///
    /// ```swift
    /// let (data, head) = try await transport.response(to: request)
    /// cache.store(data, head, for: request)   // true for a 200 to a GET
    /// ```
    /// - Parameters:
    ///   - data: The body.
    ///   - head: The head of the response.
    ///   - request: The request that was answered.
    /// - Returns: `true` when the response was handed to the cache, `false` when it may not be cached.
    @discardableResult
    public func store(_ data: Data, _ head: ResponseHead, for request: URLRequest) -> Bool {
        guard let key = CacheKey.cacheable(request), [200, 203, 204].contains(head.statusCode) else { return false }
        let noStoreRequest = request.value(forHTTPHeaderField: "Cache-Control").map(CachedResponse.hasNoStore) ?? false
        let cached = CachedResponse(data: data, head: head, storedAt: now)
        guard !noStoreRequest, !cached.isNoStore else {
            removeCachedResponse(for: key)
            return false
        }
        store(cached, for: key)
        return true
    }
}
