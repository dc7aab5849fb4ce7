import AsyncHTTPClient
package import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
package import MasonNetwork
import NIOCore
import NIOHTTP1
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// How async-http-client's and SwiftNIO's errors become `NetworkRequestError`s, with the `URLError` code
// URLSession would report for the same failure, so callers handle both transports alike.

extension AsyncHTTPClientTransport {
    /// The network error for `error`, thrown while sending a request.
    ///
    /// - any failure of a cancelled task, `CancellationError` and `HTTPClientError.cancelled` →
    ///   `.canceledByUser` (a request cancelled while it waits for a connection fails with the last
    ///   connection error, not with a cancellation);
    /// - a deadline, read, write, connect or handshake timeout → `.failed(…, code: .timedOut)`;
    /// - a refused connection (whatever wraps the `ECONNREFUSED`) → `.failed(…, code: .cannotConnectToHost)`;
    /// - a connection the server closed or reset, before the response or inside its body →
    ///   `.failed(…, code: .networkConnectionLost)`;
    /// - a host name that does not resolve → `.failed(…, code: .cannotFindHost)`;
    /// - a redirect loop, or more redirects than the client follows → `.failed(…, code: .httpTooManyRedirects)`;
    /// - a URL the client cannot send to (no host, a scheme other than HTTP) → `.failed(…, code: .unsupportedURL)`;
    /// - a request body stream read before → `.failed(…, code: .requestBodyStreamExhausted)`;
    /// - a `NetworkRequestError` is kept; anything else → `.failed(description:code: nil)`.
    ///
    /// The description is the client's own, `String(describing: error)`.
    package static func networkError(from error: any Error, taskIsCancelled: Bool) -> NetworkRequestError {
        if let error = error as? NetworkRequestError, !taskIsCancelled { return error }
        if taskIsCancelled || error is CancellationError || error as? HTTPClientError == .cancelled {
            return .canceledByUser
        }
        return .failed(description: String(describing: error), code: urlErrorCode(for: error))
    }

    /// The `URLError` code URLSession would give for `error`, or `nil`; errors nested in `error` are
    /// looked at down to `depth` levels.
    package static func urlErrorCode(for error: any Error, depth: Int = 4) -> URLError.Code? {
        switch error {
        case let error as URLError:
            error.code  // Mason's own, from a request body stream that cannot be read again
        case let error as HTTPClientError:
            urlErrorCode(for: error)
        case let error as IOError:
            urlErrorCode(forErrno: error.errnoCode)
        case let error as ChannelError:
            urlErrorCode(for: error)
        case let error as NIOConnectionError:
            urlErrorCode(for: error)
        case HTTPParserError.invalidEOFState:
            // The connection closed inside a response: a body shorter than its `Content-Length`, or a
            // chunked body without its last chunk.
            .networkConnectionLost
        case is SocketAddressError.UnknownHost, SocketAddressError.unknown:
            // SwiftNIO's resolvers fail with `UnknownHost` since 2.98; before, with the deprecated case.
            .cannotFindHost
        default:
            // Another error may wrap the one that says what happened: look for it inside.
            nestedCode(in: error, depth: depth)
        }
    }

    /// SwiftNIO's error for a host it could not connect to: the code of the first connection attempt
    /// that has one, or `.cannotFindHost` when the name resolved to no address, so nothing was tried.
    /// An attempt's failure comes first because a lookup can fail beside it: `localhost` with no IPv6
    /// entry fails its AAAA lookup while the refused IPv4 attempt is what matters.
    private static func urlErrorCode(for error: NIOConnectionError) -> URLError.Code? {
        guard !error.connectionErrors.isEmpty else { return .cannotFindHost }
        return error.connectionErrors.lazy.compactMap { urlErrorCode(for: $0.error) }.first
    }

    private static func urlErrorCode(for error: HTTPClientError) -> URLError.Code? {
        let timeouts: [HTTPClientError] = [
            .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout,
            .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout
        ]
        if timeouts.contains(error) { return .timedOut }
        if error == .remoteConnectionClosed { return .networkConnectionLost }
        if error == .redirectCycleDetected || error == .redirectLimitReached { return .httpTooManyRedirects }
        // `unsupportedScheme` carries the scheme, so only its description names it.
        if [.emptyScheme, .emptyHost, .invalidURL].contains(error)
            || String(describing: error).hasPrefix("HTTPClientError.unsupportedScheme")
        {
            return .unsupportedURL
        }
        return nil
    }

    private static func urlErrorCode(for error: ChannelError) -> URLError.Code? {
        switch error {
        case .connectTimeout: .timedOut
        case .eof, .ioOnClosedChannel, .alreadyClosed, .inputClosed, .outputClosed: .networkConnectionLost
        default: nil
        }
    }

    private static func urlErrorCode(forErrno code: CInt) -> URLError.Code? {
        switch code {
        case ECONNREFUSED: .cannotConnectToHost
        case ECONNRESET, ECONNABORTED, EPIPE, ENOTCONN: .networkConnectionLost
        case ETIMEDOUT: .timedOut
        default: nil
        }
    }

    /// The first code of an error stored in `value`, or in the values it stores (as the attempts of
    /// `NIOConnectionError.connectionErrors` are), down to `depth` levels; or `nil`.
    private static func nestedCode(in value: Any, depth: Int) -> URLError.Code? {
        guard depth > 0 else { return nil }
        for child in Mirror(reflecting: value).children {
            let code =
                if let error = child.value as? any Error {
                    urlErrorCode(for: error, depth: depth - 1)
                } else {
                    nestedCode(in: child.value, depth: depth - 1)
                }
            if let code { return code }
        }
        return nil
    }
}
