#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

// The request builders take their request `consuming`: piped a temporary
// (`URLRequest(url: url) |> setHeader(…)`), they change it in place rather than copy it first. On Linux
// a `URLRequest` shares one `NSMutableURLRequest` between copies, and changing a shared one duplicates it
// whole (≈ 2 µs a builder, measured in Benchmarks/README.md).

/// Sets one header field of a request: FunNetworking's `setHeader(_:for:)`.
///
/// A value already set for the field is replaced. A value containing CR, LF or NUL, or a name that is
/// not a token (with a space, `:`, CR or LF), is not set: the request records the failure and is
/// rejected before it is sent, with
/// ``NetworkRequestError/invalidHeader(field:)`` (see ``validateRequest(_:)``).
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> setHeader("application/json", for: "Accept")
/// request.value(forHTTPHeaderField: "Accept")   // "application/json"
/// ```
/// - Parameters:
///   - value: The field's value.
///   - field: The field's name.
/// - Returns: A function setting the field on a copy of its request.
public func setHeader(_ value: String, for field: String) -> @Sendable (consuming URLRequest) -> URLRequest {
    { (request: consuming URLRequest) in
        setCheckedValue(value, for: field, in: &request)
        return request
    }
}

/// Sets several header fields of a request at once: FunNetworking's `setHeaders(_:)`.
///
/// The request's other fields are kept; for a field in both, the new value wins. Each field is
/// checked as ``setHeader(_:for:)`` checks it.
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> setHeaders(["Accept": "text/csv", "X-Trace": "7"])
/// request.allHTTPHeaderFields   // ["Accept": "text/csv", "X-Trace": "7"]
/// ```
/// - Parameter headers: The fields to set, by name.
/// - Returns: A function setting the fields on a copy of its request.
public func setHeaders(_ headers: [String: String]) -> @Sendable (consuming URLRequest) -> URLRequest {
    { (request: consuming URLRequest) in
        for (field, value) in headers.sorted(by: { $0.key < $1.key }) {
            setCheckedValue(value, for: field, in: &request)
        }
        return request
    }
}

/// Sets a header field, or records ``NetworkRequestError/invalidHeader(field:)`` if its value contains
/// a control character (CR, LF, NUL…) or its name is not a token (see ``validateRequest(_:)``).
func setCheckedValue(_ value: String, for field: String, in request: inout URLRequest) {
    if !isToken(field) || containsControlCharacter(value) {
        recordFailure(.invalidHeader(field: field), in: &request)
    } else {
        request.setValue(value, forHTTPHeaderField: field)
    }
}
