public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
public import Mason

// FunNetworking's asynchronous requests — `requestAsyncR` and `requestAsyncE` with the seed's shapes —
// and `requestAsync`, their typed twin. Each comes in three forms (see DataTask.swift).

/// A lazy request for a body with a typed error.
///
/// Each run checks the request, sends it through ``URLSessionTransport/shared`` and validates the
/// status; the body of any 2xx response is the success. Lazy, `Sendable`; cancelling a run stops the
/// request and the run's callback receives ``NetworkRequestError/canceledByUser``, once.
///
/// ```swift
/// let age = await requestAsync(URLRequest(url: url)).value   // .success(Data(#"{"age": 48}"#.utf8))
/// ```
/// - Parameter request: The request, or `nil` (which fails with ``NetworkRequestError/invalidRequest``).
/// - Returns: A deferred body, or the reason the request failed.
public func requestAsync(_ request: URLRequest?) -> Deferred<Result<Data, NetworkRequestError>> {
    requestAsync(request, transport: URLSessionTransport.shared)
}

/// A lazy request for a body through `transport`, with a typed error; see ``requestAsync(_:)``.
///
/// ```swift
/// let result = await requestAsync(request, transport: StubTransport(.status(404))).value
/// // .failure(.invalidResponse(HTTPResponseDetails(status: 404, …)))
/// ```
/// - Parameters:
///   - request: The request, or `nil`.
///   - transport: What sends the request.
/// - Returns: A deferred body, or the reason the request failed.
public func requestAsync(_ request: URLRequest?, transport: any Transport) -> Deferred<
    Result<Data, NetworkRequestError>
> {
    Deferred { await exchange(request, transport: transport).map { data, _ in data } }
}

/// ``requestAsync(_:transport:)`` for one transport, as a one-parameter function for chains.
///
/// ```swift
/// let fetch = request |> requestAsync(transport: transport) <&> decodeJsonData
/// ```
/// - Parameter transport: What sends the requests.
/// - Returns: A function from a request to its deferred body.
public func requestAsync(transport: any Transport)
    -> @Sendable (URLRequest?) -> Deferred<Result<Data, NetworkRequestError>>
{
    { requestAsync($0, transport: transport) }
}

/// A lazy request for a body: FunNetworking's `requestAsyncR`, `(URLRequest?) -> Deferred<Result<Data, Error>>`.
///
/// The failure is always a ``NetworkRequestError`` (typed as `any Error`, as in the seed; use
/// ``requestAsync(_:)`` to keep the type). Lazy, `Sendable`. Cancelling: the request stops and reports
/// ``NetworkRequestError/canceledByUser``, once, awaited or run.
///
/// ```swift
/// func ageGuess(from name: String) -> Deferred<Result<AgeGuess, Error>> {
///     "https://api.agify.io/?name=\(name)"
///         |> URL.init(string:)
///         >=> urlRequestWithTimeout(30)
///         |> requestAsyncR
///         <&> decodeJsonData
/// }
/// ageGuess(from: "Jane").run { result in print(result) }   // success(AgeGuess(name: "Jane", age: 48))
/// ```
/// - Parameter request: The request, or `nil`.
/// - Returns: A deferred body, or the reason the request failed.
public func requestAsyncR(_ request: URLRequest?) -> Deferred<Result<Data, any Error>> {
    requestAsyncR(request, transport: URLSessionTransport.shared)
}

/// FunNetworking's `requestAsyncR` through `transport`; see ``requestAsyncR(_:)``.
///
/// ```swift
/// await requestAsyncR(request, transport: transport).value   // .success(data)
/// ```
/// - Parameters:
///   - request: The request, or `nil`.
///   - transport: What sends the request.
/// - Returns: A deferred body, or the reason the request failed.
public func requestAsyncR(_ request: URLRequest?, transport: any Transport) -> Deferred<Result<Data, any Error>> {
    requestAsync(request, transport: transport).map { result in result.mapError { $0 } }
}

/// ``requestAsyncR(_:transport:)`` for one transport, as a one-parameter function for chains.
///
/// ```swift
/// let ageGuess = url |> urlRequestWithTimeout(30) |> requestAsyncR(transport: transport) <&> decodeJsonData
/// ```
/// - Parameter transport: What sends the requests.
/// - Returns: A function with `requestAsyncR`'s shape.
public func requestAsyncR(transport: any Transport) -> @Sendable (URLRequest?) -> Deferred<Result<Data, any Error>> {
    { requestAsyncR($0, transport: transport) }
}

/// A lazy request for a body: FunNetworking's `requestAsyncE`, `(URLRequest?) -> Deferred<Either<Error, Data>>`.
///
/// ``requestAsyncR(_:)`` as an `Either`: the failure, a ``NetworkRequestError``, is on the left. Lazy,
/// `Sendable`; a cancelled request reports `.left(NetworkRequestError.canceledByUser)`, once.
///
/// ```swift
/// await requestAsyncE(request).value   // .right(data)
/// ```
/// - Parameter request: The request, or `nil`.
/// - Returns: A deferred body on the right, or the reason the request failed on the left.
public func requestAsyncE(_ request: URLRequest?) -> Deferred<Either<any Error, Data>> {
    requestAsyncE(request, transport: URLSessionTransport.shared)
}

/// FunNetworking's `requestAsyncE` through `transport`; see ``requestAsyncE(_:)``.
///
/// ```swift
/// await requestAsyncE(request, transport: transport).value   // .right(data)
/// ```
/// - Parameters:
///   - request: The request, or `nil`.
///   - transport: What sends the request.
/// - Returns: A deferred body on the right, or the reason the request failed on the left.
public func requestAsyncE(_ request: URLRequest?, transport: any Transport) -> Deferred<Either<any Error, Data>> {
    requestAsyncR(request, transport: transport).map { Either($0) }
}

/// ``requestAsyncE(_:transport:)`` for one transport, as a one-parameter function for chains.
///
/// ```swift
/// let fetch = request |> requestAsyncE(transport: transport) <&> decodeJsonData
/// ```
/// - Parameter transport: What sends the requests.
/// - Returns: A function with `requestAsyncE`'s shape.
public func requestAsyncE(transport: any Transport) -> @Sendable (URLRequest?) -> Deferred<Either<any Error, Data>> {
    { requestAsyncE($0, transport: transport) }
}
