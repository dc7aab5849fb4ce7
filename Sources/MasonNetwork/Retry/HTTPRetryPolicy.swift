public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
public import Mason

/// When an HTTP request is worth sending again, and how long to wait first: the rules that
/// ``RetryingTransport`` applies on top of Mason's retry engine.
///
/// A request is retried only when **all** of these hold:
/// - its method is in ``retryableMethods`` (by default the idempotent ones, so a `POST` is never sent
///   twice);
/// - its body is not a stream (`httpBodyStream`), which the first attempt reads up;
/// - it got a response whose status is in ``retryableStatusCodes``, or it failed with a connection
///   error accepted by ``isRetryable(_:)`` (a `URLError`, or ``NetworkRequestError/failed(description:code:)``,
///   whose code is in ``retryableURLErrorCodes``);
/// - the ``schedule`` has an attempt left and its total `RetryPolicy/budget` is not used up;
/// - the task is not cancelled. A cancellation (`CancellationError`, `URLError(.cancelled)`,
///   ``NetworkRequestError/canceledByUser``) is never retried.
///
/// The wait is the schedule's backoff, unless ``honorsRetryAfter`` is on and the response carries a
/// readable `Retry-After` (seconds or an HTTP-date, see ``RetryAfter``): then the server's wait is used
/// instead — and when it is longer than the schedule's `RetryPolicy/maximumDelay`, the response is
/// not retried (``RetryingTransport`` returns it at once).
///
/// | | ``standard`` | ``alamofire`` |
/// |---|---|---|
/// | retries | 3 | 2 |
/// | backoff | 0.5 s, 1 s, 2 s, full jitter | 0.5 s, 1 s, no jitter |
/// | longest wait, total budget | 30 s, 60 s | none, none |
/// | statuses | 408, 429, 500, 502, 503, 504 | 408, 500, 502, 503, 504 |
/// | `Retry-After` | honoured | ignored |
///
/// ```swift
/// var policy = HTTPRetryPolicy.standard
/// policy.shouldRetry(method: .get)         // true
/// policy.shouldRetry(method: .post)        // false
/// policy.shouldRetry(status: 429)          // true
/// policy.isRetryable(URLError(.timedOut))  // true
/// policy.retryableStatusCodes.insert(409)  // also retry conflicts
/// let transport = URLSessionTransport.shared.retrying(policy)
/// ```
///
/// `HTTPRetryPolicy` is a `Sendable` value.
public struct HTTPRetryPolicy: Sendable {
    /// How many attempts, and how long to wait between them: Mason's core `RetryPolicy` (backoff,
    /// jitter, maximum delay, total budget, random source).
    ///
    /// ```swift
    /// HTTPRetryPolicy.standard.schedule.maximumAttempts   // 4
    /// ```
    public var schedule: RetryPolicy

    /// The methods whose requests may be sent again (default: the idempotent ones — GET, HEAD, PUT,
    /// DELETE, OPTIONS, TRACE). Method names are compared upper-cased.
    ///
    /// ```swift
    /// var policy = HTTPRetryPolicy.standard
    /// policy.retryableMethods.insert(.post)   // only if your POSTs carry an idempotency key
    /// ```
    public var retryableMethods: Set<HTTPMethod>

    /// The response statuses worth another attempt (default 408, 429, 500, 502, 503, 504).
    ///
    /// ```swift
    /// HTTPRetryPolicy.standard.retryableStatusCodes.contains(429)    // true
    /// HTTPRetryPolicy.alamofire.retryableStatusCodes.contains(429)   // false
    /// ```
    public var retryableStatusCodes: Set<HTTPStatusCode>

    /// The `URLError` codes of connection failures worth another attempt (default:
    /// ``defaultRetryableURLErrorCodes``).
    ///
    /// ```swift
    /// HTTPRetryPolicy.standard.retryableURLErrorCodes.contains(.networkConnectionLost)   // true
    /// ```
    public var retryableURLErrorCodes: Set<URLError.Code>

    /// Whether a response's `Retry-After` (seconds or HTTP-date) replaces the backoff before the next
    /// attempt (default `true`). The server's wait is not jittered; one longer than
    /// `RetryPolicy/maximumDelay` is not waited for, and the response is not retried.
    ///
    /// ```swift
    /// HTTPRetryPolicy.standard.honorsRetryAfter    // true
    /// HTTPRetryPolicy.alamofire.honorsRetryAfter   // false
    /// ```
    public var honorsRetryAfter: Bool

    /// Creates a policy; every parameter defaults to the ``standard`` policy's value.
    ///
    /// ```swift
    /// let patient = HTTPRetryPolicy(
    ///     schedule: RetryPolicy(retries: 5, backoff: .exponential(initial: .seconds(1)), jitter: .full,
    ///                           maximumDelay: .seconds(60), budget: .seconds(300)),
    ///     retryableStatusCodes: [429, 503]
    /// )
    /// ```
    /// - Parameters:
    ///   - schedule: Attempts and waits (default ``standardSchedule``).
    ///   - retryableMethods: The methods that may be retried (default ``idempotentMethods``).
    ///   - retryableStatusCodes: The statuses that are retried (default ``defaultRetryableStatusCodes``).
    ///   - retryableURLErrorCodes: The connection failures that are retried (default
    ///     ``defaultRetryableURLErrorCodes``).
    ///   - honorsRetryAfter: Whether `Retry-After` replaces the backoff (default `true`).
    public init(
        schedule: RetryPolicy = HTTPRetryPolicy.standardSchedule,
        retryableMethods: Set<HTTPMethod> = HTTPRetryPolicy.idempotentMethods,
        retryableStatusCodes: Set<HTTPStatusCode> = HTTPRetryPolicy.defaultRetryableStatusCodes,
        retryableURLErrorCodes: Set<URLError.Code> = HTTPRetryPolicy.defaultRetryableURLErrorCodes,
        honorsRetryAfter: Bool = true
    ) {
        self.schedule = schedule
        self.retryableMethods = retryableMethods
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableURLErrorCodes = retryableURLErrorCodes
        self.honorsRetryAfter = honorsRetryAfter
    }

    // MARK: Decisions

    /// Whether requests with `method` may be retried at all.
    ///
    /// ```swift
    /// HTTPRetryPolicy.standard.shouldRetry(method: .put)      // true
    /// HTTPRetryPolicy.standard.shouldRetry(method: "patch")   // false
    /// ```
    /// - Parameter method: The request's method.
    /// - Returns: `true` when the method is in ``retryableMethods``.
    public func shouldRetry(method: HTTPMethod) -> Bool {
        retryableMethods.contains(HTTPMethod(method.rawValue.uppercased()))
    }

    /// Whether `request` may be retried at all, judged by its method (`GET` when it has none) and its
    /// body: one given as a stream (`httpBodyStream`) is read as it is sent, so it cannot be sent again.
    ///
    /// ```swift
    /// var request = URLRequest(url: url)
    /// HTTPRetryPolicy.standard.shouldRetry(request)   // true (GET)
    /// request.httpMethod = "POST"
    /// HTTPRetryPolicy.standard.shouldRetry(request)   // false
    /// ```
    /// - Parameter request: The request.
    /// - Returns: `true` when its method is in ``retryableMethods``, its body is no stream, and the
    ///   schedule allows a retry.
    public func shouldRetry(_ request: URLRequest) -> Bool {
        schedule.maximumAttempts > 1 && request.httpBodyStream == nil
            && shouldRetry(method: HTTPMethod(request.httpMethod ?? "GET"))
    }

    /// Whether `response` asks, with a `Retry-After` this policy honors, for a longer wait than the
    /// schedule's maximum delay: it is then returned rather than retried sooner than the server said.
    ///
    /// ```swift
    /// HTTPRetryPolicy.standard.retryAfterExceedsMaximumDelay(in: headWithRetryAfter3600, now: Date())   // true
    /// ```
    /// - Parameters:
    ///   - response: A response with a retryable status.
    ///   - now: The current date, for an HTTP-date `Retry-After`.
    /// - Returns: `true` when the response must not be retried.
    package func retryAfterExceedsMaximumDelay(in response: ResponseHead, now: Date) -> Bool {
        guard honorsRetryAfter, let maximum = schedule.maximumDelay,
            let wait = RetryAfter.delay(in: response, now: now)
        else { return false }
        return wait > maximum
    }

    /// Whether a response with `status` is worth another attempt.
    ///
    /// ```swift
    /// HTTPRetryPolicy.standard.shouldRetry(status: 503)   // true
    /// HTTPRetryPolicy.standard.shouldRetry(status: 404)   // false
    /// ```
    /// - Parameter status: The response's status code.
    /// - Returns: `true` when the status is in ``retryableStatusCodes``.
    public func shouldRetry(status: HTTPStatusCode) -> Bool {
        retryableStatusCodes.contains(status)
    }

    /// Whether a transport error is a connection failure worth another attempt: a `URLError`, or a
    /// ``NetworkRequestError/failed(description:code:)``, whose code is in ``retryableURLErrorCodes``.
    /// A cancellation never is.
    ///
    /// ```swift
    /// let policy = HTTPRetryPolicy.standard
    /// policy.isRetryable(URLError(.cannotConnectToHost))                              // true
    /// policy.isRetryable(NetworkRequestError.failed(description: "", code: .timedOut)) // true
    /// policy.isRetryable(URLError(.cancelled))                                        // false
    /// policy.isRetryable(NetworkRequestError.bodyTooLarge(limit: 10))                 // false
    /// ```
    /// - Parameter error: What the transport threw.
    /// - Returns: `true` when the error is retryable.
    public func isRetryable(_ error: any Error) -> Bool {
        switch error {
        case is CancellationError:
            return false
        case let error as URLError:
            return error.code != .cancelled && retryableURLErrorCodes.contains(error.code)
        case NetworkRequestError.failed(_, .some(let code)):
            return code != .cancelled && retryableURLErrorCodes.contains(code)
        default:
            return false
        }
    }

    // MARK: Defaults

    /// The default schedule: 3 retries (4 attempts), exponential backoff from 0.5 s doubling each time
    /// (0.5 s, 1 s, 2 s) with full jitter (each wait uniformly random in `0...backoff`), no single wait
    /// longer than 30 s, and at most 60 s for all retries together.
    ///
    /// ```swift
    /// let schedule = HTTPRetryPolicy.standardSchedule
    /// schedule.delay(beforeRetry: 3, randomUnit: 0.5)   // 1 second (half of 2 s)
    /// schedule.budget                                   // 60 seconds
    /// ```
    public static var standardSchedule: RetryPolicy {
        RetryPolicy(
            retries: 3,
            backoff: .exponential(initial: .milliseconds(500), multiplier: 2),
            jitter: .full,
            maximumDelay: .seconds(30),
            budget: .seconds(60)
        )
    }

    /// The idempotent methods (RFC 9110 §9.2.2): GET, HEAD, PUT, DELETE, OPTIONS, TRACE.
    ///
    /// ```swift
    /// HTTPRetryPolicy.idempotentMethods.contains(.post)   // false
    /// ```
    public static var idempotentMethods: Set<HTTPMethod> {
        [.get, .head, .put, .delete, .options, .trace]
    }

    /// The statuses retried by default: 408 Request Timeout, 429 Too Many Requests, 500 Internal Server
    /// Error, 502 Bad Gateway, 503 Service Unavailable, 504 Gateway Timeout.
    ///
    /// ```swift
    /// HTTPRetryPolicy.defaultRetryableStatusCodes.sorted()   // [408, 429, 500, 502, 503, 504]
    /// ```
    public static var defaultRetryableStatusCodes: Set<HTTPStatusCode> {
        [408, 429, 500, 502, 503, 504]
    }

    /// The connection failures retried by default: the request timed out, the host could not be found
    /// or reached, the connection was lost or closed without an answer, or the device is offline —
    /// failures where a new attempt may well find the server healthy.
    ///
    /// `timedOut`, `cannotFindHost`, `cannotConnectToHost`, `networkConnectionLost`, `dnsLookupFailed`,
    /// `notConnectedToInternet`, `cannotLoadFromNetwork`, `badServerResponse`. The last one is how
    /// URLSession on Linux reports a connection the server closed before answering ("Empty reply from
    /// server"); Alamofire retries it too.
    ///
    /// ```swift
    /// HTTPRetryPolicy.defaultRetryableURLErrorCodes.contains(.dnsLookupFailed)   // true
    /// HTTPRetryPolicy.defaultRetryableURLErrorCodes.contains(.badURL)            // false
    /// ```
    public static var defaultRetryableURLErrorCodes: Set<URLError.Code> {
        [
            .timedOut, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed,
            .notConnectedToInternet, .cannotLoadFromNetwork, .badServerResponse
        ]
    }
}

// MARK: - Presets

extension HTTPRetryPolicy {
    /// Mason's default: up to 3 retries of idempotent requests on 408/429/5xx-gateway statuses and
    /// connection failures, full-jitter exponential backoff from 0.5 s (at most 30 s a wait, 60 s in
    /// all), and the server's `Retry-After` obeyed.
    ///
    /// ```swift
    /// let transport = URLSessionTransport.shared.retrying(.standard)
    /// ```
    public static var standard: HTTPRetryPolicy { HTTPRetryPolicy() }

    /// Alamofire 5's `RetryPolicy` defaults, exactly, for comparison: `retryLimit` 2, a wait of
    /// `0.5 s × 2ⁿ` (0.5 s, then 1 s) without jitter, cap or budget, the idempotent methods, statuses
    /// 408, 500, 502, 503, 504 (**not 429**), Alamofire's eighteen `URLError` codes, and `Retry-After`
    /// ignored.
    ///
    /// ```swift
    /// let policy = HTTPRetryPolicy.alamofire
    /// policy.schedule.maximumAttempts                     // 3
    /// policy.schedule.delay(beforeRetry: 2, randomUnit: 0) // 1 second
    /// policy.shouldRetry(status: 429)                     // false
    /// policy.honorsRetryAfter                             // false
    /// ```
    public static var alamofire: HTTPRetryPolicy {
        HTTPRetryPolicy(
            schedule: RetryPolicy(retries: 2, backoff: .exponential(initial: .milliseconds(500), multiplier: 2)),
            retryableMethods: idempotentMethods,
            retryableStatusCodes: [408, 500, 502, 503, 504],
            retryableURLErrorCodes: alamofireURLErrorCodes,
            honorsRetryAfter: false
        )
    }

    /// Never retries: one attempt, whatever happens.
    ///
    /// ```swift
    /// let transport = URLSessionTransport.shared.retrying(.never)   // the same as no decorator
    /// HTTPRetryPolicy.never.schedule.maximumAttempts                // 1
    /// ```
    public static var never: HTTPRetryPolicy {
        HTTPRetryPolicy(schedule: RetryPolicy(maximumAttempts: 1))
    }

    /// The `URLError` codes Alamofire 5's `RetryPolicy` retries (`RetryPolicy.defaultRetryableURLErrorCodes`).
    ///
    /// ```swift
    /// HTTPRetryPolicy.alamofireURLErrorCodes.count   // 18
    /// ```
    public static var alamofireURLErrorCodes: Set<URLError.Code> {
        [
            .backgroundSessionInUseByAnotherProcess, .backgroundSessionWasDisconnected, .badServerResponse,
            .callIsActive, .cannotConnectToHost, .cannotFindHost, .cannotLoadFromNetwork, .dataNotAllowed,
            .dnsLookupFailed, .downloadDecodingFailedMidStream, .downloadDecodingFailedToComplete,
            .internationalRoamingOff, .networkConnectionLost, .notConnectedToInternet, .secureConnectionFailed,
            .serverCertificateHasBadDate, .serverCertificateNotYetValid, .timedOut
        ]
    }
}
