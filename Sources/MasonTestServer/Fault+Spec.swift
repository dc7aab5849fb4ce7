import Foundation

/// The text form of a fault, for sending one with a single request (`X-Loopback-Fault` header or
/// `loopback-fault` query item) or printing it.
///
/// A spec is a comma-separated list of directives (no spaces needed; durations in milliseconds):
///
/// | directive | meaning |
/// |---|---|
/// | `delay:<ms>` | wait first (may repeat; outermost first) |
/// | `pass` | the normal response |
/// | `status:<code>` | respond with `code` and the JSON error body |
/// | `retry-after:<seconds>` | add `Retry-After: <seconds>` (implies `status:503` if no status) |
/// | `retry-after-date:<unix seconds>` | add `Retry-After` as an HTTP date (implies `status:503`) |
/// | `header:<name>=<value>` | add a header (name and value percent-encoded) |
/// | `body:<text>` | use this body instead of the JSON error body (percent-encoded) |
/// | `drop` | close the connection without a response |
/// | `never` | never respond |
/// | `malformed-json` | 200 with broken JSON |
/// | `huge:<bytes>` / `huge-chunked:<bytes>` | a huge body with / without `Content-Length` |
/// | `slow:<chunks>:<ms>` | the normal body in pieces |
/// | `throttle-upload:<bytes per second>:<ms>` | read the request's body slowly for a while |
/// | `truncated` / `truncated-chunked` | half the normal body, then the connection closes |
///
/// Only delays, at most one of the response directives, and the status modifiers may be combined;
/// a spec with only delays delays the normal response.
extension Fault: LosslessStringConvertible {
    /// Parses a fault spec; `nil` if it is not valid (see the table above).
    ///
    /// ```swift
    /// Fault("status:429,retry-after:2") == .retryAfter(seconds: 2, status: 429)   // true
    /// Fault("delay:50,drop") == Fault.dropConnection.delayed(by: .milliseconds(50))   // true
    /// Fault("explode")                                                          // nil
    /// ```
    ///
    /// - Parameter description: The spec.
    public init?(_ description: String) {
        var delays: [Duration] = []
        var main: Kind?
        var code: Int?
        var headers: [Header] = []
        var body: String?
        let directives = description.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !directives.isEmpty else { return nil }
        for directive in directives {
            let parts = directive.split(separator: ":", maxSplits: 1).map(String.init)
            let key = parts[0]
            let argument = parts.count > 1 ? parts[1] : nil
            func number() -> Int? { argument.flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } }
            func setMain(_ kind: Kind) -> Bool {
                guard main == nil, code == nil else { return false }
                main = kind
                return true
            }
            switch (key, argument) {
            case ("delay", _):
                guard let milliseconds = number() else { return nil }
                delays.append(.milliseconds(milliseconds))
            case ("pass", nil):
                guard setMain(.passThrough) else { return nil }
            case ("status", _):
                guard let value = number(), (100...999).contains(value), main == nil, code == nil else { return nil }
                code = value
            case ("retry-after", _):
                guard let seconds = number() else { return nil }
                headers.append(Header(name: "Retry-After", value: String(seconds)))
            case ("retry-after-date", _):
                guard let seconds = number() else { return nil }
                let date = Date(timeIntervalSince1970: TimeInterval(seconds))
                headers.append(Header(name: "Retry-After", value: Fault.httpDate(date)))
            case ("header", let argument?):
                let pair = argument.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2, let name = pair[0].removingPercentEncoding, !name.isEmpty,
                    let value = pair[1].removingPercentEncoding
                else { return nil }
                headers.append(Header(name: name, value: value))
            case ("body", let argument?):
                guard body == nil, let text = argument.removingPercentEncoding else { return nil }
                body = text
            case ("drop", nil):
                guard setMain(.dropConnection) else { return nil }
            case ("never", nil):
                guard setMain(.neverRespond) else { return nil }
            case ("malformed-json", nil):
                guard setMain(.malformedJSON) else { return nil }
            case ("huge", _), ("huge-chunked", _):
                guard let bytes = number(), setMain(.hugeBody(bytes: bytes, declaresLength: key == "huge")) else {
                    return nil
                }
            case ("slow", let argument?):
                let numbers = argument.split(separator: ":").compactMap { Int($0) }
                guard numbers.count == 2, numbers[0] >= 1, numbers[1] >= 0,
                    setMain(.slowBody(chunks: numbers[0], interval: .milliseconds(numbers[1])))
                else { return nil }
            case ("throttle-upload", let argument?):
                let numbers = argument.split(separator: ":").compactMap { Int($0) }
                guard numbers.count == 2, numbers[0] >= 1, numbers[1] >= 0,
                    setMain(.throttledUpload(bytesPerSecond: numbers[0], duration: .milliseconds(numbers[1])))
                else { return nil }
            case ("truncated", nil), ("truncated-chunked", nil):
                guard setMain(.truncatedBody(declaresLength: key == "truncated")) else { return nil }
            default:
                return nil
            }
        }
        let modifiesStatus = !headers.isEmpty || body != nil
        var kind: Kind
        switch (main, code) {
        case (nil, let code?):
            kind = .status(code: code, headers: headers, body: body)
        case (nil, nil):
            kind = modifiesStatus ? .status(code: 503, headers: headers, body: body) : .passThrough
        case (let main?, _):
            guard !modifiesStatus else { return nil }
            kind = main
        }
        if case .throttledUpload = kind, !delays.isEmpty { return nil }
        for delay in delays.reversed() {
            kind = .delayed(delay, kind)
        }
        self.init(kind)
    }

    /// The fault as a spec that ``init(_:)`` parses back (durations rounded to milliseconds).
    ///
    /// ```swift
    /// Fault.retryAfter(seconds: 1).description                   // "status:503,retry-after:1"
    /// Fault.neverRespond.delayed(by: .seconds(1)).description    // "delay:1000,never"
    /// ```
    public var description: String {
        Self.spec(of: kind).joined(separator: ",")
    }

    private static func spec(of kind: Kind) -> [String] {
        switch kind {
        case .passThrough:
            return ["pass"]
        case .status(let code, let headers, let body):
            var directives = ["status:\(code)"]
            for header in headers {
                if header.name == "Retry-After", let seconds = Int(header.value), seconds >= 0,
                    String(seconds) == header.value
                {
                    directives.append("retry-after:\(header.value)")
                } else {
                    directives.append("header:\(encoded(header.name))=\(encoded(header.value))")
                }
            }
            if let body {
                directives.append("body:\(encoded(body))")
            }
            return directives
        case .dropConnection:
            return ["drop"]
        case .neverRespond:
            return ["never"]
        case .malformedJSON:
            return ["malformed-json"]
        case .hugeBody(let bytes, let declaresLength):
            return [declaresLength ? "huge:\(bytes)" : "huge-chunked:\(bytes)"]
        case .slowBody(let chunks, let interval):
            return ["slow:\(chunks):\(milliseconds(interval))"]
        case .throttledUpload(let rate, let duration):
            return ["throttle-upload:\(rate):\(milliseconds(duration))"]
        case .truncatedBody(let declaresLength):
            return [declaresLength ? "truncated" : "truncated-chunked"]
        case .delayed(let duration, let inner):
            return ["delay:\(milliseconds(duration))"] + spec(of: inner)
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
