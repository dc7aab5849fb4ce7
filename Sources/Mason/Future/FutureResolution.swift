#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

/// Runs the callbacks of a resolving future without letting resolutions nest without bound.
///
/// Resolving a future runs its callbacks, which resolve the futures derived from it, whose callbacks
/// resolve theirs: a chain of a million `map`s on a pending promise would nest a million calls and
/// overflow the stack. So each thread counts how deep it is in resolutions; up to
/// ``maximumNesting`` the callbacks run at once, inside the call that resolves the future, and deeper
/// than that they are queued and run, in order, by the outermost resolution on the same thread once
/// its current callback returns — still before that outermost `resolve` returns. Dropping a pending
/// chain nests the same way (each observer holds the next future), so a future's deinitializer
/// releases its observers through the same two calls.
///
/// ```swift
/// if !FutureResolution.runIfShallow({ callbacks.run(with: result) }) {
///     FutureResolution.enqueue { callbacks.run(with: result) }
/// }
/// ```
@usableFromInline
enum FutureResolution {
    /// How many resolutions may nest on one thread before further ones are queued.
    static let maximumNesting = 64

    /// Runs `callbacks` now, inside a resolution on this thread, and returns `true`; returns `false`,
    /// running nothing, when resolutions are already nested ``maximumNesting`` deep here: the caller
    /// then hands its callbacks to ``enqueue(_:)``. The outermost resolution, once its own callbacks
    /// have run, runs what deeper ones queued, each of which may nest again: batch by batch, in order,
    /// so that what has run is released as it goes.
    @usableFromInline
    static func runIfShallow(_ callbacks: () -> Void) -> Bool {
        let queue = ThreadQueue.current
        guard queue.depth < maximumNesting else { return false }
        queue.depth += 1
        callbacks()
        if queue.depth == 1 {
            while !queue.pending.isEmpty {
                let batch = queue.pending
                queue.pending = []
                for queued in batch {
                    queued()
                }
            }
        }
        queue.depth -= 1
        return true
    }

    /// Queues callbacks behind the outermost resolution on this thread (after ``runIfShallow(_:)``
    /// said no).
    @usableFromInline
    static func enqueue(_ callbacks: @escaping () -> Void) {
        ThreadQueue.current.pending.append(callbacks)
    }

    /// One thread's resolution depth and queued callbacks. It is only ever touched by its own thread,
    /// through thread-specific storage, so it needs no lock and is not `Sendable`.
    final class ThreadQueue {
        var depth = 0
        var pending: [() -> Void] = []

        /// The calling thread's queue, created on first use and released when the thread exits.
        static var current: ThreadQueue {
            if let existing = pthread_getspecific(key) {
                return Unmanaged<ThreadQueue>.fromOpaque(existing).takeUnretainedValue()
            }
            let queue = ThreadQueue()
            pthread_setspecific(key, Unmanaged.passRetained(queue).toOpaque())
            return queue
        }

        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            let status = pthread_key_create(&key, releaseThreadQueue)
            precondition(status == 0, "pthread_key_create failed: \(status)")
            return key
        }()
    }
}

#if canImport(Darwin)
private func releaseThreadQueue(_ pointer: UnsafeMutableRawPointer) {
    Unmanaged<FutureResolution.ThreadQueue>.fromOpaque(pointer).release()
}
#else
private func releaseThreadQueue(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { return }
    Unmanaged<FutureResolution.ThreadQueue>.fromOpaque(pointer).release()
}
#endif
