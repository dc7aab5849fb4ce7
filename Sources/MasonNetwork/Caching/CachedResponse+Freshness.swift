import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension CachedResponse {
    /// How long the response itself says it stays fresh (RFC 9111 §4.2.1), or `nil` when it says
    /// nothing: `Cache-Control: no-cache` is zero (every use must go back to the server); `max-age=N` is
    /// N seconds less the `Age` it arrived with; otherwise `Expires` less `Date` (zero for an `Expires`
    /// that is not a date, or already past). A cache keeps the shorter of this and its own
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
            let arrivedAged = value(forHeader: "Age").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) } ?? 0
            return .seconds(max(0, maxAge - max(0, arrivedAged)))
        }
        guard let expires = value(forHeader: "Expires") else { return nil }
        let now = Date()
        guard let expiry = HTTPDate.parse(expires, now: now) else { return .zero }
        let issued = value(forHeader: "Date").flatMap { HTTPDate.parse($0, now: now) } ?? now
        return .seconds(max(0, expiry.timeIntervalSince(issued)))
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
