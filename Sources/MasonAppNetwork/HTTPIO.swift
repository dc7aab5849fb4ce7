public import Foundation
public import MasonApp
public import MasonNetwork

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// HTTP as an IO kind (the SimpleFunctional weather app's `HTTPIO`): the pure function asks for a
/// request and gets the body of a 2xx answer, or the request's `NetworkRequestError` through
/// `io.failure(forToken:)`. Tokens replace the seed's request ids; `io.cancelling(token)` replaces its
/// `cancel(id:)` output. A request cancelled before its handler began (in the run that asked for it,
/// or replaced by a later `.latestWins` output) fails with `CancellationError` instead, from the loop:
/// it was never sent.
///
/// ```swift
/// let (next, request) = io.addingOutput(.request(URLRequest(url: forecastURL)), for: HTTPIO.self)
/// // …a later run:
/// if case .response(let body)? = io.input(forToken: request) { … }
/// if let error = io.failure(forToken: request) as? NetworkRequestError { … }
/// if io.failure(forToken: request) is CancellationError { /* cancelled before it was sent */ }
/// ```
public enum HTTPIO: IOType {
    /// What a request gives back.
    ///
    /// ```swift
    /// if case .response(let body)? = io.input(forToken: request) { … }
    /// ```
    public enum Input: Sendable, Equatable {
        /// The body of a 2xx answer.
        case response(Data)
    }

    /// What the pure function asks for.
    ///
    /// ```swift
    /// io.addingOutput(.request(URLRequest(url: url)), for: HTTPIO.self)
    /// ```
    public enum Output: Sendable, Equatable {
        /// Send `request`; any method, headers and body it carries.
        case request(URLRequest)
    }
}

/// Performs ``HTTPIO`` outputs on a MasonNetwork transport — by default `URLSessionTransport`
/// retrying under the standard policy. A non-2xx answer, an unreachable host or a timeout is thrown as
/// `NetworkRequestError` and reaches the pure function as `io.failure(forToken:)`; cancelling the
/// output's token cancels the request.
///
/// ```swift
/// let http = HTTPIOHandler(transport: URLSessionTransport.shared.retrying(.standard))
/// let main = MainFactory.createMain(topLevelFunction: update, initialState: App(), handlers: http, TimersHandler())
/// ```
public final class HTTPIOHandler: IOHandling {
    /// The IO kind this handler performs.
    public typealias IO = HTTPIO

    private let transport: any Transport

    /// A handler on `URLSessionTransport.shared`, retrying under `HTTPRetryPolicy.standard`.
    ///
    /// ```swift
    /// let http = HTTPIOHandler()
    /// ```
    public convenience init() {
        self.init(transport: URLSessionTransport.shared.retrying())
    }

    /// A handler sending through `transport`.
    ///
    /// ```swift
    /// let http = HTTPIOHandler(transport: AsyncHTTPClientTransport())
    /// ```
    /// - Parameter transport: What sends the requests, with whatever retry, cache or logging it has.
    public init(transport: any Transport) {
        self.transport = transport
    }

    /// Sends the request and hands back the body of a 2xx answer.
    ///
    /// ```swift
    /// try await http.handle(output: .request(request), token: token) { input in print(input) }
    /// ```
    /// - Parameters:
    ///   - output: The request.
    ///   - token: The output's token.
    ///   - inputClosure: Receives `.response(body)`.
    /// - Throws: `NetworkRequestError`, `.canceledByUser` when the output was cancelled.
    public func handle(
        output: HTTPIO.Output, token: IOToken<HTTPIO>, inputClosure: @escaping @Sendable (HTTPIO.Input) -> Void
    ) async throws {
        switch output {
        case .request(let request):
            inputClosure(.response(try await requestAsync(request, transport: transport).value.get()))
        }
    }
}
