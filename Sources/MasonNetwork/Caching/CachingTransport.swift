public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A transport that answers from a ``ResponseCache`` or from the transport it wraps, as its
/// ``CachePolicy`` says, and stores cacheable answers.
///
/// Only `GET` and `HEAD` requests use the cache, and only their 200, 203 and 204 answers without
/// `Cache-Control: no-store` or `Vary: *` are stored; a stored answer whose `Vary` names fields
/// outside the key answers only requests with the same values of them (the latest variant is kept).
/// A 4xx answer other than 408 and 429 (the resource is gone, or refused) removes what was stored;
/// a 5xx, 408 or 429 keeps it, to serve as a fallback. Other requests — and those with a `Range`, an `If-…` condition, a `Cookie` or a
/// `Proxy-Authorization` (see ``CacheKey``) — go to ``base`` untouched
/// (under ``CachePolicy/cacheOnly`` they fail with ``NetworkRequestError/notCached``). A request that
/// changes its resource (any method but `GET`, `HEAD`, `OPTIONS` and `TRACE`), once answered with 2xx
/// or 3xx, removes what the cache holds for its URL — and for its answer's `Location` and
/// `Content-Location` on the same origin — before it returns (RFC 9111 §4.4): a `GET` after a `PUT`
/// that succeeded is never answered by what was stored before it, nor by the answer to a request sent
/// before it (a background refresh still running) — that answer is not stored. A response served
/// from the cache is rebuilt for the request's URL with an `Age` header field, in whole seconds.
///
/// Freshness: a stored answer is fresh for the cache's ``ResponseCache/timeToLive``, or less when it
/// says so itself (`Cache-Control: max-age`, `Expires`; never with `no-cache`: see
/// ``CachedResponse/freshnessLifetime``). A request with `Cache-Control: no-cache` (or `max-age=0`, or
/// `Pragma: no-cache`) — a user's "pull to refresh" — is sent even when a fresh answer is stored,
/// under ``CachePolicy/cacheFirst`` and ``CachePolicy/staleWhileRevalidate``, and its answer stored.
/// A stale answer that says `must-revalidate` or `no-cache` is never served in place of the network
/// (``CachedResponse/mustRevalidateWhenStale``): ``CachePolicy/staleWhileRevalidate`` waits for the
/// request, and ``CachePolicy/networkFirst(staleFallback:)`` does not fall back to it; only
/// ``CachePolicy/cacheOnly``, which never sends anything, still answers with it.
/// `URLRequest.cachePolicy` is left to URLSession's own cache, which this one does not replace.
///
/// Cancellation passes through: `CancellationError`, `URLError(.cancelled)` and
/// ``NetworkRequestError/canceledByUser`` are rethrown untouched, never replaced by a cached
/// response. Background refreshes of ``CachePolicy/staleWhileRevalidate`` outlive the request that
/// started them; ``waitForRevalidations()`` waits for them. Compose with
/// ``SingleFlightTransport`` below the cache so that concurrent misses and refreshes of one request
/// send it once. Downloads (``download(_:)``) are forwarded to ``base`` and never cached. The cache is
/// awaited (its lookup, store and removal are `async`), so a cache that reads a file suspends the
/// request rather than holding a thread of Swift's cooperative pool.
///
/// Put ``AuthenticatingTransport`` above the cache, never below it: the key is made from the request as
/// the cache receives it, so an `Authorization` added below the cache is not in the key, and every
/// account would share every entry. `base.singleFlight().caching(cache).authenticated(by: authenticator)`
/// is safe; `base.authenticated(by: authenticator).caching(cache)` is not. The same holds for cookies:
/// a `URLSession` whose configuration sets cookies (`httpShouldSetCookies`, the default) adds them
/// below the cache, where the key cannot see them — give each signed-in user a cache of their own,
/// or a session that sends no cookies (`URLSessionConfiguration.ephemeral` with
/// `httpShouldSetCookies = false`, cookies set as `Cookie` fields above the cache, which are never cached).
///
/// ```swift
/// let cache = MemoryResponseCache(timeToLive: .seconds(60))
/// let transport = URLSessionTransport.shared.singleFlight().caching(cache, policy: .staleWhileRevalidate)
/// let profile = await requestAsync(profileRequest, transport: transport).value
/// ```
public struct CachingTransport: Transport {
    /// The transport that sends what the cache cannot answer.
    public let base: any Transport

    /// Where responses are kept.
    public let cache: any ResponseCache

    /// When the cache answers.
    public let policy: CachePolicy

    private let revalidations = Revalidations()
    private let invalidations = Invalidations()

    /// A transport answering from `cache` or `base` as `policy` says.
    ///
    /// ```swift
    /// let transport = CachingTransport(base: URLSessionTransport.shared, cache: cache, policy: .cacheFirst)
    /// ```
    /// - Parameters:
    ///   - base: The transport that sends requests.
    ///   - cache: Where responses are kept.
    ///   - policy: When the cache answers; ``CachePolicy/cacheFirst`` by default.
    public init(base: any Transport, cache: any ResponseCache, policy: CachePolicy = .cacheFirst) {
        self.base = base
        self.cache = cache
        self.policy = policy
    }

    /// Answers `request` from the cache or the network, as ``policy`` says.
    ///
    /// ```swift
    /// let (data, head) = try await transport.response(to: request)
    /// head.value(forHTTPHeaderField: "Age")   // "12" when it came from the cache
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The body and the head of the response, from the cache or from ``base``.
    /// - Throws: What ``base`` throws when the cache cannot answer instead;
    ///   ``NetworkRequestError/notCached`` for a miss under ``CachePolicy/cacheOnly``.
    public func response(to request: URLRequest) async throws -> (Data, ResponseHead) {
        guard let key = CacheKey.cacheable(request), let url = request.url else {
            if policy == .cacheOnly { throw NetworkRequestError.notCached }
            let answer = try await base.response(to: request)
            await invalidate(after: request, answeredWith: answer.1)
            return answer
        }
        // A request that says `Cache-Control: no-cache` is sent, whatever is stored; its answer is stored.
        let refusesCachedAnswer = CachedResponse.refusesCachedAnswer(request)
        switch policy {
        case .cacheFirst:
            if !refusesCachedAnswer, let hit = await cache.cachedResponse(for: key, matching: request),
                cache.isFresh(hit)
            {
                return served(hit, url)
            }
            return try await fetchAndStore(request)
        case .networkFirst(let staleFallback):
            return try await networkFirst(request, key, url, staleFallback: staleFallback)
        case .staleWhileRevalidate:
            guard !refusesCachedAnswer, let hit = await cache.cachedResponse(for: key, matching: request) else {
                return try await fetchAndStore(request)
            }
            if cache.isFresh(hit) { return served(hit, url) }
            // A stale answer that must be revalidated is not served: the request waits for the server.
            if hit.mustRevalidateWhenStale { return try await fetchAndStore(request) }
            revalidate(request, key)
            return served(hit, url)
        case .cacheOnly:
            guard let hit = await cache.cachedResponse(for: key, matching: request) else {
                // A cache may read a cancelled lookup as a miss: report the cancellation, not a miss.
                try Task.checkCancellation()
                throw NetworkRequestError.notCached
            }
            return served(hit, url)
        }
    }

    /// Answers `request` as ``response(to:)`` does, and builds the `HTTPURLResponse` at the end.
    ///
    /// ```swift
    /// let (data, response) = try await transport.send(request)
    /// response.value(forHTTPHeaderField: "Age")   // "12" when it came from the cache
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The body and the response.
    /// - Throws: As ``response(to:)``; ``NetworkRequestError/noResponse`` if no `HTTPURLResponse` can be built.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try foundationResponse(try await response(to: request))
    }

    /// Downloads through ``base``; downloads are never cached.
    ///
    /// ```swift
    /// let (file, response) = try await transport.download(request)
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The downloaded file and the response, as ``base`` returned them.
    public func download(_ request: URLRequest) async throws -> (URL, HTTPURLResponse) {
        let answer = try await base.download(request)
        await invalidate(after: request, answeredWith: ResponseHead(answer.1))
        return answer
    }

    /// After a request that changes its resource (any method but `GET`, `HEAD`, `OPTIONS` and
    /// `TRACE`) was answered with 2xx or 3xx, removes what is stored for its URL, and for its answer's
    /// `Location` and `Content-Location` on the same origin (RFC 9111 §4.4).
    private func invalidate(after request: URLRequest, answeredWith head: ResponseHead) async {
        let method = (request.httpMethod ?? "GET").uppercased()
        guard !["GET", "HEAD", "OPTIONS", "TRACE"].contains(method), (200..<400).contains(head.statusCode),
            let url = request.url
        else { return }
        var changed = [url.absoluteString]
        for field in ["Location", "Content-Location"] {
            guard let value = head.value(forHTTPHeaderField: field),
                let target = URL(string: value, relativeTo: url)?.absoluteURL,
                target.hasSameOrigin(as: url), !changed.contains(target.absoluteString)
            else { continue }
            changed.append(target.absoluteString)
        }
        invalidations.changed(changed)
        for url in changed { await cache.removeCachedResponses(forURL: url) }
    }

    /// Returns when no background refresh of ``CachePolicy/staleWhileRevalidate`` is running,
    /// including refreshes started while waiting. For tests and orderly shutdown; a refresh is never
    /// cancelled by this.
    ///
    /// ```swift
    /// _ = try await transport.send(request)        // stale: served, refresh started
    /// await transport.waitForRevalidations()
    /// cache.isFresh(await cache.cachedResponse(for: key, matching: request)!)   // true
    /// ```
    public func waitForRevalidations() async {
        await revalidations.waitForAll()
    }

    /// The number of background refreshes running now.
    ///
    /// ```swift
    /// transport.revalidationCount   // 1 while a stale key is being refreshed
    /// ```
    public var revalidationCount: Int {
        revalidations.count
    }

    private func fetchAndStore(_ request: URLRequest) async throws -> (Data, ResponseHead) {
        let sent = invalidations.now
        let (data, head) = try await base.response(to: request)
        // A change to its URL that succeeded meanwhile (a refresh overtaken by a `PUT`) made the answer
        // out of date: it is not stored, and if the change came while it was, it goes.
        guard let url = request.url?.absoluteString, !invalidations.hasChanged(url, since: sent) else {
            return (data, head)
        }
        await cache.store(data, head, for: request)
        if invalidations.hasChanged(url, since: sent) { await cache.removeCachedResponses(forURL: url) }
        return (data, head)
    }

    private func networkFirst(
        _ request: URLRequest, _ key: CacheKey, _ url: URL, staleFallback: Duration?
    ) async throws -> (Data, ResponseHead) {
        let answer: (Data, ResponseHead)
        do {
            answer = try await fetchAndStore(request)
        } catch {
            // A cancellation (`CancellationError`, `URLError(.cancelled)`, `.canceledByUser`) passes on untouched.
            if NetworkRequestError(error) == .canceledByUser || Task.isCancelled { throw error }
            guard let fallback = await fallback(for: key, request, within: staleFallback) else { throw error }
            return served(fallback, url)
        }
        if (500..<600).contains(answer.1.statusCode),
            let fallback = await fallback(for: key, request, within: staleFallback)
        {
            return served(fallback, url)
        }
        return answer
    }

    private func fallback(
        for key: CacheKey, _ request: URLRequest, within staleFallback: Duration?
    ) async -> CachedResponse? {
        guard let staleFallback, let hit = await cache.cachedResponse(for: key, matching: request) else { return nil }
        guard cache.isFresh(hit) || !hit.mustRevalidateWhenStale else { return nil }
        return cache.age(of: hit) <= staleFallback ? hit : nil
    }

    private func revalidate(_ request: URLRequest, _ key: CacheKey) {
        revalidations.start(key) { [self] in
            // A failed refresh leaves the stale response in place; the next stale hit tries again.
            _ = try? await fetchAndStore(request)
        }
    }

    private func served(_ hit: CachedResponse, _ url: URL) -> (Data, ResponseHead) {
        (hit.data, hit.head(for: url, age: cache.age(of: hit)))
    }
}

extension Transport {
    /// This transport behind a ``ResponseCache``, as `policy` says: ``CachingTransport``.
    ///
    /// Put ``singleFlight(ignoring:)`` below the cache so concurrent misses of one request send it once:
    ///
    /// ```swift
    /// let cache = MemoryResponseCache(timeToLive: .seconds(60))
    /// let transport = URLSessionTransport.shared.singleFlight().caching(cache, policy: .cacheFirst)
    /// ```
    /// - Parameters:
    ///   - cache: Where responses are kept.
    ///   - policy: When the cache answers; ``CachePolicy/cacheFirst`` by default.
    /// - Returns: A caching transport over this one.
    public func caching(_ cache: any ResponseCache, policy: CachePolicy = .cacheFirst) -> CachingTransport {
        CachingTransport(base: self, cache: cache, policy: policy)
    }
}
