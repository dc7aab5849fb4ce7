public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The value of a `Retry-After` header field (RFC 9110 §10.2.3): how long a server asks its client to
/// wait before trying again, as a number of seconds or as a date.
///
/// Parsing is strict about what it accepts and never guesses: delta-seconds (`"120"`), or an HTTP-date
/// in any of the three forms RFC 9110 §5.6.7 requires recipients to read — the preferred IMF-fixdate
/// (`"Sun, 06 Nov 1994 08:49:37 GMT"`) and the obsolete RFC 850 (`"Sunday, 06-Nov-94 08:49:37 GMT"`) and
/// asctime (`"Sun Nov  6 08:49:37 1994"`) forms. Anything else — a negative or fractional number, an
/// unknown month, 31 February, trailing text — is not a `RetryAfter` (`nil`), so a caller falls back to
/// its own backoff. Month and weekday names are read case-insensitively; the weekday is not checked
/// against the date.
///
/// The wait is always computed against an explicit `now` (``delay(from:)``), so tests inject the time
/// instead of reading the system clock; a date in the past means "no wait" (zero).
///
/// ```swift
/// let now = Date(timeIntervalSince1970: 784_111_770)               // Sun, 06 Nov 1994 08:49:30 GMT
/// RetryAfter("120")                                                // .seconds(120)
/// RetryAfter("Sun, 06 Nov 1994 08:49:37 GMT")?.delay(from: now)    // 7 seconds
/// RetryAfter("Sunday, 06-Nov-94 08:49:37 GMT", now: now)           // the same date
/// RetryAfter("Sun Nov  6 08:49:37 1994")                           // the same date
/// RetryAfter("Sun, 06 Nov 1994 08:40:00 GMT")?.delay(from: now)    // 0 seconds (in the past)
/// RetryAfter("soon")                                               // nil
/// ```
///
/// `RetryAfter` is a `Sendable`, `Hashable` value.
public enum RetryAfter: Sendable, Hashable {
    /// Wait this many seconds (delta-seconds). A number too large for `Int` is read as `Int.max`.
    ///
    /// ```swift
    /// RetryAfter.seconds(7).delay(from: Date())   // 7 seconds
    /// ```
    case seconds(Int)

    /// Wait until this instant (an HTTP-date, so whole seconds).
    ///
    /// ```swift
    /// RetryAfter.date(Date(timeIntervalSince1970: 60)).headerValue   // "Thu, 01 Jan 1970 00:01:00 GMT"
    /// ```
    case date(Date)

    /// Parses a `Retry-After` field value; `nil` when it is neither delta-seconds nor an HTTP-date.
    ///
    /// Optional whitespace around the value is ignored. `now` is only used to read the two-digit years
    /// of the RFC 850 form: a year that would be more than 50 years after `now` is taken to be in the
    /// previous century, as RFC 9110 prescribes.
    ///
    /// ```swift
    /// RetryAfter("  42 ")                              // .seconds(42)
    /// RetryAfter("Thu, 01 Jan 1970 00:00:10 GMT")      // .date(Date(timeIntervalSince1970: 10))
    /// RetryAfter("-1")                                 // nil
    /// RetryAfter("1.5")                                // nil
    /// ```
    /// - Parameters:
    ///   - headerValue: The field's value.
    ///   - now: The current time, for RFC 850's two-digit years (default: the system time).
    public init?(_ headerValue: String, now: Date = Date()) {
        let value = headerValue.trimmingCharacters(in: .whitespaces)
        if let seconds = Self.deltaSeconds(value) {
            self = .seconds(seconds)
        } else if let date = HTTPDate.parse(value, now: now) {
            self = .date(date)
        } else {
            return nil
        }
    }

    /// Reads the `Retry-After` field of a response; `nil` when it is missing or unreadable.
    ///
    /// ```swift
    /// let response = HTTPURLResponse(url: url, statusCode: 429, httpVersion: nil, headerFields: ["Retry-After": "7"])!
    /// RetryAfter(response)   // .seconds(7)
    /// ```
    /// - Parameters:
    ///   - response: The response.
    ///   - now: The current time, for RFC 850's two-digit years (default: the system time).
    public init?(_ response: HTTPURLResponse, now: Date = Date()) {
        self.init(ResponseHead(response), now: now)
    }

    /// The `Retry-After` field of a response head, if it has one that parses.
    ///
    /// ```swift
    /// RetryAfter(ResponseHead(url: url, statusCode: 503, headerFields: ["Retry-After": "3"]))   // .seconds(3)
    /// ```
    /// - Parameters:
    ///   - head: The head of the response.
    ///   - now: The current time, for a two-digit year in the obsolete date form.
    public init?(_ head: ResponseHead, now: Date = Date()) {
        guard let value = head.value(forHTTPHeaderField: "Retry-After") else { return nil }
        self.init(value, now: now)
    }

    /// How long to wait from `now`: the seconds, or the time until the date — zero for a date that has
    /// passed.
    ///
    /// ```swift
    /// let now = Date(timeIntervalSince1970: 100)
    /// RetryAfter.seconds(3).delay(from: now)                                   // 3 seconds
    /// RetryAfter.date(Date(timeIntervalSince1970: 105)).delay(from: now)       // 5 seconds
    /// RetryAfter.date(Date(timeIntervalSince1970: 90)).delay(from: now)        // 0 seconds
    /// ```
    /// - Parameter now: The current time.
    /// - Returns: A duration of zero or more.
    public func delay(from now: Date) -> Duration {
        switch self {
        case .seconds(let seconds):
            return .seconds(max(0, seconds))
        case .date(let date):
            let interval = date.timeIntervalSince(now)
            guard interval > 0 else { return .zero }  // also NaN
            return .seconds(min(interval, Self.longestWaitSeconds))
        }
    }

    /// The value as it would be sent: the number of seconds, or the date as an IMF-fixdate.
    ///
    /// ```swift
    /// RetryAfter.seconds(120).headerValue                               // "120"
    /// RetryAfter.date(Date(timeIntervalSince1970: 784_111_777)).headerValue
    /// // "Sun, 06 Nov 1994 08:49:37 GMT"
    /// ```
    public var headerValue: String {
        switch self {
        case .seconds(let seconds): String(max(0, seconds))
        case .date(let date): HTTPDate.format(date)
        }
    }

    /// The wait a response's `Retry-After` asks for, from `now`; `nil` when it has none or it is unreadable.
    ///
    /// ```swift
    /// RetryAfter.delay(in: response, now: Date())   // 7 seconds for "Retry-After: 7"
    /// ```
    /// - Parameters:
    ///   - response: The response.
    ///   - now: The current time.
    /// - Returns: The wait, or `nil`.
    public static func delay(in response: HTTPURLResponse, now: Date) -> Duration? {
        delay(in: ResponseHead(response), now: now)
    }

    /// The wait a response head asks for, or `nil` when it has no valid `Retry-After` field.
    ///
    /// ```swift
    /// RetryAfter.delay(in: head, now: Date())   // .seconds(3) for "Retry-After: 3"
    /// ```
    /// - Parameters:
    ///   - head: The head of the response.
    ///   - now: The current time.
    /// - Returns: The delay, or `nil`.
    public static func delay(in head: ResponseHead, now: Date) -> Duration? {
        RetryAfter(head, now: now)?.delay(from: now)
    }

    /// About 34,000 years: longer waits are cut to this, so the duration cannot overflow.
    private static let longestWaitSeconds: Double = 0x1p40

    /// `1*DIGIT`, or `nil`; a number too large for `Int` is `Int.max`.
    private static func deltaSeconds(_ value: String) -> Int? {
        guard !value.isEmpty, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(value) ?? Int.max
    }
}
