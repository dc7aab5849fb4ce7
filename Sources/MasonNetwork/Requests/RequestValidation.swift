#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// Checks a request before it is sent, and fails with the reason it must not be.
///
/// The request functions run it before they hand a request to a ``Transport``, and
/// ``URLSessionTransport`` runs it again, so a request that fails here never goes on the wire:
///
/// - a request without a URL, or whose method is not an RFC 9110 token (empty, or holding a space, CR,
///   LF or another character a method cannot have, which would let it inject a request line or header
///   lines), fails with ``NetworkRequestError/invalidRequest``;
/// - a request whose body could not be encoded (see ``post(_:encoder:)``) fails with
///   ``NetworkRequestError/encodingFailed(type:description:)``;
/// - a header field whose value contains a control character — a carriage return, a line feed or a
///   NUL would let it inject further header lines; tabs are allowed — or whose name is not a token
///   (empty, or holding a space, `:`, CR, LF…) fails with ``NetworkRequestError/invalidHeader(field:)``.
///   ``setHeader(_:for:)``, ``setHeaders(_:)`` and ``authorization(_:)`` record such a field when they
///   set it (FoundationNetworking on Linux silently drops a value with CR or LF from a `URLRequest`,
///   so it could not be found afterwards); fields set directly on the `URLRequest` are checked here,
///   in name order.
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> setHeader("x\r\nEvil: 1", for: "X-Trace")
/// validateRequest(request)   // .failure(.invalidHeader(field: "X-Trace"))
/// validateRequest(url |> urlRequestWithTimeout(30) |> method(HTTPMethod("GET /admin")))   // .failure(.invalidRequest)
/// ```
/// - Parameter request: The request to check.
/// - Returns: The request, ready to send, or the reason it cannot be sent.
public func validateRequest(_ request: URLRequest) -> Result<URLRequest, NetworkRequestError> {
    guard request.url != nil, request.httpMethod.map(isToken) ?? true else { return .failure(.invalidRequest) }
    guard let fields = request.allHTTPHeaderFields, !fields.isEmpty else { return .success(request) }
    // One pass over the fields: a recorded failure wins; of the unsafe fields, the first by name.
    var firstUnsafe: String?
    for (name, value) in fields {
        if isRequestFailureField(name) { return .failure(recordedFailure(in: value)) }
        if !isToken(name) || containsControlCharacter(value), firstUnsafe.map({ name < $0 }) ?? true {
            firstUnsafe = name
        }
    }
    if let firstUnsafe { return .failure(.invalidHeader(field: firstUnsafe)) }
    return .success(request)
}

/// Whether `text` contains a control character, which no header value may hold (RFC 9110 allows
/// visible characters, spaces and tabs): CR, LF or NUL would end the header line, and the others
/// (`\u{1}`, ESC, DEL…) are refused by servers and by async-http-client — which would report the
/// whole value, a secret's included, rather than the field.
func containsControlCharacter(_ text: String) -> Bool {
    // In UTF-8 these bytes appear only as themselves, never inside another character's encoding.
    text.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
}

/// Whether `text` is an RFC 9110 token, as a method and a field name must be: one or more ASCII
/// letters, digits and the symbols RFC 9110 allows in one (`tchar`).
func isToken(_ text: String) -> Bool {
    !text.isEmpty
        && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
}
