import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What makes requests one flight of a ``SingleFlightTransport``: their ``CacheKey``, every other
/// header field they carry but those the transport ignores, and the settings of the request that send
/// it differently (its timeout, cache policy and cookie handling): a caller never gets an answer cut
/// short by another's timeout.
///
/// The cache key alone is not enough: a response may depend on any field (a `Vary: X-Tenant`
/// answer), and the flight's answer comes back before anyone can read its `Vary`. So only requests
/// identical in every field share one, and the fields a caller knows to change nothing (a trace or
/// request id) are named to the transport.
struct FlightKey: Hashable, Sendable {
    /// The method, the URL and the varying fields (`Authorization` as a digest).
    let key: CacheKey
    /// Every other header field, by lowercased name, but the ignored ones.
    let otherFields: [String: String]
    /// The request's `timeoutInterval` (zero for none), `cachePolicy` and `httpShouldHandleCookies`.
    let timeout: TimeInterval
    let cachePolicy: URLRequest.CachePolicy
    let handlesCookies: Bool

    /// The fields the cache key holds, lowercased: not repeated in ``otherFields``.
    private static let keyedFields = Set(CacheKey.varyingHeaderFields.map { $0.lowercased() })

    /// A key from its parts.
    init(
        key: CacheKey, otherFields: [String: String] = [:], timeout: TimeInterval = 60,
        cachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy, handlesCookies: Bool = true
    ) {
        self.key = key
        self.otherFields = otherFields
        self.timeout = timeout
        self.cachePolicy = cachePolicy
        self.handlesCookies = handlesCookies
    }

    /// The flight key of `request`, or `nil` when it is never shared: not a `GET` or `HEAD`, without a
    /// URL, with a field that makes its answer its own (see ``CacheKey``), or with a body.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - ignored: Lowercased names of the fields that do not tell requests apart.
    init?(_ request: URLRequest, ignoring ignored: Set<String>) {
        guard let key = CacheKey.cacheable(request), request.httpBody == nil, request.httpBodyStream == nil else {
            return nil
        }
        var fields: [String: String] = [:]
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            let name = name.lowercased()
            if !Self.keyedFields.contains(name), !ignored.contains(name) { fields[name] = value }
        }
        // Every "no timeout" (zero, negative, infinite, NaN) is one: NaN, which equals nothing, would
        // make a key that never finds its own flight.
        let timeout = request.timeoutInterval
        self.init(
            key: key, otherFields: fields, timeout: timeout.isFinite && timeout > 0 ? timeout : 0,
            cachePolicy: request.cachePolicy, handlesCookies: request.httpShouldHandleCookies)
    }
}
