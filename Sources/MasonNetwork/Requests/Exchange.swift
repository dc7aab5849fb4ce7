import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The one path every request function takes: check the request, send it through the transport,
// translate the transport's error, validate the response.

/// Sends `request` through `transport` and validates the answer.
///
/// Nothing is sent when the request is `nil` (``NetworkRequestError/invalidRequest``), when
/// ``validateRequest(_:)`` rejects it (here, or in a transport that runs it itself), or when the
/// calling task is already cancelled (``NetworkRequestError/canceledByUser``). A task cancelled while
/// the request was in flight gets ``NetworkRequestError/canceledByUser`` too, even from a transport
/// that answered anyway or failed with another error: a cancelled request has one answer, however it
/// is run.
/// The response arrives as a ``ResponseHead``: an `HTTPURLResponse` is built only by the callers
/// that hand one out.
func exchange(
    _ request: URLRequest?, transport: any Transport
) async -> Result<(Data, ResponseHead), NetworkRequestError> {
    let prepared: URLRequest
    switch prepare(request, for: transport) {
    case .success(let request): prepared = request
    case .failure(let failure): return .failure(failure)
    }
    do {
        let answer = try await transport.response(to: prepared)
        if Task.isCancelled { return .failure(.canceledByUser) }
        return validateResponse(answer)
    } catch {
        if Task.isCancelled { return .failure(.canceledByUser) }
        return .failure(NetworkRequestError(error))
    }
}

/// Downloads the body of the answer to `request` through `transport` into a file and validates the
/// answer; for a rejected status the body's first ``rejectedDownloadBodyLimit`` bytes are read back
/// into the error and the file is removed. A cancelled download answers
/// ``NetworkRequestError/canceledByUser``, as `exchange(_:transport:)` does.
func downloadExchange(
    _ request: URLRequest?, transport: any Transport
) async -> Result<(URL, HTTPURLResponse), NetworkRequestError> {
    let prepared: URLRequest
    switch prepare(request, for: transport) {
    case .success(let request): prepared = request
    case .failure(let failure): return .failure(failure)
    }
    do {
        let (file, response) = try await transport.download(prepared)
        if Task.isCancelled {
            try? FileManager.default.removeItem(at: file)
            return .failure(.canceledByUser)
        }
        guard (200..<300).contains(response.statusCode) else {
            let body = (try? leadingBytes(of: file, upTo: rejectedDownloadBodyLimit)) ?? Data()
            try? FileManager.default.removeItem(at: file)
            return .failure(.invalidResponse(HTTPResponseDetails(response, body: body)))
        }
        return .success((file, response))
    } catch {
        if Task.isCancelled { return .failure(.canceledByUser) }
        return .failure(NetworkRequestError(error))
    }
}

/// How much of a rejected download's body its error keeps: 1 MiB. A download is chosen for a body too
/// large to hold in memory, and an error page needs far less to say what went wrong.
let rejectedDownloadBodyLimit = 1 << 20

/// The first `count` bytes of `file` (all of it if it is shorter), read without reading the rest.
private func leadingBytes(of file: URL, upTo count: Int) throws -> Data {
    let handle = try FileHandle(forReadingFrom: file)
    defer { try? handle.close() }
    return try handle.read(upToCount: count) ?? Data()
}

private func prepare(_ request: URLRequest?, for transport: any Transport) -> Result<URLRequest, NetworkRequestError> {
    guard let request else { return .failure(.invalidRequest) }
    if Task.isCancelled { return .failure(.canceledByUser) }
    // The transport's own validation fails the same way, before anything is sent.
    if transport is any RequestValidatingTransport { return .success(request) }
    return validateRequest(request)
}
