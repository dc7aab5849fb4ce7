#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif
import Synchronization

/// A lock of one atomic flag, stored inline in its owner: for state held a few instructions at a time
/// by an object made by the thousand, such as a ``Future``.
///
/// It costs nothing to create (no mutex to initialise, no allocation) and one compare-and-swap and one
/// store to take and release uncontended. A contended taker spins briefly, then yields its thread
/// between tries, so it only suits sections that never wait for anything — the same rule as `Locked`:
/// never resume a continuation, call back or wait for a queue while holding it.
///
/// Thread Sanitizer sees its acquiring compare-and-swap and releasing store, so accesses it guards are
/// ordered in the sanitizer's model (unlike `Synchronization.Mutex` on Linux; see `Locked`).
///
/// ```swift
/// final class Counter: @unchecked Sendable {
///     let lock = SpinLock()
///     var count = 0   // only inside lock.withLock
///     func increment() { lock.withLock { count += 1 } }
/// }
/// ```
@usableFromInline
package struct SpinLock: ~Copyable, Sendable {
    private let isLocked = Atomic<Bool>(false)

    @inlinable
    package init() {}

    /// Runs `body` with the lock held.
    @inlinable
    package func withLock<Result>(_ body: () -> Result) -> Result {
        lock()
        defer { unlock() }
        return body()
    }

    /// Takes the lock: one compare-and-swap when it is free; spins, then yields the thread between
    /// tries, while another thread holds it. (Not inlinable: `Synchronization` stays an internal
    /// import; inlining it measured no faster.)
    @usableFromInline
    func lock() {
        if isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged { return }
        var tries = 0
        while true {
            if !isLocked.load(ordering: .relaxed),
                isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
            {
                return
            }
            tries += 1
            if tries > 16 { sched_yield() }
        }
    }

    /// Releases the lock.
    @usableFromInline
    func unlock() {
        isLocked.store(false, ordering: .releasing)
    }
}
