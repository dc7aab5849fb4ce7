public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
import Mason

/// A transport that sends a request again when the answer says it is worth it: a retryable status
/// (503, 429, …) or a connection failure, following an ``HTTPRetryPolicy``.
///
/// The attempts and waits are Mason's retry engine (`Mason/retrying(isolation:policy:clock:retryIf:delayOverride:operation:)`)
/// on `clock`; this decorator only decides what is retryable and how long the server asked to wait:
///
/// - **Which requests.** Only methods in ``HTTPRetryPolicy/retryableMethods`` (the idempotent ones by
///   default), with a body that can be sent again — not a stream (`httpBodyStream`), which the first
///   attempt reads; any other request is sent once, untouched.
/// - **Which outcomes.** A response whose status is in ``HTTPRetryPolicy/retryableStatusCodes``, or an
///   error accepted by ``HTTPRetryPolicy/isRetryable(_:)``. Every other response and error is returned
///   or thrown at once.
/// - **How long.** The schedule's (jittered) backoff, or — when ``HTTPRetryPolicy/honorsRetryAfter`` —
///   the response's `Retry-After` in seconds or as an HTTP-date relative to `now()`. A `Retry-After`
///   longer than the schedule's maximum delay is not cut short: the response is returned at once, for
///   the caller to try again when the server said (a request sent sooner would only be refused, and
///   may lengthen a rate limit). No wait may end after the schedule's total budget.
/// - **When it gives up.** When no attempt or budget is left, the **last response** is returned as it
///   is (so the request functions report ``NetworkRequestError/invalidResponse(_:)`` with its status,
///   headers and body), or the last error is thrown.
/// - **Cancellation.** A cancellation is never retried, and no attempt starts once the task is
///   cancelled. Cancelling the task while it waits ends the wait at once and throws `CancellationError`
///   (reported as ``NetworkRequestError/canceledByUser``); nothing more is sent.
///
/// ```swift
/// let transport = URLSessionTransport.shared.retrying(.standard)
/// let body = await requestAsync(URLRequest(url: url), transport: transport).value
/// // 503, 503, 200 → .success(body); the waits were ≤ 0.5 s and ≤ 1 s (full jitter)
///
/// // In tests: virtual time and a fixed "now" for HTTP-date Retry-After values.
/// let clock = ManualClock()
/// let testTransport = URLSessionTransport.shared.retrying(.standard, clock: clock, now: { fixedDate })
/// ```
///
/// `RetryingTransport` is a `Sendable` value. Downloads (``download(_:)``) are retried the same way; the
/// file of a response that is retried is deleted.
public struct RetryingTransport<C: Clock>: Transport where C.Duration == Duration {
    /// The transport that sends each attempt.
    ///
    /// ```swift
    /// URLSessionTransport.shared.retrying().base   // URLSessionTransport.shared
    /// ```
    public let base: any Transport

    /// What is retried, how often and how long to wait.
    ///
    /// ```swift
    /// URLSessionTransport.shared.retrying(.alamofire).policy.honorsRetryAfter   // false
    /// ```
    public let policy: HTTPRetryPolicy

    /// The clock the waits happen on (`ContinuousClock` in production, `ManualClock` in tests).
    ///
    /// ```swift
    /// URLSessionTransport.shared.retrying(clock: SuspendingClock()).clock   // a SuspendingClock
    /// ```
    public let clock: C

    /// The current date, to turn a `Retry-After` HTTP-date into a wait.
    ///
    /// ```swift
    /// let fixed = URLSessionTransport.shared.retrying(now: { Date(timeIntervalSince1970: 0) })
    /// fixed.now()   // 1970-01-01 00:00:00 +0000
    /// ```
    public let now: @Sendable () -> Date

    /// Wraps `base` so that its requests are retried under `policy`.
    ///
    /// ```swift
    /// let transport = RetryingTransport(base: URLSessionTransport.shared, policy: .standard, clock: ContinuousClock())
    /// ```
    /// - Parameters:
    ///   - base: The transport that sends each attempt.
    ///   - policy: What is retried, how often and how long to wait.
    ///   - clock: The clock to wait on.
    ///   - now: The current date, for HTTP-date `Retry-After` values (default: the system time).
    public init(
        base: any Transport,
        policy: HTTPRetryPolicy,
        clock: C,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.base = base
        self.policy = policy
        self.clock = clock
        self.now = now
    }

    /// Sends `request` through ``base``, again while the policy says the outcome is worth it.
    ///
    /// ```swift
    /// let (data, head) = try await URLSessionTransport.shared.retrying().response(to: request)
    /// head.statusCode   // 200 after a 503, or the last 503 when the retries ran out
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The first response that is not retried, or the last response when no retry is left.
    /// - Throws: The last error when it is not retryable or no retry is left; `CancellationError` when
    ///   the task is cancelled while waiting to retry.
    public func response(to request: URLRequest) async throws -> (Data, ResponseHead) {
        try await withRetries(request, attempt: { try await base.response(to: request) }, discard: { _ in })
    }

    /// Sends `request` through ``base`` as ``response(to:)`` does, and builds the `HTTPURLResponse` at the end.
    ///
    /// ```swift
    /// let (data, response) = try await transport.send(request)
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The body and the response.
    /// - Throws: As ``response(to:)``; ``NetworkRequestError/noResponse`` if no `HTTPURLResponse` can be built.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try foundationResponse(try await response(to: request))
    }

    /// Downloads the response to `request` through ``base``, again while the policy says the outcome is
    /// worth it; the files of retried responses are deleted.
    ///
    /// ```swift
    /// let (file, response) = try await URLSessionTransport.shared.retrying().download(request)
    /// ```
    /// - Parameter request: The request.
    /// - Returns: The file and response of the first answer that is not retried, or of the last answer.
    /// - Throws: As ``response(to:)``.
    public func download(_ request: URLRequest) async throws -> (URL, HTTPURLResponse) {
        try foundationResponse(
            try await withRetries(
                request,
                attempt: { try await base.downloadReturningHead(request) },
                discard: { file in try? FileManager.default.removeItem(at: file) }
            )
        )
    }

    /// The outcome of one attempt that may be retried: a response with a retryable status, or an error.
    private enum Attempt<Body: Sendable>: Error {
        case response(Body, ResponseHead)
        case failure(any Error)
    }

    /// Runs `attempt` under the core retry engine; `discard` releases the body of a response that is
    /// replaced by a newer attempt.
    private func withRetries<Body: Sendable>(
        _ request: URLRequest,
        attempt: () async throws -> (Body, ResponseHead),
        discard: (Body) -> Void
    ) async throws -> (Body, ResponseHead) {
        guard policy.shouldRetry(request) else { return try await attempt() }
        let policy = self.policy
        let now = self.now
        var superseded: Body?
        do {
            return try await Mason.retrying(
                policy: policy.schedule,
                clock: clock,
                retryIf: { (failure: Attempt<Body>) in
                    switch failure {
                    case .response(_, let response): !policy.retryAfterExceedsMaximumDelay(in: response, now: now())
                    case .failure(let error): policy.isRetryable(error)
                    }
                },
                delayOverride: { (failure: Attempt<Body>) in
                    guard policy.honorsRetryAfter, case .response(_, let response) = failure else { return nil }
                    return RetryAfter.delay(in: response, now: now())
                }
            ) { () async throws(Attempt<Body>) -> (Body, ResponseHead) in
                if let body = superseded {
                    discard(body)
                    superseded = nil
                }
                let outcome: (Body, ResponseHead)
                do {
                    outcome = try await attempt()
                } catch {
                    throw .failure(error)
                }
                guard policy.shouldRetry(status: outcome.1.statusCode) else { return outcome }
                superseded = outcome.0
                throw .response(outcome.0, outcome.1)
            }
        } catch {
            // The engine stopped with a retryable outcome: no attempt left, no budget left, or the task
            // was cancelled (possibly during the wait, which then ended at once).
            switch error {
            case .response(let body, let response):
                if Task.isCancelled {
                    discard(body)
                    throw CancellationError()
                }
                return (body, response)
            case .failure(let failure):
                if Task.isCancelled, policy.isRetryable(failure) { throw CancellationError() }
                throw failure
            }
        }
    }
}

extension Transport {
    /// Retries this transport's requests under `policy`: a retryable status or connection failure is
    /// sent again after the policy's backoff or the server's `Retry-After`. See ``RetryingTransport``.
    ///
    /// ```swift
    /// let transport = URLSessionTransport.shared.retrying()             // the standard policy
    /// let compatible = URLSessionTransport.shared.retrying(.alamofire)  // Alamofire 5's defaults
    ///
    /// // Tests: virtual time, a fixed date for HTTP-date Retry-After values.
    /// let clock = ManualClock()
    /// let stubbed = URLSessionTransport.shared.retrying(.standard, clock: clock, now: { fixedDate })
    /// ```
    /// - Parameters:
    ///   - policy: What is retried, how often and how long to wait (default ``HTTPRetryPolicy/standard``).
    ///   - clock: The clock to wait on (default `ContinuousClock()`).
    ///   - now: The current date, for HTTP-date `Retry-After` values (default: the system time).
    /// - Returns: A transport that retries.
    public func retrying<C: Clock>(
        _ policy: HTTPRetryPolicy = .standard,
        clock: C = ContinuousClock(),
        now: @escaping @Sendable () -> Date = Date.init
    ) -> RetryingTransport<C> where C.Duration == Duration {
        RetryingTransport(base: self, policy: policy, clock: clock, now: now)
    }
}
