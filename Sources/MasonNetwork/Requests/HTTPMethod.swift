#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// An HTTP request method.
///
/// A string in a type: `HTTPMethod("PROPFIND")` or a string literal works for any method. A name that
/// is not an RFC 9110 token (empty, or with a space, CR or LF) makes the request fail with
/// ``NetworkRequestError/invalidRequest`` before it is sent (see ``validateRequest(_:)``).
///
/// ```swift
/// HTTPMethod.post.rawValue       // "POST"
/// HTTPMethod.put.isIdempotent    // true
/// HTTPMethod.post.isIdempotent   // false
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method's name as sent, for example `"GET"`.
    public let rawValue: String

    /// Creates a method from its name.
    ///
    /// ```swift
    /// HTTPMethod(rawValue: "PURGE").rawValue   // "PURGE"
    /// ```
    /// - Parameter rawValue: The name, upper case by convention.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a method from its name.
    ///
    /// ```swift
    /// HTTPMethod("PURGE") == "PURGE"   // true
    /// ```
    /// - Parameter name: The name, upper case by convention.
    public init(_ name: String) {
        self.init(rawValue: name)
    }

    /// Creates a method from a string literal.
    ///
    /// ```swift
    /// let method: HTTPMethod = "PATCH"
    /// ```
    /// - Parameter value: The name.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// `GET`.
    public static let get = HTTPMethod("GET")
    /// `HEAD`.
    public static let head = HTTPMethod("HEAD")
    /// `POST`.
    public static let post = HTTPMethod("POST")
    /// `PUT`.
    public static let put = HTTPMethod("PUT")
    /// `PATCH`.
    public static let patch = HTTPMethod("PATCH")
    /// `DELETE`.
    public static let delete = HTTPMethod("DELETE")
    /// `OPTIONS`.
    public static let options = HTTPMethod("OPTIONS")
    /// `TRACE`.
    public static let trace = HTTPMethod("TRACE")

    /// Whether sending the request twice has the same effect as sending it once (RFC 9110 §9.2.2):
    /// true for GET, HEAD, PUT, DELETE, OPTIONS and TRACE, false otherwise.
    ///
    /// ```swift
    /// HTTPMethod.delete.isIdempotent   // true
    /// HTTPMethod.patch.isIdempotent    // false
    /// ```
    public var isIdempotent: Bool {
        [HTTPMethod.get, .head, .put, .delete, .options, .trace].contains(self)
    }

    /// The method's name.
    public var description: String { rawValue }
}

/// Sets a request's method.
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> method(.head)
/// request.httpMethod   // "HEAD"
/// ```
/// - Parameter method: The method.
/// - Returns: A function setting the method on a copy of its request.
public func method(_ method: HTTPMethod) -> @Sendable (consuming URLRequest) -> URLRequest {
    { (request: consuming URLRequest) in
        request.httpMethod = method.rawValue
        return request
    }
}

/// Makes a request a `DELETE`.
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> delete
/// request.httpMethod   // "DELETE"
/// ```
/// - Parameter request: The request.
/// - Returns: A copy of the request with the method `DELETE`.
public func delete(_ request: URLRequest) -> URLRequest {
    method(.delete)(request)
}
