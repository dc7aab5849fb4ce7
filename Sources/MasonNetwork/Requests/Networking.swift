public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
public import Mason

// Sundell's "Functional networking in Swift": networking as a function from an endpoint to a
// `Future<Data>`, so that code needing the network takes a function, and tests pass a closure.

/// Networking as a function: Sundell's `typealias Networking = (Endpoint) -> Future<Data>`.
///
/// `URLSession.shared.request` is one; ``request(transport:)`` makes one for any ``Transport``; a test
/// passes a closure returning a resolved `Promise`.
///
/// ```swift
/// final class ProductLoader: Sendable {
///     private let networking: Networking
///     init(networking: @escaping Networking = URLSession.shared.request) { self.networking = networking }
///     func loadProduct(withID id: Int) -> Future<Product> {
///         networking(.product(withID: id)).decoded()
///     }
/// }
/// let loader = ProductLoader { _ in Promise(value: Data(#"{"id": 7, "name": "iPad Pro"}"#.utf8)) }
/// ```
public typealias Networking = @Sendable (Endpoint) -> Future<Data>

extension URLSession {
    /// Requests an endpoint and returns a future of the body: Sundell's `URLSession.request(_:)`, with
    /// the status validated.
    ///
    /// The request starts at once (a future is eager). An endpoint without a valid URL rejects at once
    /// with ``NetworkRequestError/invalidURL(_:)``, without sending. A status outside 2xx rejects with
    /// ``NetworkRequestError/invalidResponse(_:)`` (the body kept), a transport error with what
    /// ``NetworkRequestError/init(_:)`` makes of it. It uses this session as it is; for the size limit
    /// and cancellation use ``request(_:transport:)`` with a ``URLSessionTransport``.
    ///
    /// ```swift
    /// let product: Future<Product> = URLSession.shared.request(.product(withID: 7)).decoded()
    /// let networking: Networking = URLSession.shared.request
    /// ```
    /// - Parameter endpoint: The endpoint to request.
    /// - Returns: A future of the response body.
    public func request(_ endpoint: Endpoint) -> Future<Data> {
        let promise = Promise<Data>()
        guard let url = endpoint.url else {
            promise.reject(with: NetworkRequestError.invalidURL(endpoint.summary))
            return promise
        }
        let task = dataTask(with: url) { data, response, error in
            switch validateResponse(data: data, response: response, error: error) {
            case .success(let (data, _)): promise.resolve(with: data)
            case .failure(let failure): promise.reject(with: failure)
            }
        }
        task.resume()
        return promise
    }
}

/// Requests an endpoint through a transport and returns a future of the body: Sundell's networking
/// function on a ``Transport``.
///
/// The request starts at once. An endpoint without a valid URL rejects at once with
/// ``NetworkRequestError/invalidURL(_:)``, without sending; otherwise the request goes through
/// ``requestAsync(_:transport:)`` — checked, sent, validated — and the future rejects with its
/// ``NetworkRequestError``.
///
/// ```swift
/// let data = try await request(.product(withID: 7), transport: transport).value
/// ```
/// - Parameters:
///   - endpoint: The endpoint to request.
///   - transport: What sends the request; ``URLSessionTransport/shared`` by default.
/// - Returns: A future of the response body.
public func request(_ endpoint: Endpoint, transport: any Transport = URLSessionTransport.shared) -> Future<Data> {
    guard let url = endpoint.url else {
        return Future(error: NetworkRequestError.invalidURL(endpoint.summary))
    }
    return requestAsync(URLRequest(url: url), transport: transport).future()
}

/// Sundell's ``Networking`` function for a transport, for injection.
///
/// ```swift
/// let loader = ProductLoader(networking: request(transport: URLSessionTransport(configuration: .ephemeral)))
/// ```
/// - Parameter transport: What sends the requests.
/// - Returns: A function from an endpoint to a future of its body.
public func request(transport: any Transport) -> Networking {
    { request($0, transport: transport) }
}
