public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
public import Mason

/// Why a request failed: FunNetworking's `NetworkRequestError`, with the context a caller needs.
///
/// The seed's five cases are here (`invalidRequest`, `invalidResponse`, `failed`, `noResponse`,
/// `canceledByUser`), and each carries what FunNetworking dropped: a non-2xx response keeps its status,
/// headers and body; a transport failure keeps its description and `URLError` code; a decoding failure
/// keeps the type and the coding path. Requests that can never be sent fail before anything goes on
/// the wire: a missing or malformed URL, a header value with CR or LF, a body that could not be encoded.
/// A request whose credential could not be renewed (see ``AuthenticatingTransport``) fails with
/// ``authenticationFailed(description:)``.
///
/// The error is `Sendable` and `Equatable`, so tests compare it directly. It is
/// `CancellationRepresentable`: a cancelled request reports ``canceledByUser``, exactly once, through
/// every way of running it (see there).
///
/// ```swift
/// let result = await requestAsync(request, transport: transport).value
/// if case .failure(.invalidResponse(let response)) = result {
///     print(response.status, response.text ?? "")   // 404 {"error": "no such user"}
/// }
/// ```
public enum NetworkRequestError: Error, Sendable, Equatable {
    /// There was no request to send (FunNetworking's case for a `nil` `URLRequest`), it had no URL, or
    /// its method is not a token (empty, or with a space, CR or LF); the request was not sent.
    case invalidRequest
    /// The URL could not be built; the associated value describes what was given.
    case invalidURL(String)
    /// A header field's value contains a carriage return, a line feed or a NUL, which would let it
    /// inject further headers, or its name is not a token (empty, or with a space, `:`, CR or LF); the
    /// request was not sent.
    case invalidHeader(field: String)
    /// The request's body could not be encoded; the request was not sent.
    case encodingFailed(type: String, description: String)
    /// The server answered with a status outside `200..<300`; the response is kept whole.
    case invalidResponse(HTTPResponseDetails)
    /// The exchange ended without an HTTP response.
    case noResponse
    /// The response body was larger than the transport's limit, in bytes; the transfer was stopped.
    case bodyTooLarge(limit: Int)
    /// The body could not be decoded as `type`; the coding path leads to the offending value.
    case decodingFailed(type: String, description: String, codingPath: [String])
    /// The transport failed; for a `URLError` the code is kept (`.timedOut`, `.cannotConnectToHost`, …).
    case failed(description: String, code: URLError.Code?)
    /// The request was cancelled: the one answer of a cancelled request, however it was run.
    ///
    /// Awaited (`await deferred.value` in a cancelled task), run with a callback (`run { }`, then the
    /// run's or the deferred's `cancel()`), through the `Future` made from it, typed or in the seed's
    /// `Result<_, any Error>` and `Either<any Error, _>` shapes (as a `NetworkRequestError` typed as
    /// `any Error`), cancelled before it was sent or in flight, even when the transport answered
    /// anyway: the request reports `canceledByUser`, once. (`Deferred.run()`, the throwing form, throws
    /// `CancellationError` for any cancelled deferred, requests included.)
    ///
    /// ```swift
    /// let run = requestAsyncR(request).run { print($0) }
    /// run.cancel()   // failure(NetworkRequestError.canceledByUser)
    /// ```
    case canceledByUser
    /// The server rejected the request's credential (401) and renewing it failed; the associated value
    /// describes the refresh's error. Reported by ``AuthenticatingTransport``; the request was not
    /// sent again.
    ///
    /// ```swift
    /// let transport = URLSessionTransport.shared.authenticated(by: Authenticator(credential: .bearer("old")) { _ in
    ///     throw URLError(.userAuthenticationRequired)
    /// })
    /// await requestAsync(request, transport: transport).value
    /// // .failure(.authenticationFailed(description: "… error -1013 …"))
    /// ```
    case authenticationFailed(description: String)

    /// Maps any error to a network error — the one place where transport errors are translated.
    ///
    /// A `NetworkRequestError` is kept; `CancellationError` and `URLError(.cancelled)` (what a cancelled
    /// URL task throws on Linux) become ``canceledByUser``; another `URLError` becomes ``failed(description:code:)``
    /// with its code; a `DecodingError` or `EncodingError` keeps its context; anything else is `failed`
    /// with its description.
    ///
    /// ```swift
    /// NetworkRequestError(URLError(.cancelled))   // .canceledByUser
    /// NetworkRequestError(URLError(.timedOut))    // .failed(description: "…", code: .timedOut)
    /// ```
    /// - Parameter error: The error to translate.
    public init(_ error: any Error) {
        switch error {
        case let error as NetworkRequestError:
            self = error
        case is CancellationError:
            self = .canceledByUser
        case let error as URLError where error.code == .cancelled:
            self = .canceledByUser
        case let error as URLError:
            self = .failed(description: error.localizedDescription, code: error.code)
        case let error as DecodingError:
            self = NetworkRequestError(decoding: error, as: "unknown")
        case let error as EncodingError:
            self = NetworkRequestError(encoding: error, as: "unknown")
        default:
            self = .failed(description: String(describing: error), code: nil)
        }
    }

    /// Describes a decoding failure of `typeName`, with the coding path to the offending value.
    ///
    /// ```swift
    /// NetworkRequestError(decoding: error, as: "AgeGuess")
    /// // .decodingFailed(type: "AgeGuess", description: "Expected to decode Int …", codingPath: ["age"])
    /// ```
    /// - Parameters:
    ///   - error: The decoder's error.
    ///   - typeName: The name of the type being decoded.
    public init(decoding error: DecodingError, as typeName: String) {
        let context: DecodingError.Context
        var path: [String] = []
        switch error {
        case .keyNotFound(let key, let keyContext):
            context = keyContext
            path = Self.path(of: keyContext.codingPath) + [Self.component(key)]
        case .typeMismatch(_, let mismatchContext), .valueNotFound(_, let mismatchContext),
            .dataCorrupted(let mismatchContext):
            context = mismatchContext
            path = Self.path(of: mismatchContext.codingPath)
        @unknown default:
            self = .decodingFailed(type: typeName, description: String(describing: error), codingPath: [])
            return
        }
        self = .decodingFailed(type: typeName, description: context.debugDescription, codingPath: path)
    }

    /// Describes an encoding failure of `typeName`.
    ///
    /// ```swift
    /// NetworkRequestError(encoding: error, as: "Payload")
    /// // .encodingFailed(type: "Payload", description: "Unable to encode Double.infinity …")
    /// ```
    /// - Parameters:
    ///   - error: The encoder's error.
    ///   - typeName: The name of the type being encoded.
    public init(encoding error: EncodingError, as typeName: String) {
        switch error {
        case .invalidValue(_, let context):
            self = .encodingFailed(type: typeName, description: context.debugDescription)
        @unknown default:
            self = .encodingFailed(type: typeName, description: String(describing: error))
        }
    }

    /// The status code of a non-2xx response, or `nil` for the other cases.
    ///
    /// ```swift
    /// NetworkRequestError.invalidResponse(HTTPResponseDetails(status: 503)).statusCode   // 503
    /// NetworkRequestError.noResponse.statusCode                                         // nil
    /// ```
    public var statusCode: HTTPStatusCode? {
        if case .invalidResponse(let response) = self { return response.status }
        return nil
    }

    /// The response of a non-2xx answer, or `nil` for the other cases.
    ///
    /// ```swift
    /// error.response?.text   // the server's error document
    /// ```
    public var response: HTTPResponseDetails? {
        if case .invalidResponse(let response) = self { return response }
        return nil
    }

    private static func path(of codingPath: [any CodingKey]) -> [String] {
        codingPath.map(component)
    }

    private static func component(_ key: any CodingKey) -> String {
        // An array index is a key whose string is "Index n": show it as "n".
        if let index = key.intValue, key.stringValue == "Index \(index)" { return String(index) }
        return key.stringValue
    }
}

extension NetworkRequestError: CancellationRepresentable {
    /// The error a cancelled request reports: ``canceledByUser``.
    ///
    /// `Deferred.run` delivers it, once, to the callback of a cancelled
    /// `Deferred<Result<_, NetworkRequestError>>`.
    ///
    /// ```swift
    /// NetworkRequestError.cancellation   // .canceledByUser
    /// ```
    public static var cancellation: NetworkRequestError { .canceledByUser }
}

extension NetworkRequestError: CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    /// What went wrong, in a line a log or a user may read: a response's status, where it came from and
    /// the start of its body, never its headers or the URL's secrets (see ``HTTPResponseDetails``).
    ///
    /// ```swift
    /// NetworkRequestError.noResponse.description   // "no HTTP response"
    /// ```
    public var description: String {
        switch self {
        case .invalidRequest: "invalid request: no URL, or a method that is not a token"
        case .invalidURL(let given): "invalid URL: \(given)"
        case .invalidHeader(let field): "invalid header field \(field)"
        case .encodingFailed(let type, let description): "could not encode \(type): \(description)"
        case .invalidResponse(let response): response.description
        case .noResponse: "no HTTP response"
        case .bodyTooLarge(let limit): "response body over the limit of \(limit) bytes"
        case .decodingFailed(let type, let description, let path):
            "could not decode \(type)" + (path.isEmpty ? "" : " at \(path.joined(separator: "."))") + ": \(description)"
        case .failed(let description, let code): description + (code.map { " (URLError \($0.rawValue))" } ?? "")
        case .canceledByUser: "cancelled"
        case .authenticationFailed(let description): "authentication failed: \(description)"
        }
    }

    /// The ``description``, with a response's redacted headers.
    ///
    /// ```swift
    /// String(reflecting: NetworkRequestError.noResponse)   // "no HTTP response"
    /// ```
    public var debugDescription: String {
        if case .invalidResponse(let response) = self { return response.debugDescription }
        return description
    }

    /// The ``description``, for `localizedDescription`.
    ///
    /// ```swift
    /// error.localizedDescription   // "HTTP 404 from https://api.example.com/users/7: {"error":"no such user"}"
    /// ```
    public var errorDescription: String? { description }
}
