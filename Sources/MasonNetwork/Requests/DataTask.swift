public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
public import Mason

// The raw tasks: FunNetworking's `deferredDataTask` and `deferredDownloadTask`, keeping the HTTP
// response, with a typed error and an injectable transport.
//
// Every request function comes in three forms: `f(request)` uses `URLSessionTransport.shared` and has
// the seed's one-parameter shape, so `|> f` and `retry(f, …)` compile; `f(request, transport:)` takes a
// transport; `f(transport:)` returns the one-parameter function for a transport, so a chain reads
// `|> f(transport: stub)`.

/// A lazy request that keeps the HTTP response: FunNetworking's `deferredDataTask`, typed.
///
/// Each run checks the request (``validateRequest(_:)``), sends it through
/// ``URLSessionTransport/shared`` and validates the status (`validateResponse(_:acceptableStatus:)`).
/// A `nil` request fails with ``NetworkRequestError/invalidRequest`` without sending. The deferred is
/// lazy (nothing is sent until it runs; each run sends again) and `Sendable`; cancelling a run stops
/// the request and reports ``NetworkRequestError/canceledByUser`` once.
///
/// ```swift
/// let task = dataTask(URLRequest(url: url))
/// if case .success(let (data, response)) = await task.value {
///     print(response.statusCode, data.count)   // 200 1024
/// }
/// ```
/// - Parameter request: The request, or `nil`.
/// - Returns: A deferred body and response, or the reason the request failed.
public func dataTask(_ request: URLRequest?) -> Deferred<Result<(Data, HTTPURLResponse), NetworkRequestError>> {
    dataTask(request, transport: URLSessionTransport.shared)
}

/// A lazy request through `transport` that keeps the HTTP response; see ``dataTask(_:)``.
///
/// ```swift
/// let task = dataTask(request, transport: StubTransport(.json(#"{"ok": true}"#)))
/// await task.value   // .success((data, response)) with response.statusCode == 200
/// ```
/// - Parameters:
///   - request: The request, or `nil`.
///   - transport: What sends the request.
/// - Returns: A deferred body and response, or the reason the request failed.
public func dataTask(
    _ request: URLRequest?, transport: any Transport
) -> Deferred<Result<(Data, HTTPURLResponse), NetworkRequestError>> {
    Deferred {
        await exchange(request, transport: transport).flatMap { answer in
            Result { () throws(NetworkRequestError) in try foundationResponse(answer) }
        }
    }
}

/// ``dataTask(_:transport:)`` for one transport, as a one-parameter function for chains.
///
/// ```swift
/// let task = request |> dataTask(transport: transport)
/// ```
/// - Parameter transport: What sends the requests.
/// - Returns: A function from a request to its deferred body and response.
public func dataTask(
    transport: any Transport
) -> @Sendable (URLRequest?) -> Deferred<Result<(Data, HTTPURLResponse), NetworkRequestError>> {
    { dataTask($0, transport: transport) }
}

/// A lazy download into a file that keeps the HTTP response: FunNetworking's `deferredDownloadTask`, typed.
///
/// Each run checks the request, downloads the body through ``URLSessionTransport/shared`` into a new
/// file, and validates the status: for a status outside 2xx the file's first MiB is read into
/// ``NetworkRequestError/invalidResponse(_:)`` (enough for any error page, and bounded however large
/// the body) and the file is removed. On success the caller owns the file and
/// should move or delete it. Lazy, `Sendable`; cancelling a run stops the download and reports
/// ``NetworkRequestError/canceledByUser`` once.
///
/// ```swift
/// if case .success(let (file, _)) = await downloadTask(URLRequest(url: url)).value {
///     try FileManager.default.moveItem(at: file, to: destination)
/// }
/// ```
/// - Parameter request: The request, or `nil`.
/// - Returns: A deferred file URL and response, or the reason the download failed.
public func downloadTask(_ request: URLRequest?) -> Deferred<Result<(URL, HTTPURLResponse), NetworkRequestError>> {
    downloadTask(request, transport: URLSessionTransport.shared)
}

/// A lazy download through `transport` that keeps the HTTP response; see ``downloadTask(_:)``.
///
/// ```swift
/// let result = await downloadTask(request, transport: transport).value   // .success((file, response))
/// ```
/// - Parameters:
///   - request: The request, or `nil`.
///   - transport: What downloads the body.
/// - Returns: A deferred file URL and response, or the reason the download failed.
public func downloadTask(
    _ request: URLRequest?, transport: any Transport
) -> Deferred<Result<(URL, HTTPURLResponse), NetworkRequestError>> {
    Deferred { await downloadExchange(request, transport: transport) }
}

/// ``downloadTask(_:transport:)`` for one transport, as a one-parameter function for chains.
///
/// ```swift
/// let download = request |> downloadTask(transport: transport)
/// ```
/// - Parameter transport: What downloads the bodies.
/// - Returns: A function from a request to its deferred file URL and response.
public func downloadTask(
    transport: any Transport
) -> @Sendable (URLRequest?) -> Deferred<Result<(URL, HTTPURLResponse), NetworkRequestError>> {
    { downloadTask($0, transport: transport) }
}
