import AsyncHTTPClient
import Mason
import MasonNetwork
import NIOCore

/// Reads a response body piece by piece into an output — a `Data`, a file — within a size limit and
/// an idle timeout.
///
/// - Over the limit: a `Content-Length` above it fails before anything is read, and a body that grows
///   past it fails as soon as it does, with `NetworkRequestError.bodyTooLarge(limit:)`. Either way the
///   body stops being read, which makes the client close the connection.
/// - Idle: when no piece arrives for `idleTimeout`, reading fails with `HTTPClientError.readTimeout`.
///   The body is read in a task of its own, and the transport's ``IdleWatchdog`` cancels that task (never
///   the caller's) once the timeout has passed since the last piece. No timer is armed per request.
struct ResponseBodyReader: Sendable {
    /// The largest body accepted, in bytes, or `nil` for no limit.
    let limit: Int?
    /// The longest wait for the next piece, or `nil` to wait for ever.
    let idleTimeout: Duration?
    /// What cancels the reading when it idles.
    let watchdog: IdleWatchdog

    /// Reads the body of `response`, giving each piece to `append` with `output`, and returns `output`.
    func read<Output: Sendable>(
        _ response: HTTPClientResponse,
        into output: Output,
        appending append: @escaping @Sendable (inout Output, ByteBuffer) throws -> Void
    ) async throws -> Output {
        let announced = response.headers.first(name: "Content-Length").flatMap { Int($0) }
        if let limit, let announced, announced > limit {
            throw NetworkRequestError.bodyTooLarge(limit: limit)
        }
        guard let idleTimeout else {
            return try await Self.collect(response.body, limit: limit, into: output, appending: append) {}
        }
        let id = watchdog.makeID()
        let reading = Task { [limit, watchdog] in
            try await Self.collect(response.body, limit: limit, into: output, appending: append) { watchdog.touch(id) }
        }
        watchdog.watch(id, timeout: TimeAmount(idleTimeout)) { reading.cancel() }
        let outcome: Result<Output, any Error>
        do {
            outcome = .success(try await withTaskCancellationHandler { try await reading.value } onCancel: { reading.cancel() })
        } catch {
            outcome = .failure(error)
        }
        let expired = !watchdog.unwatch(id)
        if case .failure = outcome, expired { throw HTTPClientError.readTimeout }
        return try outcome.get()
    }

    /// Appends every piece of `body` to `output`, within `limit`, calling `onPiece` as each arrives.
    private static func collect<Output>(
        _ body: HTTPClientResponse.Body,
        limit: Int?,
        into output: Output,
        appending append: (inout Output, ByteBuffer) throws -> Void,
        onPiece: () -> Void
    ) async throws -> Output {
        var output = output
        var received = 0
        for try await piece in body {
            onPiece()
            received += piece.readableBytes
            if let limit, received > limit { throw NetworkRequestError.bodyTooLarge(limit: limit) }
            try append(&output, piece)
        }
        return output
    }
}
