package import Foundation
#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif
import Mason

/// The delegate of a ``SessionConnection``'s session: collects each task's body (in memory, or into a
/// file for a download) and response, stops a task whose body passes its limit, and resumes the task's
/// waiter exactly once.
///
/// A download is a data task whose body this delegate writes to a file the transport made, not a
/// `URLSessionDownloadTask`: FoundationNetworking writes a download task's body to a file of its own
/// in the temporary directory and never removes it when the task fails or is cancelled (a body over
/// the limit, a 401, a cancelled download each left a file behind), and keeps a 401's body to itself.
///
/// Every piece of state is in `exchanges`, a `Locked` (pthread) mutex; no Foundation call is made while it is held.
package final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Exchange {
        var limit: Int?
        /// Where the body goes for a download; `nil` for a body gathered in memory.
        var file: FileHandle?
        /// The bytes of the body received so far.
        var received: Int64 = 0
        var continuation: CheckedContinuation<Result<FinishedExchange, NetworkRequestError>, Never>?
        var finished = FinishedExchange()
        /// A failure decided here (size limit, deadline, cancellation before start); it wins over the
        /// URL task's own error, which is then just `URLError(.cancelled)`.
        var failure: NetworkRequestError?
        var isCancelled = false
        var isStarted = false
    }

    private let exchanges = Locked<[Int: Exchange]>([:])

    /// Registers a task before it starts: its body goes to `file` when given, else into memory.
    ///
    /// The delegate writes to `file` only from the task's callbacks, which come one at a time, and never
    /// once the task's waiter has been resumed: the caller may close the file then.
    package func prepare(_ id: Int, limit: Int?, file: FileHandle? = nil) {
        exchanges.withLock { $0[id] = Exchange(limit: limit, file: file) }
    }

    /// Stores the waiter of a task; returns whether to resume the task (`false` if it was cancelled
    /// before it started, in which case the waiter is resumed at once with `canceledByUser`).
    package func start(
        _ id: Int, continuation: CheckedContinuation<Result<FinishedExchange, NetworkRequestError>, Never>
    ) -> Bool {
        let cancelledBeforeStart = exchanges.withLock { exchanges -> Bool in
            guard var exchange = exchanges[id] else { return true }
            if exchange.isCancelled {
                exchanges[id] = nil
                return true
            }
            exchange.continuation = continuation
            exchange.isStarted = true
            exchanges[id] = exchange
            return false
        }
        if cancelledBeforeStart { continuation.resume(returning: .failure(.canceledByUser)) }
        return !cancelledBeforeStart
    }

    /// Marks a task cancelled; returns whether the URL task must be cancelled (it has started).
    package func cancel(_ id: Int) -> Bool {
        exchanges.withLock { exchanges in
            guard exchanges[id] != nil else { return false }
            exchanges[id]?.isCancelled = true
            return exchanges[id]?.isStarted ?? false
        }
    }

    /// Records a failure decided by the transport; returns whether the URL task must be cancelled
    /// (the task is still running, had no failure yet and was not cancelled: a cancelled exchange
    /// answers `canceledByUser`, whatever fails after the cancel).
    package func fail(_ id: Int, with failure: NetworkRequestError) -> Bool {
        exchanges.withLock { exchanges in
            guard let exchange = exchanges[id], exchange.failure == nil, !exchange.isCancelled else { return false }
            exchanges[id]?.failure = failure
            return true
        }
    }

    private func exceedsLimit(_ id: Int, expected: Int64, received: Int64) -> Bool {
        let failed = exchanges.withLock { exchanges -> Bool in
            guard let exchange = exchanges[id], exchange.failure == nil, !exchange.isCancelled,
                let limit = exchange.limit
            else { return false }
            guard expected > Int64(limit) || received > Int64(limit) else { return false }
            exchanges[id]?.failure = .bodyTooLarge(limit: limit)
            exchanges[id]?.finished.body = Data()
            return true
        }
        return failed
    }

    // MARK: URLSessionDataDelegate

    package func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let id = dataTask.taskIdentifier
        exchanges.withLock { $0[id]?.finished.response = response }
        // A HEAD, 1xx, 204 or 304 answer may announce the length of a body it does not carry.
        let hasNoBody = answerHasNoBody(
            method: dataTask.originalRequest?.httpMethod, status: (response as? HTTPURLResponse)?.statusCode ?? 200
        )
        let tooLarge = !hasNoBody && exceedsLimit(id, expected: response.expectedContentLength, received: 0)
        completionHandler(tooLarge ? .cancel : .allow)
        // FoundationNetworking ignores the disposition (it logs "Ignoring disposition from completion
        // handler") and would read the whole body: cancel the task itself.
        if tooLarge { dataTask.cancelWithoutWaiting() }
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let step = exchanges.withLock { exchanges -> (file: FileHandle?, received: Int64)? in
            // Appended in place: a copy of the exchange held here would make the body copy itself.
            guard let index = exchanges.index(forKey: id), exchanges.values[index].failure == nil,
                !exchanges.values[index].isCancelled
            else { return nil }
            exchanges.values[index].received += Int64(data.count)
            let file = exchanges.values[index].file
            if file == nil { exchanges.values[index].finished.body.append(data) }
            return (file, exchanges.values[index].received)
        }
        guard let step else { return }
        if exceedsLimit(id, expected: -1, received: step.received) {
            dataTask.cancelWithoutWaiting()
            return
        }
        guard let file = step.file else { return }
        do {
            try file.write(contentsOf: data)
        } catch {
            if fail(id, with: NetworkRequestError(error)) { dataTask.cancelWithoutWaiting() }
        }
    }

    // MARK: URLSessionTaskDelegate

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(task.taskIdentifier, error: error, response: task.response)
    }

    /// Follows a redirect, without the request's credentials when it leads to another origin (another
    /// scheme, host or port): `Authorization`, `Proxy-Authorization`, `Cookie` and `Origin` go, as
    /// async-http-client drops them. FoundationNetworking keeps every header field on a redirect, so a
    /// bearer token went wherever a `302` pointed — another company's server, or plain `http`.
    package func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let from = response.url ?? task.currentRequest?.url, let to = request.url, !from.hasSameOrigin(as: to)
        else { return completionHandler(request) }
        var stripped = request
        for field in ["Authorization", "Proxy-Authorization", "Cookie", "Origin"] {
            stripped.setValue(nil, forHTTPHeaderField: field)
        }
        completionHandler(stripped)
    }

    #if canImport(FoundationNetworking)
    /// On Linux, a 401 with a `WWW-Authenticate` field reaches the delegate as a challenge once its body
    /// has arrived, and FoundationNetworking finishes the task only if the challenge is met with a
    /// credential: with none (no credential stored for the protection space) the task would wait for
    /// ever. Answered here instead, as every other status is: the exchange ends with the 401, its fields
    /// and body, and the challenge is cancelled, which makes the session forget the task.
    ///
    /// A stored credential is left to FoundationNetworking (default handling), as on other platforms.
    package func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let useStoredCredential = challenge.proposedCredential != nil
        if !useStoredCredential {
            finish(task.taskIdentifier, error: nil, response: challenge.failureResponse ?? task.response)
        }
        // Met with a credential or cancelled, the challenge makes FoundationNetworking `sync` onto the
        // session's work queue, where this callback runs.
        DispatchQueue.global().async {
            completionHandler(useStoredCredential ? .performDefaultHandling : .cancelAuthenticationChallenge, nil)
        }
    }
    #endif

    /// Ends exchange `id`, if it has not ended, with what it collected, or with its failure (a failure
    /// decided here wins over `error`), and resumes its waiter.
    private func finish(_ id: Int, error: (any Error)?, response: URLResponse?) {
        guard let exchange = exchanges.withLock({ $0.removeValue(forKey: id) }) else { return }
        var finished = exchange.finished
        if finished.response == nil { finished.response = response }
        let result: Result<FinishedExchange, NetworkRequestError>
        if let failure = exchange.failure {
            result = .failure(failure)
        } else if exchange.isCancelled {
            result = .failure(.canceledByUser)
        } else if let error {
            result = .failure(Self.failure(for: error, afterHead: finished.response != nil))
        } else if let limit = exchange.limit, exchange.received > limit {
            result = .failure(.bodyTooLarge(limit: limit))
        } else {
            result = .success(finished)
        }
        exchange.continuation?.resume(returning: result)
    }

    /// The failure for the URL task's `error`. A response cut short after its head — fewer bytes than
    /// its `Content-Length`, or a chunked body without its last chunk, the connection closed — is
    /// `.networkConnectionLost`, as a connection lost anywhere else is: libcurl fails it with a code
    /// FoundationNetworking does not translate (`CURLE_PARTIAL_FILE`, "transfer closed with … remaining"),
    /// which arrives as `URLError(.unknown)`, libcurl's own description kept.
    private static func failure(for error: any Error, afterHead: Bool) -> NetworkRequestError {
        guard afterHead, let error = error as? URLError, error.code == .unknown else {
            return NetworkRequestError(error)
        }
        return .failed(description: error.localizedDescription, code: .networkConnectionLost)
    }
}
