import Dispatch

extension Deferred {
    /// Creates a deferred from a callback API — the seed's `Deferred { callback in … }`.
    ///
    /// `register` runs on each run and must call its callback once; later calls are ignored. When
    /// the run is cancelled, `onCancel` is called once (stop the underlying work there) — after
    /// `register` has returned, even if the cancellation came before the run began, so there is always
    /// work to stop; the callback must still be called — with whatever the API reports for a
    /// cancelled operation — or the run never ends.
    ///
    /// `onCancel` usually runs inside Swift's cancellation handler, on the thread that cancels (the
    /// caller of `cancel()`, or a task's canceller), with the task's status lock held (when the
    /// cancellation came before the work started, it runs on the run's thread once `register`
    /// returns): it must return at once and never wait for another thread. Hand anything that may
    /// wait to a queue: on Linux, `URLSessionTask.cancel()` waits for the session's queue, which may
    /// be delivering this very run's callback — and waiting for that lock.
    ///
    /// ```swift
    /// let download = Download(url)   // yours: start(completion:) and a cancel() that may wait
    /// let data = Deferred<Data?>({ done in download.start(completion: done) },
    ///                            onCancel: { DispatchQueue.global().async { download.cancel() } })
    /// ```
    /// - Parameters:
    ///   - register: Starts the work and calls back with its value.
    ///   - onCancel: Called when a run is cancelled.
    public init(
        _ register: @escaping @Sendable (@escaping @Sendable (Value) -> Void) -> Void,
        onCancel: (@Sendable () -> Void)? = nil
    ) where Value: Sendable {
        guard let onCancel else {
            self.init {
                await withCheckedContinuation { continuation in
                    let once = ResumeOnce(continuation)
                    register { once.resume(returning: $0) }
                }
            }
            return
        }
        self.init {
            // A run cancelled before `register` has started the work (Swift then calls the handler at
            // once, before the operation) calls `onCancel` when `register` returns: called earlier, it
            // would find nothing to stop, and the work would run on.
            let registration = WorkRegistration()
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let once = ResumeOnce(continuation)
                    register { once.resume(returning: $0) }
                    if registration.markRegistered() { onCancel() }
                }
            } onCancel: {
                if registration.markCancelled() { onCancel() }
            }
        }
    }

    /// A deferred that runs a synchronous effect on each run, on the thread the run is on — a thread
    /// of Swift's cooperative pool unless the run is inside `IO(deferred:)`. An effect that blocks
    /// (`IO(deferred:)`, a retry with ``ThreadSleeper/system``, a synchronous request) holds that
    /// thread until it returns; in `async` code, prefer the deferred it wraps.
    ///
    /// ```swift
    /// let now = Deferred(io: IO { ContinuousClock.now })
    /// ```
    /// - Parameter io: The effect to run.
    public init(io: IO<Value>) {
        self.init { io.unsafeRun() }
    }
}

extension IO where Value: Sendable {
    /// An effect that runs a deferred and **blocks the calling thread** until it completes — the
    /// seed's bridge from asynchronous to synchronous.
    ///
    /// The deferred runs on threads of its own (a Dispatch queue of its own), never on Swift's
    /// cooperative pool, so blocking is safe from any thread: the main thread of a tool, a Dispatch
    /// queue, or a task — sixteen at once from a task group on a two-core machine all finish. The tasks
    /// Mason starts for the run (a `zip`'s children, a request's timer, a retry's sleep) and the child
    /// tasks of the work stay on those threads. They share one serial queue: they interleave at every
    /// `await`, but never run at the same instant, so a child that blocks its thread (a nested
    /// blocking run) holds up its siblings until it returns, and never sees one of them do what it
    /// waits for.
    ///
    /// Two things the run may need are not its own threads, and blocking the threads they need
    /// deadlocks: work the deferred sends to an actor (`@MainActor` code, an actor of yours) runs on
    /// that actor's executor (the main thread, for `@MainActor`); and work started outside the run —
    /// a `Future` that a task elsewhere (`Task { }`, `future()`) resolves — needs the cooperative
    /// pool, of which callers blocking from every pool thread at once leave it nothing.
    ///
    /// ```swift
    /// let answer = IO(deferred: Deferred.pure(42)).unsafeRun()   // 42, after blocking briefly
    /// ```
    /// - Parameter deferred: The deferred to run on each run of the effect.
    public init(deferred: Deferred<Value>) {
        self.init {
            let semaphore = DispatchSemaphore(value: 0)
            let box = Locked<Value?>(nil)
            let executor = QueueExecutor()
            Task.detached(executorPreference: executor) {
                let value = await QueueExecutor.$inherited.withValue(executor) { await deferred.value }
                box.withLock { $0 = value }
                semaphore.signal()
            }
            semaphore.wait()
            return box.withLock { $0! }
        }
    }
}

/// Resumes a continuation once, however often it is asked to.
/// Whether a callback run's work has been registered, or was cancelled before it was: of the two
/// marks, the second says to call `onCancel`, so it is called once, after the work started.
private struct WorkRegistration: Sendable {
    private enum Mark { case none, registered, cancelledEarly }
    private let mark = Locked(Mark.none)

    /// Marks the work registered; returns whether a cancellation came first.
    func markRegistered() -> Bool {
        mark.withLock { mark in
            defer { mark = .registered }
            return mark == .cancelledEarly
        }
    }

    /// Marks the run cancelled; returns whether the work is registered, to be stopped now.
    func markCancelled() -> Bool {
        mark.withLock { mark in
            guard mark == .registered else {
                mark = .cancelledEarly
                return false
            }
            return true
        }
    }
}

private final class ResumeOnce<Value: Sendable>: Sendable {
    private let continuation: Locked<CheckedContinuation<Value, Never>?>

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = Locked(continuation)
    }

    func resume(returning value: Value) {
        let pending = continuation.withLock { stored in
            defer { stored = nil }
            return stored
        }
        pending?.resume(returning: value)
    }
}
