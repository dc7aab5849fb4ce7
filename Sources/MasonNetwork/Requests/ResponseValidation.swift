public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Accepts a response whose status is in `acceptableStatus` (2xx by default) and rejects any other
/// with ``NetworkRequestError/invalidResponse(_:)``, keeping its status, headers and body.
///
/// The request functions run it on every response a ``Transport`` returns.
///
/// ```swift
/// validateResponse((Data("{}".utf8), ok200))            // .success((data, ok200))
/// validateResponse((Data("gone".utf8), notFound404))    // .failure(.invalidResponse(HTTPResponseDetails(status: 404, …, body: "gone")))
/// ```
/// - Parameters:
///   - response: The body and the HTTP response.
///   - acceptableStatus: The statuses that count as success; `200..<300` by default.
/// - Returns: The body and response, or the error describing the response.
public func validateResponse(
    _ response: (Data, HTTPURLResponse),
    acceptableStatus: Range<HTTPStatusCode> = 200..<300
) -> Result<(Data, HTTPURLResponse), NetworkRequestError> {
    validateResponse((response.0, ResponseHead(response.1)), acceptableStatus: acceptableStatus).map { _ in response }
}

/// Accepts a response head whose status is in `acceptableStatus` (2xx by default) and rejects any
/// other with ``NetworkRequestError/invalidResponse(_:)``, keeping its status, header fields and body:
/// the form of `validateResponse` for what ``Transport/response(to:)`` returns.
///
/// ```swift
/// let answer = try await transport.response(to: request)
/// validateResponse(answer)   // .success(answer) for a 2xx, else .failure(.invalidResponse(…))
/// ```
/// - Parameters:
///   - response: The body and the head of the response.
///   - acceptableStatus: The statuses that count as success; `200..<300` by default.
/// - Returns: The body and head, or the error describing the response.
public func validateResponse(
    _ response: (Data, ResponseHead),
    acceptableStatus: Range<HTTPStatusCode> = 200..<300
) -> Result<(Data, ResponseHead), NetworkRequestError> {
    let (data, head) = response
    guard acceptableStatus.contains(head.statusCode) else {
        return .failure(.invalidResponse(HTTPResponseDetails(head, body: data)))
    }
    return .success(response)
}

/// Validates the three values a URL task's completion handler receives: FunNetworking's
/// `NetworkResponseValidator`.
///
/// - An error becomes what ``NetworkRequestError/init(_:)`` makes of it (a cancellation is
///   ``NetworkRequestError/canceledByUser``).
/// - A response that is not an HTTP response (or none) is ``NetworkRequestError/noResponse``.
/// - An HTTP response is checked by `validateResponse(_:acceptableStatus:)`; a missing body counts
///   as empty.
///
/// ```swift
/// session.dataTask(with: url) { data, response, error in
///     let result = validateResponse(data: data, response: response, error: error)
/// }
/// ```
/// - Parameters:
///   - data: The body, if any.
///   - response: The response, if any.
///   - error: The task's error, if any.
///   - acceptableStatus: The statuses that count as success; `200..<300` by default.
/// - Returns: The body and HTTP response, or the reason the exchange failed.
public func validateResponse(
    data: Data?,
    response: URLResponse?,
    error: (any Error)?,
    acceptableStatus: Range<HTTPStatusCode> = 200..<300
) -> Result<(Data, HTTPURLResponse), NetworkRequestError> {
    if let error { return .failure(NetworkRequestError(error)) }
    guard let httpResponse = response as? HTTPURLResponse else { return .failure(.noResponse) }
    return validateResponse((data ?? Data(), httpResponse), acceptableStatus: acceptableStatus)
}
