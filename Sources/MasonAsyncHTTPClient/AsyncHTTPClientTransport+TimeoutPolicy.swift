import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MasonNetwork
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

extension AsyncHTTPClientTransport {
    /// What a request's `timeoutInterval` bounds, and so which of the client's APIs the transport runs on.
    ///
    /// ```swift
    /// let transport = AsyncHTTPClientTransport(client: client, timeoutPolicy: .headDeadline)
    /// transport.timeoutPolicy   // .headDeadline
    /// ```
    public enum TimeoutPolicy: Sendable, Hashable {
        /// Every wait — for a connection, for the response head, between two pieces of the body — as an
        /// idle timeout: URLSession's meaning, and the default. The transport runs on the client's
        /// delegate API, which with many requests in flight costs throughput (see
        /// ``AsyncHTTPClientTransport``).
        ///
        /// ```swift
        /// AsyncHTTPClientTransport().timeoutPolicy == .idle   // true
        /// ```
        case idle

        /// The wait for the response head — a connection, the request sent, the head, and any
        /// redirect — as a deadline counted from the start; between pieces of the body the client's own
        /// `configuration.timeout.read` applies instead (90 seconds on `HTTPClient.shared`; none on a
        /// client made with `HTTPClient.Configuration()`, where a body that stalls waits until the task
        /// is cancelled — set one, as below). The
        /// transport runs on the client's async API, the one async-http-client's users call, and with
        /// many requests in flight keeps most of the throughput that ``idle`` gives up. Downloads keep
        /// the idle timeout.
        ///
        /// ```swift
        /// var configuration = HTTPClient.Configuration()
        /// configuration.timeout.read = .seconds(5)   // between two pieces of a body
        /// let client = HTTPClient(eventLoopGroup: .singletonMultiThreadedEventLoopGroup, configuration: configuration)
        /// let transport = AsyncHTTPClientTransport(client: client, timeoutPolicy: .headDeadline)
        /// ```
        case headDeadline
    }

    /// Checks and sends `request` on the client's async API, with the request's timeout as a deadline
    /// for the head, and reads the body within the size limit (``TimeoutPolicy/headDeadline``).
    ///
    /// A body over the limit stops the read: the response's body stream is dropped, and the client
    /// closes the connection.
    func exchangeWithHeadDeadline(_ request: URLRequest) async throws(NetworkRequestError) -> (Data, ResponseHead) {
        let prepared = try checked(request)
        let deadline = Self.timeout(of: prepared).map { NIODeadline.now() + TimeAmount($0) } ?? .distantFuture
        do {
            let response = try await client.execute(try HTTPClientRequest(prepared), deadline: deadline)
            let hasNoBody = answerHasNoBody(method: prepared.httpMethod, status: Int(response.status.code))
            // The client takes a 204's `Content-Length` for a body's: only the limit would misjudge it.
            let body = try await hasNoBody ? response.body.collect(upTo: .max) : collect(response.body)
            // The URL of the last request sent: the request's own, or after a redirect the last the client
            // recorded in `history` (parsed only then).
            let redirected = response.history.count > 1 ? response.url : nil
            guard let url = redirected ?? prepared.url else { throw NetworkRequestError.noResponse }
            let head = HTTPResponseHead(version: response.version, status: response.status, headers: response.headers)
            return (Data(buffer: body), ResponseHead(head, from: url))
        } catch {
            throw Self.networkError(from: error, taskIsCancelled: Task.isCancelled)
        }
    }

    /// The whole of `body`, within ``maximumBodySize``: a `Content-Length` over it fails before anything
    /// is read (the caller skips it for an answer without a body), and a body that grows past it fails as
    /// soon as it does, with `.bodyTooLarge(limit:)`.
    private func collect(_ body: HTTPClientResponse.Body) async throws -> ByteBuffer {
        guard let limit = maximumBodySize else { return try await body.collect(upTo: .max) }
        do {
            return try await body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw NetworkRequestError.bodyTooLarge(limit: limit)
        }
    }
}
