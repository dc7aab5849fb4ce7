#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// How a request authorizes itself: the value of its `Authorization` header field.
///
/// ```swift
/// AuthorizationType.basic(username: "guest", password: "guest").headerValue   // "Basic Z3Vlc3Q6Z3Vlc3Q="
/// AuthorizationType.bearer("secret-token-123").headerValue                     // "Bearer secret-token-123"
/// AuthorizationType.custom(field: "CustomField", data: "5-53455345g").headerValue   // "CustomField 5-53455345g"
/// ```
public enum AuthorizationType: Sendable, Hashable {
    /// HTTP Basic: `Basic ` and the Base64 of `username:password` in UTF-8.
    case basic(username: String, password: String)
    /// A bearer token (OAuth 2): `Bearer ` and the token.
    case bearer(String)
    /// Any scheme: `field`, a space, and `data`.
    case custom(field: String, data: String)

    /// A bearer token, spelled with FunNetworking's case label `token:`.
    ///
    /// ```swift
    /// AuthorizationType.bearer(token: "abc") == .bearer("abc")   // true
    /// ```
    /// - Parameter token: The token.
    /// - Returns: `.bearer(token)`.
    public static func bearer(token: String) -> AuthorizationType {
        .bearer(token)
    }

    /// The value of the `Authorization` header field.
    ///
    /// ```swift
    /// AuthorizationType.basic(username: "guest", password: "guest").headerValue   // "Basic Z3Vlc3Q6Z3Vlc3Q="
    /// ```
    public var headerValue: String {
        switch self {
        case .basic(let username, let password):
            "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
        case .bearer(let token):
            "Bearer " + token
        case .custom(let field, let data):
            field + " " + data
        }
    }
}

/// Sets a request's `Authorization` header field: FunNetworking's `authorization(_:)`.
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> authorization(.basic(username: "guest", password: "guest"))
/// request.value(forHTTPHeaderField: "Authorization")   // "Basic Z3Vlc3Q6Z3Vlc3Q="
/// ```
/// - Parameter type: How to authorize.
/// - Returns: A function setting the field on a copy of its request.
public func authorization(_ type: AuthorizationType) -> @Sendable (consuming URLRequest) -> URLRequest {
    setHeader(type.headerValue, for: "Authorization")
}

/// Sets a request's `Authorization` header field, uncurried for method-style code: FunNetworking's
/// `authorizationWith`, `uncurry(flip(authorization))`.
///
/// ```swift
/// let request = authorizationWith(plainRequest, .bearer("secret-token-123"))
/// request.value(forHTTPHeaderField: "Authorization")   // "Bearer secret-token-123"
/// ```
/// - Parameters:
///   - request: The request.
///   - type: How to authorize.
/// - Returns: A copy of the request with the field set.
public func authorizationWith(_ request: consuming URLRequest, _ type: AuthorizationType) -> URLRequest {
    authorization(type)(request)
}
