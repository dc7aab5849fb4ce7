public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

// Bodies: raw `Data` as in FunNetworking, or an `Encodable` value encoded as JSON.
//
// FunNetworking's `post(_ dictionary:)` encoded with `try?` and silently sent no body when encoding
// failed. Here an encoding failure is never lost, and the builders keep the shape
// `(consuming URLRequest) -> URLRequest` so they compose with `|>` like every other builder: the encoding runs
// when `post(value)` is called, and a failure is recorded in the request itself (see
// RequestFailureMarker.swift). `validateRequest(_:)` — which the request functions and
// `URLSessionTransport` run before anything is sent — turns it into
// `NetworkRequestError.encodingFailed(type:description:)`, so the request never goes out. Setting
// another body afterwards replaces the failed one and clears the failure.
//
// Code that wants the failure at once can call `encodeJSONBody(_:encoder:)`, which returns a `Result`.

/// Encodes a value as a JSON body, returning the failure instead of throwing.
///
/// ```swift
/// encodeJSONBody(["name": "Jane"])        // .success(Data(#"{"name":"Jane"}"#.utf8))
/// encodeJSONBody(Double.infinity)         // .failure(.encodingFailed(type: "Double", description: "…"))
/// ```
/// - Parameters:
///   - value: The value to encode.
///   - encoder: The encoder; a new `JSONEncoder()` by default.
/// - Returns: The encoded data, or ``NetworkRequestError/encodingFailed(type:description:)``.
public func encodeJSONBody<Body: Encodable>(
    _ value: Body, encoder: JSONEncoder = JSONEncoder()
) -> Result<Data, NetworkRequestError> {
    do {
        return .success(try encoder.encode(value))
    } catch let error as EncodingError {
        return .failure(NetworkRequestError(encoding: error, as: String(describing: Body.self)))
    } catch {
        return .failure(.encodingFailed(type: String(describing: Body.self), description: String(describing: error)))
    }
}

/// Sets a request's method and raw body, clearing any earlier encoding failure.
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> body(Data("a,b".utf8), method: .put, contentType: "text/csv")
/// ```
/// - Parameters:
///   - data: The body.
///   - method: The method.
///   - contentType: The `Content-Type` to set, or `nil` to leave the field as it is. A value with CR,
///     LF or NUL is not set: the request fails with ``NetworkRequestError/invalidHeader(field:)``
///     before it is sent, as with ``setHeader(_:for:)``.
/// - Returns: A function setting the method and body on a copy of its request.
public func body(
    _ data: Data, method: HTTPMethod, contentType: String? = nil
) -> @Sendable (consuming URLRequest) -> URLRequest {
    { (request: consuming URLRequest) in
        request.httpMethod = method.rawValue
        request.httpBody = data
        clearEncodingFailure(in: &request)
        if let contentType {
            setCheckedValue(contentType, for: "Content-Type", in: &request)
        }
        return request
    }
}

/// Encodes `value` as JSON and makes it the request's body, with `method`, `Content-Type` and
/// `Accept` set to `application/json`; an encoding failure is recorded and reported when the request
/// is validated, before sending (see ``validateRequest(_:)``).
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> body(["name": "Jane"], method: .patch)
/// ```
/// - Parameters:
///   - value: The value to encode.
///   - method: The method.
///   - encoder: The encoder; a new `JSONEncoder()` by default.
/// - Returns: A function setting the method, body and fields on a copy of its request.
public func body<Body: Encodable>(
    _ value: Body, method: HTTPMethod, encoder: JSONEncoder = JSONEncoder()
) -> @Sendable (consuming URLRequest) -> URLRequest {
    switch encodeJSONBody(value, encoder: encoder) {
    case .success(let data):
        let json = "application/json"
        return { (request: consuming URLRequest) in
            var request = body(data, method: method, contentType: json)(request)
            request.setValue(json, forHTTPHeaderField: "Accept")
            return request
        }
    case .failure(let failure):
        return { (request: consuming URLRequest) in
            request.httpMethod = method.rawValue
            request.httpBody = nil
            recordFailure(failure, in: &request)
            return request
        }
    }
}

/// Makes a request a `POST` with a raw body: FunNetworking's `post(_:)`.
///
/// No `Content-Type` is set; add one with ``setHeader(_:for:)`` if the server needs it. `Data` is
/// `Encodable` too, but this overload is the one chosen for it: the bytes are sent as they are.
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> post(Data("a=1".utf8))
/// request.httpMethod   // "POST"
/// ```
/// - Parameter data: The body.
/// - Returns: A function setting the method and body on a copy of its request.
public func post(_ data: Data) -> @Sendable (consuming URLRequest) -> URLRequest {
    body(data, method: .post)
}

/// Makes a request a `POST` with a JSON body encoded from `value`, and `Content-Type` and `Accept`
/// set to `application/json`.
///
/// Unlike FunNetworking's `post(_ dictionary:)`, an encoding failure is not swallowed: the request
/// fails with ``NetworkRequestError/encodingFailed(type:description:)`` before it is sent.
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> post(NewUser(name: "Jane"))
/// request.httpBody                                      // {"name":"Jane"}
/// let bad = url |> urlRequestWithTimeout(30) |> post(Double.nan)
/// await requestAsync(bad, transport: transport).value   // .failure(.encodingFailed(type: "Double", …)); nothing sent
/// ```
/// - Parameters:
///   - value: The value to encode.
///   - encoder: The encoder; a new `JSONEncoder()` by default.
/// - Returns: A function setting the method, body and fields on a copy of its request.
public func post<Body: Encodable>(_ value: Body, encoder: JSONEncoder = JSONEncoder())
    -> @Sendable (consuming URLRequest) -> URLRequest
{
    body(value, method: .post, encoder: encoder)
}

/// Makes a request a `PUT` with a raw body.
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> put(Data("v".utf8))
/// request.httpMethod   // "PUT"
/// ```
/// - Parameter data: The body.
/// - Returns: A function setting the method and body on a copy of its request.
public func put(_ data: Data) -> @Sendable (consuming URLRequest) -> URLRequest {
    body(data, method: .put)
}

/// Makes a request a `PUT` with a JSON body encoded from `value` (see ``post(_:encoder:)``).
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> put(User(id: 7, name: "Jane"))
/// ```
/// - Parameters:
///   - value: The value to encode.
///   - encoder: The encoder; a new `JSONEncoder()` by default.
/// - Returns: A function setting the method, body and fields on a copy of its request.
public func put<Body: Encodable>(_ value: Body, encoder: JSONEncoder = JSONEncoder())
    -> @Sendable (consuming URLRequest) -> URLRequest
{
    body(value, method: .put, encoder: encoder)
}

/// Makes a request a `PATCH` with a raw body.
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> patch(Data("v".utf8))
/// request.httpMethod   // "PATCH"
/// ```
/// - Parameter data: The body.
/// - Returns: A function setting the method and body on a copy of its request.
public func patch(_ data: Data) -> @Sendable (consuming URLRequest) -> URLRequest {
    body(data, method: .patch)
}

/// Makes a request a `PATCH` with a JSON body encoded from `value` (see ``post(_:encoder:)``).
///
/// ```swift
/// let request = url |> urlRequestWithTimeout(30) |> patch(["name": "Janet"])
/// ```
/// - Parameters:
///   - value: The value to encode.
///   - encoder: The encoder; a new `JSONEncoder()` by default.
/// - Returns: A function setting the method, body and fields on a copy of its request.
public func patch<Body: Encodable>(_ value: Body, encoder: JSONEncoder = JSONEncoder())
    -> @Sendable (consuming URLRequest) -> URLRequest
{
    body(value, method: .patch, encoder: encoder)
}
