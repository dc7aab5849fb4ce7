public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
public import Mason

// FunNetworking's synchronous requests — `requestSyncR` and `requestSyncE` — and `requestSync`, their
// typed twin: the asynchronous requests wrapped in `IO(deferred:)`.
//
// Running one blocks the calling thread until the response arrives, from any thread: the request runs
// on threads of its own (see `IO(deferred:)`), never on Swift concurrency's cooperative pool, so
// blocking a pool thread cannot starve it.

/// A request run synchronously, with a typed error: ``requestAsync(_:)`` in an `IO`.
///
/// `unsafeRun()` sends the request through ``URLSessionTransport/shared`` and **blocks the calling
/// thread** until the validated body or the failure is there; each run sends again. The request runs
/// on threads of its own, so this is safe from any thread, a task's included (sixteen at once on a
/// two-core machine finish). The `IO` is lazy and `Sendable`.
///
/// ```swift
/// let result = requestSync(URLRequest(url: url)).unsafeRun()   // .success(data), after the round trip
/// ```
/// - Parameter request: The request, or `nil`.
/// - Returns: An effect producing the body, or the reason the request failed.
public func requestSync(_ request: URLRequest?) -> IO<Result<Data, NetworkRequestError>> {
    requestSync(request, transport: URLSessionTransport.shared)
}

/// A request through `transport`, run synchronously, with a typed error; see ``requestSync(_:)``.
///
/// ```swift
/// requestSync(request, transport: transport).unsafeRun()   // .success(data); blocks until done
/// ```
/// - Parameters:
///   - request: The request, or `nil`.
///   - transport: What sends the request.
/// - Returns: An effect producing the body, or the reason the request failed.
public func requestSync(_ request: URLRequest?, transport: any Transport) -> IO<Result<Data, NetworkRequestError>> {
    IO(deferred: requestAsync(request, transport: transport))
}

/// ``requestSync(_:transport:)`` for one transport, as a one-parameter function for chains.
///
/// ```swift
/// let fetch = request |> requestSync(transport: transport)
/// ```
/// - Parameter transport: What sends the requests.
/// - Returns: A function from a request to an effect producing its body.
public func requestSync(transport: any Transport) -> @Sendable (URLRequest?) -> IO<Result<Data, NetworkRequestError>> {
    { requestSync($0, transport: transport) }
}

/// A request run synchronously: FunNetworking's `requestSyncR`, `(URLRequest?) -> IO<Result<Data, Error>>`.
///
/// `unsafeRun()` **blocks the calling thread** until the response arrives (see ``requestSync(_:)``);
/// the failure is a ``NetworkRequestError`` typed as `any Error`. Lazy, `Sendable`.
///
/// ```swift
/// func ageGuess(from name: String) -> IO<Result<AgeGuess, Error>> {
///     "https://api.agify.io/?name=\(name)"
///         |> URL.init(string:)
///         >=> urlRequestWithTimeout(30)
///         |> requestSyncR
///         <&> decodeJsonData
/// }
/// let result = ageGuess(from: "Jane").unsafeRun()   // success(AgeGuess(name: "Jane", age: 48))
/// ```
/// - Parameter request: The request, or `nil`.
/// - Returns: An effect producing the body, or the reason the request failed.
public func requestSyncR(_ request: URLRequest?) -> IO<Result<Data, any Error>> {
    requestSyncR(request, transport: URLSessionTransport.shared)
}

/// FunNetworking's `requestSyncR` through `transport`; see ``requestSyncR(_:)``.
///
/// ```swift
/// requestSyncR(request, transport: transport).unsafeRun()   // .success(data); blocks until done
/// ```
/// - Parameters:
///   - request: The request, or `nil`.
///   - transport: What sends the request.
/// - Returns: An effect producing the body, or the reason the request failed.
public func requestSyncR(_ request: URLRequest?, transport: any Transport) -> IO<Result<Data, any Error>> {
    IO(deferred: requestAsyncR(request, transport: transport))
}

/// ``requestSyncR(_:transport:)`` for one transport, as a one-parameter function for chains.
///
/// ```swift
/// let fetch = url |> urlRequestWithTimeout(30) |> requestSyncR(transport: transport) <&> decodeJsonData
/// ```
/// - Parameter transport: What sends the requests.
/// - Returns: A function with `requestSyncR`'s shape.
public func requestSyncR(transport: any Transport) -> @Sendable (URLRequest?) -> IO<Result<Data, any Error>> {
    { requestSyncR($0, transport: transport) }
}

/// A request run synchronously: FunNetworking's `requestSyncE`, `(URLRequest?) -> IO<Either<Error, Data>>`.
///
/// `unsafeRun()` **blocks the calling thread** until the response arrives (see ``requestSync(_:)``);
/// the failure, a ``NetworkRequestError``, is on the left. Lazy, `Sendable`.
///
/// ```swift
/// let fetchIpNumber: IO<Either<Error, Host>> =
///     "https://api.ipify.org/?format=json" |> URL.init(string:) >=> requestWithTimeout(30) |> requestSyncE <&> decodeJsonData
/// fetchIpNumber.unsafeRun()   // .right(Host(ip: "10.0.0.7"))
/// ```
/// - Parameter request: The request, or `nil`.
/// - Returns: An effect producing the body on the right, or the reason the request failed on the left.
public func requestSyncE(_ request: URLRequest?) -> IO<Either<any Error, Data>> {
    requestSyncE(request, transport: URLSessionTransport.shared)
}

/// FunNetworking's `requestSyncE` through `transport`; see ``requestSyncE(_:)``.
///
/// ```swift
/// requestSyncE(request, transport: transport).unsafeRun()   // .right(data); blocks until done
/// ```
/// - Parameters:
///   - request: The request, or `nil`.
///   - transport: What sends the request.
/// - Returns: An effect producing the body on the right, or the reason the request failed on the left.
public func requestSyncE(_ request: URLRequest?, transport: any Transport) -> IO<Either<any Error, Data>> {
    IO(deferred: requestAsyncE(request, transport: transport))
}

/// ``requestSyncE(_:transport:)`` for one transport, as a one-parameter function for chains.
///
/// ```swift
/// let fetch = request |> requestSyncE(transport: transport) <&> decodeJsonData
/// ```
/// - Parameter transport: What sends the requests.
/// - Returns: A function with `requestSyncE`'s shape.
public func requestSyncE(transport: any Transport) -> @Sendable (URLRequest?) -> IO<Either<any Error, Data>> {
    { requestSyncE($0, transport: transport) }
}
