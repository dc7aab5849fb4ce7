import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension CachedResponse {
    /// How long the response itself says it stays fresh (RFC 9111 §4.2.1), or `nil` when it says
    /// nothing: `Cache-Control: no-cache` is zero (every use must go back to the server); `max-age=N` is
    /// N seconds less the `Age` it arrived with; otherwise `Expires` less `Date`, less that `Age` too
    /// (zero for an `Expires` that is not a date, or already past). Without `Date` it is measured from
    /// now: a cache stamps a response that arrives without one (``ResponseCache``'s `store(_:_:for:)`
    /// does), so the lifetime does not shrink at every lookup. A cache keeps the shorter of this and its own
    /// ``ResponseCache/timeToLive`` (``ResponseCache/isFresh(_:)``).
    ///
    /// ```swift
    /// CachedResponse(data: Data(), status: 200, headers: ["Cache-Control": "max-age=5"]).freshnessLifetime
    /// // 5 seconds
    /// CachedResponse(data: Data(), status: 200, headers: ["Cache-Control": "no-cache"]).freshnessLifetime
    /// // 0 seconds
    /// ```
    public var freshnessLifetime: Duration? {
        let directives = value(forHeader: "Cache-Control").map(Self.directives) ?? [:]
        if directives["no-cache"] != nil { return .zero }
        if let maxAge = directives["max-age"].flatMap({ $0.flatMap { Int64($0) } }) {
            return max(.zero, .seconds(maxAge) - arrivedAge)
        }
        guard let expires = value(forHeader: "Expires") else { return nil }
        let now = Date()
        guard let expiry = HTTPDate.parse(expires, now: now) else { return .zero }
        let issued = value(forHeader: "Date").flatMap { HTTPDate.parse($0, now: now) } ?? now
        return max(.zero, .seconds(expiry.timeIntervalSince(issued)) - arrivedAge)
    }

    /// The `Age` the response arrived with (RFC 9111 §5.1): how long it had been in caches before this
    /// one; zero without one.
    var arrivedAge: Duration {
        .seconds(max(0, value(forHeader: "Age").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) } ?? 0))
    }

    /// This response with a `Date` field of `receivedAt` when it has none: a cache records when such a
    /// response arrived (RFC 9110 §6.6.1), so that its `Expires` is measured from then.
    func dated(receivedAt: Date) -> CachedResponse {
        guard value(forHeader: "Date") == nil else { return self }
        var dated = self
        dated.headers["Date"] = HTTPDate.format(receivedAt)
        return dated
    }

    /// Whether the response may not be served once stale without asking the server again:
    /// `Cache-Control: must-revalidate` or `no-cache` (RFC 9111 §5.2.2.2, §5.2.2.4). A stale-serving
    /// policy sends the request instead.
    ///
    /// ```swift
    /// CachedResponse(data: Data(), status: 200, headers: ["Cache-Control": "max-age=60, must-revalidate"])
    ///     .mustRevalidateWhenStale   // true
    /// ```
    public var mustRevalidateWhenStale: Bool {
        let directives = value(forHeader: "Cache-Control").map(Self.directives) ?? [:]
        return directives["must-revalidate"] != nil || directives["no-cache"] != nil
    }

    /// The directives of a `Cache-Control` value by lowercased name, with their values (unquoted) if any.
    static func directives(_ cacheControl: String) -> [String: String?] {
        var directives: [String: String?] = [:]
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = parts.first?.lowercased(), !name.isEmpty else { continue }
            let value = parts.count > 1 ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
            if directives[name] == nil { directives[name] = value }
        }
        return directives
    }

    /// Whether `request` asks not to be answered from a cache without going to the server:
    /// `Cache-Control: no-cache` or `max-age=0`, or `Pragma: no-cache` (RFC 9111 §5.2.1, §5.4).
    static func refusesCachedAnswer(_ request: URLRequest) -> Bool {
        let directives = request.value(forHTTPHeaderField: "Cache-Control").map(Self.directives) ?? [:]
        if directives["no-cache"] != nil || directives["max-age"] == .some("0") { return true }
        return request.value(forHTTPHeaderField: "Pragma")?.lowercased().contains("no-cache") ?? false
    }
}
