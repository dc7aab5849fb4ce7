import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a finished URL task left: the body (empty when it went to a file), and the response.
package struct FinishedExchange: Sendable {
    var body = Data()
    var response: URLResponse?
}

/// A `URLSession` owned by a ``URLSessionTransport``, with the delegate that collects each task's
/// response and enforces the size limit. Invalidates the session when released.
final class SessionConnection: Sendable {
    let session: URLSession
    private let delegate: SessionDelegate

    init(configuration: URLSessionConfiguration) {
        let delegate = SessionDelegate()
        self.delegate = delegate
        self.session = URLSession(
            configuration: configuration, delegate: delegate, delegateQueue: sessionDelegateQueue())
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Runs `task` to its end: resumes it unless the calling task is already cancelled, cancels it when
    /// the calling task is cancelled or when `deadline` passes, and returns what it left. The body goes
    /// to `file` when given (nothing is written to it once this returns), else into memory.
    ///
    /// No path here waits while it holds something: the URL task is cancelled from another queue
    /// (``URLSessionTask/cancelWithoutWaiting()``), and the delegate resumes the continuation with no
    /// lock of its own held.
    func run(
        _ task: URLSessionTask, limit: Int?, deadline: Duration?, writingTo file: FileHandle? = nil
    ) async -> Result<FinishedExchange, NetworkRequestError> {
        let id = task.taskIdentifier
        delegate.prepare(id, limit: limit, file: file)
        let timer = deadline.map { deadline in
            Task.onInheritedExecutor { [delegate] in
                do { try await Task.sleep(for: deadline) } catch { return }
                let timedOut = NetworkRequestError.failed(
                    description: "The request timed out.", code: URLError.Code.timedOut)
                if delegate.fail(id, with: timedOut) { task.cancelWithoutWaiting() }
            }
        }
        defer { timer?.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if delegate.start(id, continuation: continuation) {
                    task.resume()
                } else {
                    task.cancelWithoutWaiting()  // never resumed: cancelling lets the session forget it
                }
            }
        } onCancel: {
            // Runs with this task's status lock held: it must not wait for the session's work queue,
            // which may be resuming this very continuation (see `cancelWithoutWaiting`).
            if delegate.cancel(id) { task.cancelWithoutWaiting() }
        }
    }
}
