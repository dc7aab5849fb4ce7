import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTask {
    /// Cancels the task from another queue and returns at once.
    ///
    /// On Linux `cancel()` `sync`s onto the session's work queue, so two callers must never call it
    /// themselves:
    /// - a delegate callback, which runs on that very queue (``sessionDelegateQueue()``): libdispatch
    ///   stops the process;
    /// - a Swift task's cancellation handler, which runs with that task's status lock held, while the
    ///   work queue may be in a callback resuming the same task's continuation — and resuming needs
    ///   that lock. Each would wait for the other for ever (seen with 64 requests in flight).
    ///
    /// Mason cancels every URL task this way, so no path waits on the work queue while holding a lock.
    ///
    /// ```swift
    /// onCancel: { if delegate.cancel(id) { task.cancelWithoutWaiting() } }
    /// ```
    func cancelWithoutWaiting() {
        DispatchQueue.global().async { self.cancel() }
    }
}
