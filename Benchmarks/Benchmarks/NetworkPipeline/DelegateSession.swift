// The floor under any URLSession transport that can stop a body as it arrives: a session whose tasks
// report through a delegate, with nothing else — no size limit, no cancellation, no checks.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URLSession driven by a minimal delegate: bodies and continuations in two dictionaries under a lock.
///
/// A size limit that stops an oversized body while it arrives must see the body piece by piece, and on
/// Linux only a delegate does (`data(for:)` hands the body over whole, after it has all arrived). Its
/// callbacks run as `URLSessionTransport`'s do (inline, on Linux); this type measures what a delegate
/// costs with nothing else, so the benchmarks can separate that from MasonNetwork's cost.
///
/// `@unchecked Sendable`: the only mutable state, `bodies` and `continuations`, is read and written
/// only inside `lock.withLock`; `session` is set once in `init` and never changed.
final class DelegateSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var bodies: [Int: Data] = [:]
    private var continuations: [Int: CheckedContinuation<(Data, URLResponse?), any Error>] = [:]
    private var session: URLSession!

    override init() {
        super.init()
        session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: Self.delegateQueue())
    }

    /// As `URLSessionTransport`'s: on Linux, callbacks run inline on the session's work queue, not one
    /// `OperationQueue` hop each.
    private static func delegateQueue() -> OperationQueue? {
        #if canImport(FoundationNetworking)
        InlineQueue()
        #else
        nil
        #endif
    }

    /// Sends `request` and returns the body and the response, as `URLSession.data(for:)` does.
    func data(for request: URLRequest) async throws -> (Data, URLResponse?) {
        try await withCheckedThrowingContinuation { continuation in
            let task = session.dataTask(with: request)
            lock.withLock { continuations[task.taskIdentifier] = continuation }
            task.resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { bodies[dataTask.taskIdentifier, default: Data()].append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (body, continuation) = lock.withLock {
            (bodies.removeValue(forKey: task.taskIdentifier), continuations.removeValue(forKey: task.taskIdentifier))
        }
        if let error {
            continuation?.resume(throwing: error)
        } else {
            continuation?.resume(returning: (body ?? Data(), task.response))
        }
    }
}

#if canImport(FoundationNetworking)
/// An `OperationQueue` that runs each block at once, on the caller's thread (FoundationNetworking calls
/// it from its session's serial work queue).
///
/// `@unchecked Sendable`: it adds no state to `OperationQueue`.
private final class InlineQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) { block() }
}
#endif
