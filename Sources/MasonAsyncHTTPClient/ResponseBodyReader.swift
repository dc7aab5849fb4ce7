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
/// - Idle: when no piece arrives for `idleTimeout`, reading fails with `HTTPClientError.readTimeout`. A
///   watchdog task sleeps until the last piece's time plus the timeout, so it wakes once per timeout,
///   not once per piece.
struct ResponseBodyReader: Sendable {
    /// The largest body accepted, in bytes, or `nil` for no limit.
    let limit: Int?
    /// The longest wait for the next piece, or `nil` to wait for ever.
    let idleTimeout: Duration?

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
        let lastPiece = Locked(ContinuousClock.now)
        return try await withThrowingTaskGroup(of: Output?.self) { group in
            group.addTask {
                var output = output
                var received = 0
                for try await piece in response.body {
                    lastPiece.withLock { $0 = .now }
                    received += piece.readableBytes
                    if let limit, received > limit { throw NetworkRequestError.bodyTooLarge(limit: limit) }
                    try append(&output, piece)
                }
                return output
            }
            if let idleTimeout {
                group.addTask {
                    try await Self.watch(lastPiece, idleTimeout: idleTimeout)
                    return nil
                }
            }
            defer { group.cancelAll() }
            // The reading task returns the output or throws; the watchdog only throws.
            while let finished = try await group.next() {
                if let output = finished { return output }
            }
            throw CancellationError()
        }
    }

    /// Returns never; throws `HTTPClientError.readTimeout` once `idleTimeout` has passed since `lastPiece`,
    /// or `CancellationError` when cancelled.
    private static func watch(_ lastPiece: Locked<ContinuousClock.Instant>, idleTimeout: Duration) async throws {
        while true {
            let due = lastPiece.withLock { $0 } + idleTimeout
            if ContinuousClock.now >= due { throw HTTPClientError.readTimeout }
            try await Task.sleep(until: due, clock: .continuous)
        }
    }
}
