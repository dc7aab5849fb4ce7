#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

/// A value guarded by a `pthread` mutex: Mason's one lock, for every module of the package.
///
/// Why not `Synchronization.Mutex`: on Linux a contended `Mutex` hands the lock to a waiting thread
/// inside the kernel (a priority-inheriting futex), which Thread Sanitizer cannot see, so it reports the
/// guarded accesses as races (measured with Swift 6.3.1: a `Mutex<[Int: Int]>` shared by eight tasks is
/// flagged in every run; the same test on this lock is clean). Thread Sanitizer intercepts
/// `pthread_mutex_lock`/`unlock`, so the suite stays meaningful under `--sanitize=thread`.
///
/// ```swift
/// let hits = Locked(0)
/// hits.withLock { $0 += 1 }
/// hits.withLock { $0 }   // 1
/// ```
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only inside `withLock`, between
    // `pthread_mutex_lock` and `pthread_mutex_unlock` on `mutex`, so no two threads touch it at once and
    // every access happens-after the previous one. `mutex` itself is allocated once, never moved (a
    // pthread mutex must not be), and destroyed only in `deinit`, when no other reference exists.
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates a lock guarding `value`.
    ///
    /// - Parameter recursive: Whether the thread holding the lock may take it again (from inside
    ///   `withLock`). Mason uses a recursive lock only where user code can run under the lock.
    package init(_ value: Value, recursive: Bool = false) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        defer { pthread_mutexattr_destroy(&attributes) }
        if recursive {
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        }
        let status = pthread_mutex_init(mutex, &attributes)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value. Unless the lock was created `recursive`, do not
    /// call `withLock` on the same lock from `body`.
    @discardableResult
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
