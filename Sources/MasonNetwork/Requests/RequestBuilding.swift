public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Builds a request, curried in the order FunNetworking chose: cache policy, then URL, then timeout.
///
/// FunNetworking defined it as `flip(curry(URLRequest.init(url:cachePolicy:timeoutInterval:)))`; its
/// README derives the timeout-first builder from it with Mason's `flip`:
///
/// ```swift
/// let urlRequestWithTimeout = flip(requestWithCachePolicy(.returnCacheDataElseLoad))
/// let request = urlRequestWithTimeout(30)(url)
/// request.timeoutInterval   // 30
/// request.cachePolicy       // .returnCacheDataElseLoad
/// ```
///
/// On Linux a timeout below one second fires at once in FoundationNetworking; ``URLSessionTransport``
/// enforces such timeouts itself (see ``URLSessionTransport``).
/// - Parameter cachePolicy: The request's cache policy.
/// - Returns: A function from a URL to a function from a timeout, in seconds, to the request.
public func requestWithCachePolicy(
    _ cachePolicy: URLRequest.CachePolicy
) -> @Sendable (URL) -> @Sendable (TimeInterval) -> URLRequest {
    { url in { timeout in URLRequest(url: url, cachePolicy: cachePolicy, timeoutInterval: timeout) } }
}
