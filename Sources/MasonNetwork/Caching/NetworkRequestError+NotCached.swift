import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension NetworkRequestError {
    /// The failure of a request that ``CachePolicy/cacheOnly`` forbids to send and the cache cannot
    /// answer, and of ``MemoryResponseCache/fetchCached(for:)`` on a miss: `.failed` with the code
    /// `URLError.Code.resourceUnavailable`, as URLSession reports a miss under `.returnCacheDataDontLoad`.
    ///
    /// ```swift
    /// let offline = URLSessionTransport.shared.caching(cache, policy: .cacheOnly)
    /// let result = await requestAsync(request, transport: offline).value
    /// if result == .failure(.notCached) { showOfflinePlaceholder() }
    /// ```
    public static let notCached = NetworkRequestError.failed(
        description: "Nothing is cached for this request, and the cache-only policy sends nothing.",
        code: .resourceUnavailable
    )
}
