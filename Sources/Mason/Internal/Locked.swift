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
/// **The rule that keeps cancellation from deadlocking.** A Swift task runs its cancellation handlers
/// with its status lock held, and resuming the task's continuation needs that lock. So, with this lock
/// or any other:
/// - never resume a continuation, cancel a `Task` or wait for a queue while holding a lock that a
///   cancellation handler may take: take what to resume out under the lock, resume after it;
/// - never wait in a cancellation handler (no `DispatchQueue.sync`, no blocking call such as Linux's
///   `URLSessionTask.cancel()`): hand such work to another queue, as `cancelWithoutWaiting()` does.
///
/// ```swift
/// let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
/// waiter?.resume(throwing: CancellationError())   // outside the lock
/// ```
///
/// ```swift
/// let hits = Locked(0)
/// hits.withLock { $0 += 1 }
/// hits.withLock { $0 }   // 1
/// ```
package struct Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: the value is read and written only inside `withLock`, between
    // `pthread_mutex_lock` and `pthread_mutex_unlock` on the storage's mutex, so no two threads touch
    // it at once and every access happens-after the previous one. Copies of a `Locked` share one
    // storage: one value, one mutex. As with `Synchronization.Mutex`, a value that is not `Sendable`
    // enters `sending` (no one else keeps it) and leaves `withLock` only `sending`, so the compiler
    // stops it from being shared through the lock. `withLockHeld` hands its body a copy without that
    // check; its two callers (`SerialFunction`, `SerialStep`) call the closure they keep inside the
    // body and prove their own use safe.
    private let storage: LockedStorage<Value>

    /// A lock around `value`. A `recursive` lock may be taken again by the thread that holds it, from
    /// the body of ``withLockHeld(_:)``.
    package init(_ value: sending Value, recursive: Bool = false) {
        storage = LockedStorage.create(value, recursive: recursive)
    }

    /// Runs `body` with exclusive access to the value. Do not take the same lock from `body`, even a
    /// recursive one: that would be a second access to the value while this one is open, which Swift
    /// stops.
    @discardableResult
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try holding { () throws(Failure) -> sending Result in try body(&storage.header) }
    }

    /// Runs `body` with the lock held, on a copy of the value: for work done under a `recursive` lock
    /// that may come back to it (and change the value; the copy does not change).
    ///
    /// ```swift
    /// let runs = Locked([run], recursive: true)
    /// runs.withLockHeld { $0.forEach { $0.cancel() } }   // a handler may call runs.withLock again
    /// ```
    package func withLockHeld<Result, Failure: Error>(
        _ body: (Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) }
        defer { storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) } }
        return try body(storage.header)
    }

    private func holding<Result, Failure: Error>(
        _ body: () throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) }
        defer { storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) } }
        return try body()
    }
}

/// A `Locked`'s value and its mutex in one allocation (a class and a separately allocated mutex took
/// two): the value as the header, the mutex as the one element, where it never moves (a pthread mutex
/// must not) until `deinit` destroys it.
final class LockedStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    static func create(_ value: Value, recursive: Bool) -> LockedStorage {
        let buffer = create(minimumCapacity: 1) { _ in value }
        buffer.withUnsafeMutablePointerToElements { mutex in
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
        // `create` makes an instance of the class it is called on.
        return unsafeDowncast(buffer, to: LockedStorage.self)
    }

    deinit {
        // The header, a stored property, is destroyed with the object; the element is not.
        withUnsafeMutablePointerToElements { mutex in
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
        }
    }
}
