/// When a ``CachingTransport`` answers from its ``ResponseCache`` and when from the network.
///
/// Whatever the policy, only `GET` and `HEAD` requests are looked up (without the fields that make an
/// answer a request's own: see ``CacheKey``), and only their 200, 203 and 204 responses without
/// `Cache-Control: no-store` or `Vary: *` are stored, one variant a key (see
/// `ResponseCache.store(_:_:for:)`); a 4xx other than 408 and 429 removes what was stored. Other
/// requests go to the network — except under ``cacheOnly``, which never sends anything — and one that
/// may change its resource (any method but `GET`, `HEAD`, `OPTIONS` and `TRACE`), once answered with
/// 2xx or 3xx, removes what the cache holds for its URL (and for its answer's same-origin `Location`
/// and `Content-Location`).
/// A cancelled request is never answered from the cache in place of the cancellation.
///
/// ```swift
/// let profile = URLSessionTransport.shared.caching(cache, policy: .cacheFirst)
/// let feed = URLSessionTransport.shared.caching(cache, policy: .networkFirst(staleFallback: .seconds(3600)))
/// let avatars = URLSessionTransport.shared.caching(cache, policy: .staleWhileRevalidate)
/// let offline = URLSessionTransport.shared.caching(cache, policy: .cacheOnly)
/// ```
public enum CachePolicy: Sendable, Hashable {
    /// A fresh cached response is returned without a request; otherwise the request is sent and a
    /// cacheable answer stored.
    case cacheFirst

    /// The request is always sent and a cacheable answer stored. When the network fails (an error
    /// other than cancellation, or a 5xx status) and `staleFallback` is given, a cached response
    /// not older than it is returned instead, fresh or stale; otherwise the failure stands.
    case networkFirst(staleFallback: Duration?)

    /// A fresh cached response is returned as is. A stale one is returned at once and refreshed in
    /// the background, once per key at a time (``CachingTransport/waitForRevalidations()`` waits for
    /// the refreshes). With nothing cached, the request is sent and its answer stored.
    case staleWhileRevalidate

    /// A cached response is returned, fresh or stale; nothing is ever sent. With nothing cached the
    /// transport throws ``NetworkRequestError/notCached``.
    case cacheOnly
}
