public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Sends a request and returns what the server answered: the one seam between MasonNetwork and the
/// network.
///
/// A transport only moves bytes. It returns every HTTP response, whatever its status; the request
/// functions (``requestAsync(_:transport:)``, ``requestAsyncR(_:)``, ``dataTask(_:transport:)``, …)
/// check the request before it is sent (``validateRequest(_:)``), validate the status
/// (`validateResponse(_:acceptableStatus:)`) and decode, so every transport — ``URLSessionTransport``,
/// a test double such as MasonTesting's `StubTransport`, a transport on another HTTP client — gets the
/// same checks.
///
/// A transport may throw any error; the request functions translate it in one place,
/// ``NetworkRequestError/init(_:)`` (`CancellationError` and `URLError(.cancelled)` become
/// ``NetworkRequestError/canceledByUser``). A transport must stop its request when the calling task is
/// cancelled.
///
/// ```swift
/// struct Canned: Transport {
///     func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
///         let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: [:])!
///         return (Data("ok".utf8), response)
///     }
/// }
/// let data = await requestAsync(request, transport: Canned()).value   // .success(Data("ok".utf8))
/// ```
public protocol Transport: Sendable {
    /// Sends `request` and returns the body and the HTTP response, whatever its status.
    ///
    /// ```swift
    /// let (data, response) = try await transport.send(request)
    /// ```
    /// - Parameter request: The request, already checked by ``validateRequest(_:)``.
    /// - Returns: The response body and the response.
    /// - Throws: Any error; see ``NetworkRequestError/init(_:)`` for how it is reported.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)

    /// Sends `request` and returns the body and the head of the response, whatever its status: what
    /// ``requestAsync(_:transport:)`` and the other request functions that hand out no
    /// `HTTPURLResponse` call.
    ///
    /// The default implementation calls ``send(_:)`` and wraps its response. A transport that receives
    /// the response in another form than an `HTTPURLResponse` implements this method too, so that
    /// those functions never build one (MasonAsyncHTTPClient's transport does); a decorator implements
    /// it to pass such a head through.
    ///
    /// ```swift
    /// let (data, head) = try await transport.response(to: request)
    /// head.statusCode   // 200
    /// ```
    /// - Parameter request: The request, already checked by ``validateRequest(_:)``.
    /// - Returns: The response body and the head of the response.
    /// - Throws: Any error; see ``NetworkRequestError/init(_:)`` for how it is reported.
    func response(to request: URLRequest) async throws -> (Data, ResponseHead)

    /// Downloads the body of the response to `request` into a file and returns the file's URL and the
    /// response, whatever its status. The caller owns the file and should move or delete it.
    ///
    /// The default implementation sends the request with ``send(_:)`` and writes the body to a new file
    /// in the temporary directory.
    ///
    /// ```swift
    /// let (file, response) = try await transport.download(request)
    /// ```
    /// - Parameter request: The request, already checked by ``validateRequest(_:)``.
    /// - Returns: The URL of the downloaded file and the response.
    /// - Throws: Any error; see ``NetworkRequestError/init(_:)`` for how it is reported.
    func download(_ request: URLRequest) async throws -> (URL, HTTPURLResponse)
}

extension Transport {
    /// Sends the request with ``send(_:)`` and wraps the `HTTPURLResponse` it returns.
    ///
    /// ```swift
    /// let (data, head) = try await StubTransport(.text("hello")).response(to: request)   // head.statusCode == 200
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The body and the head of the response.
    /// - Throws: What ``send(_:)`` throws.
    public func response(to request: URLRequest) async throws -> (Data, ResponseHead) {
        let (data, response) = try await send(request)
        return (data, ResponseHead(response))
    }

    /// Downloads by sending the request with ``send(_:)`` and writing the body to a new temporary file.
    ///
    /// ```swift
    /// let (file, _) = try await StubTransport(.text("hello")).download(request)
    /// try Data(contentsOf: file)   // "hello"
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The URL of a new file holding the body, and the response.
    /// - Throws: What ``send(_:)`` throws, or the error of writing the file.
    public func download(_ request: URLRequest) async throws -> (URL, HTTPURLResponse) {
        let (data, response) = try await send(request)
        let file = temporaryDownloadURL()
        try data.write(to: file)
        return (file, response)
    }
}

/// A new, unused file URL in the temporary directory, for a downloaded body.
package func temporaryDownloadURL() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("mason-download-\(UUID().uuidString)")
}

/// Creates an empty file at `file` (a ``temporaryDownloadURL()``), for a download written piece by piece.
package func createEmptyFile(at file: URL) throws {
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
    }
}

/// Whether the answer to a `method` request with `status` carries no body, whatever its
/// `Content-Length` says: an answer to `HEAD`, and a 1xx, 204 or 304 (RFC 9110 §6.4.1; a 304's length
/// is that of the representation it stands for). A size limit does not judge what such a head announces.
package func answerHasNoBody(method: String?, status: Int) -> Bool {
    method == "HEAD" || (100..<200).contains(status) || status == 204 || status == 304
}
