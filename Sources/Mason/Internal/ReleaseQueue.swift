#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How deep the programs being freed on one thread are nested, and what the deepest of them hand over
/// to be released later, so that freeing a chain of any length takes a bounded stack (see
/// `BoundProgram`'s `deinit`): past ``maximumDepth`` nested releases, a program hands what it holds
/// to the queue, and the outermost release empties the queue in a loop.
final class ReleaseQueue {
    /// How many releases may nest before the next one is queued: enough that an ordinary chain never
    /// queues, few enough for any thread's stack.
    static let maximumDepth = 64

    /// How many program releases are running on this thread, one inside another. Kept behind a
    /// pointer: a stored property's every access would be checked for exclusivity at run time, on the
    /// path every program's release takes.
    let depth: UnsafeMutablePointer<Int> = {
        let depth = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        depth.initialize(to: 0)
        return depth
    }()

    deinit {
        depth.deallocate()
    }
    /// Values waiting to be released; each holds the only reference to what it holds.
    private var pending: [Any] = []
    /// The buffer the pending values are released from, kept for the next drain.
    private var releasing: [Any] = []

    /// Runs `body` with this thread's queue, made at its first use and released when the thread ends.
    @inline(__always)
    static func withCurrent<Result>(_ body: (ReleaseQueue) -> Result) -> Result {
        if let queue = pthread_getspecific(key) {
            return Unmanaged<ReleaseQueue>.fromOpaque(queue)._withUnsafeGuaranteedRef(body)
        }
        let queue = ReleaseQueue()
        pthread_setspecific(key, Unmanaged.passRetained(queue).toOpaque())
        return body(queue)
    }

    /// Keeps `value` until the outermost release drains the queue. Once the caller drops its own
    /// reference, the queue holds the only one.
    func hand(_ value: Any) {
        pending.append(value)
    }

    /// Releases what waits, and what those releases hand over in turn, one batch at a time, each
    /// release counted as one level deep. Called by the outermost release, at depth zero.
    func drain() {
        depth.pointee = 1
        while !pending.isEmpty {
            swap(&pending, &releasing)
            // Released from a buffer of its own: a release that queues more appends to `pending`.
            releasing.removeAll(keepingCapacity: true)
        }
        depth.pointee = 0
    }

    /// The key of every thread's queue; its destructor releases the queue when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { queue in
            #if canImport(Darwin)
            Unmanaged<ReleaseQueue>.fromOpaque(queue).release()
            #else
            if let queue { Unmanaged<ReleaseQueue>.fromOpaque(queue).release() }
            #endif
        }
        precondition(created == 0, "pthread_key_create failed: \(created)")
        return key
    }()
}
