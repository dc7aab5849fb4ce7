import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate queue of a ``SessionConnection``'s session: on Linux, an `OperationQueue` that runs each
/// block it is given at once, on the caller's thread; elsewhere `nil` (the session makes its own).
///
/// FoundationNetworking delivers every delegate callback — the response, each piece of the body, the
/// end — as one more operation on the session's delegate queue, each a hop to another thread. A
/// delegate is the only way on Linux to see a body as it arrives, which the size limit needs; those
/// hops cost a loopback request 4–5 % of its throughput against `URLSession.data(for:)`, which makes
/// one hop. Run inline, the callbacks cost nothing more than their own code.
///
/// FoundationNetworking calls `addOperation` from its session's serial work queue, so the callbacks
/// still come one at a time, in order. What runs in them must not wait on that work queue:
/// `URLSessionTask.cancel()` does (it `sync`s onto it), so ``SessionDelegate`` cancels from another
/// queue.
func sessionDelegateQueue() -> OperationQueue? {
    #if canImport(FoundationNetworking)
    InlineOperationQueue()
    #else
    nil
    #endif
}

#if canImport(FoundationNetworking)
/// An `OperationQueue` whose `addOperation(_:)` runs the block at once, on the caller's thread.
///
/// `@unchecked Sendable`: it adds no state to `OperationQueue` (itself `Sendable`); the override only
/// calls the block it is given.
final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#endif
