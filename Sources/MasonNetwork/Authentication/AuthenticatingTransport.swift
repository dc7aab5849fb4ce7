public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A transport that authorizes every request with an ``Authenticator``'s credential and, when the
/// server rejects it (401 Unauthorized), renews the credential and sends the request once more.
///
/// - The `Authorization` header field is set from ``Authenticator/credential`` (replacing any value the
///   request had); with no credential the request goes as it is.
/// - On a 401 the transport asks for ``Authenticator/refreshedCredential(replacing:)`` — coalesced, so
///   many requests rejected together cause one refresh — and sends the request again with the new
///   credential, **once**. A second 401 is returned as it is, so the request functions report
///   ``NetworkRequestError/invalidResponse(_:)`` with status 401 and the server's headers and body.
///   A request whose body is a stream (`httpBodyStream`), read by the first attempt, is not sent again:
///   its 401 is returned as it is.
/// - A refresh that fails ends the request with ``NetworkRequestError/authenticationFailed(description:)``;
///   nothing more is sent.
/// - Cancellation passes through: a task cancelled while it waits for a refresh throws
///   `CancellationError` (reported as ``NetworkRequestError/canceledByUser``), and the base transport's
///   cancellation errors are rethrown untouched.
///
/// ```swift
/// let authenticator = Authenticator(credential: .bearer(savedToken)) { _ in
///     .bearer(try await renewToken())
/// }
/// let transport = URLSessionTransport.shared.retrying(.standard).authenticated(by: authenticator)
/// let profile = await requestAsync(URLRequest(url: profileURL), transport: transport).value
/// // an expired token: 401, one refresh, the request again → .success(body)
/// ```
///
/// `AuthenticatingTransport` is a `Sendable` value; copies share the authenticator. Downloads
/// (``download(_:)``) are authenticated the same way; the file of a rejected answer is deleted.
public struct AuthenticatingTransport: Transport {
    /// The transport that sends each request.
    ///
    /// ```swift
    /// URLSessionTransport.shared.authenticated(by: authenticator).base   // URLSessionTransport.shared
    /// ```
    public let base: any Transport

    /// Where the credential comes from and how it is renewed.
    ///
    /// ```swift
    /// transport.authenticator.credential   // .bearer("t2") after a refresh
    /// ```
    public let authenticator: Authenticator

    /// The status that means "the credential was rejected": 401 Unauthorized.
    ///
    /// ```swift
    /// AuthenticatingTransport.rejectedStatus   // 401
    /// ```
    public static let rejectedStatus: HTTPStatusCode = 401

    /// Wraps `base` so that its requests carry `authenticator`'s credential.
    ///
    /// ```swift
    /// let transport = AuthenticatingTransport(base: URLSessionTransport.shared, authenticator: authenticator)
    /// ```
    /// - Parameters:
    ///   - base: The transport that sends each request.
    ///   - authenticator: Where the credential comes from.
    public init(base: any Transport, authenticator: Authenticator) {
        self.base = base
        self.authenticator = authenticator
    }

    /// Sends `request` with the current credential, and once more with a renewed one after a 401.
    ///
    /// ```swift
    /// let (data, head) = try await transport.response(to: URLRequest(url: url))
    /// head.statusCode   // 200, or 401 if the renewed credential was rejected too
    /// ```
    /// - Parameter request: The request; its `Authorization` field is replaced.
    /// - Returns: The response to the first attempt, or to the second after a 401.
    /// - Throws: ``NetworkRequestError/authenticationFailed(description:)`` when the refresh fails,
    ///   `CancellationError` when the task is cancelled while it waits for a refresh, or what the base
    ///   transport throws.
    public func response(to request: URLRequest) async throws -> (Data, ResponseHead) {
        try await authenticate(request, attempt: { try await base.response(to: $0) }, discard: { _ in })
    }

    /// Sends `request` as ``response(to:)`` does, and builds the `HTTPURLResponse` at the end.
    ///
    /// ```swift
    /// let (data, response) = try await transport.send(request)
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The body and the response.
    /// - Throws: As ``response(to:)``; ``NetworkRequestError/noResponse`` if no `HTTPURLResponse` can be built.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try foundationResponse(try await response(to: request))
    }

    /// Downloads the response to `request` with the current credential, and once more with a renewed
    /// one after a 401; the file of the rejected answer is deleted.
    ///
    /// ```swift
    /// let (file, response) = try await transport.download(URLRequest(url: reportURL))
    /// ```
    /// - Parameter request: The request; its `Authorization` field is replaced.
    /// - Returns: The file and response of the first attempt, or of the second after a 401.
    /// - Throws: As ``response(to:)``.
    public func download(_ request: URLRequest) async throws -> (URL, HTTPURLResponse) {
        try foundationResponse(
            try await authenticate(
                request,
                attempt: { try await base.downloadReturningHead($0) },
                discard: { file in try? FileManager.default.removeItem(at: file) }
            )
        )
    }

    private func authenticate<Body>(
        _ request: URLRequest,
        attempt: (URLRequest) async throws -> (Body, ResponseHead),
        discard: (Body) -> Void
    ) async throws -> (Body, ResponseHead) {
        let credential = authenticator.credential
        let first = try await attempt(Self.authorizing(request, with: credential))
        // A body given as a stream was read by the first attempt: it cannot be sent again.
        guard first.1.statusCode == Self.rejectedStatus, request.httpBodyStream == nil else { return first }
        // The 401's body is handed to no one: not sent again, or failed.
        discard(first.0)
        let renewed: AuthorizationType
        do {
            renewed = try await authenticator.refreshedCredential(replacing: credential)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw NetworkRequestError.authenticationFailed(description: Self.describe(error))
        }
        return try await attempt(Self.authorizing(request, with: renewed))
    }

    /// `request` with its `Authorization` field set to `credential` (left alone when there is none).
    private static func authorizing(_ request: URLRequest, with credential: AuthorizationType?) -> URLRequest {
        guard let credential else { return request }
        return authorization(credential)(request)
    }

    /// A refresh error in words, without nesting a failed authentication twice.
    private static func describe(_ error: any Error) -> String {
        if case NetworkRequestError.authenticationFailed(let description) = error { return description }
        return String(describing: error)
    }
}

extension Transport {
    /// Authorizes this transport's requests with `authenticator`'s credential, renewing it once after a
    /// 401. See ``AuthenticatingTransport``.
    ///
    /// ```swift
    /// let authenticator = Authenticator(credential: .bearer("t1")) { _ in .bearer(try await renew()) }
    /// let transport = URLSessionTransport.shared.authenticated(by: authenticator)
    /// ```
    /// - Parameter authenticator: Where the credential comes from and how it is renewed.
    /// - Returns: A transport that authenticates.
    public func authenticated(by authenticator: Authenticator) -> AuthenticatingTransport {
        AuthenticatingTransport(base: self, authenticator: authenticator)
    }
}
