import Mason
package import NIOCore
import Synchronization

/// One timer on an event loop that watches many readers, each for its own idle timeout, and calls a
/// reader's `onExpire` once its timeout has passed since its last ``touch(_:)``.
///
/// Arming a timer per request costs as much as a small loopback request itself (the event loop must be
/// woken to schedule and again to cancel), so a watchdog keeps **one** scheduled wake-up, at the earliest
/// time any watched reader could expire. Watching a reader only reschedules it when the reader's due
/// time is earlier than that; unwatching never does. When the wake-up comes it fires the readers that
/// are due and sleeps until the next due time; with no readers left it stops. In the usual case — the
/// same timeout for every request — it wakes about once per timeout, however many requests pass. The
/// wake-up holds the watchdog weakly: a transport made for one request and dropped frees its watchdog,
/// and the watches' closures, at once — only the small scheduled wake-up waits for its time, then
/// finds nothing to do.
///
/// A touch, the frequent call (once per piece of a response), takes no lock: it stores the time in the
/// reader itself. Only watching and unwatching take the watchdog's lock, which every request of a
/// transport shares.
///
/// ```swift
/// let reader = IdleWatchdog.Reader()
/// let task = client.execute(request: request, delegate: collector)   // calls watchdog.touch(reader) at each step
/// watchdog.watch(reader, timeout: .seconds(30)) { task.fail(reason: IdleTimeout()) }
/// let hadExpired = !watchdog.unwatch(reader)
/// ```
///
/// Its time is the event loop's: `now` reads the loop's clock (the real monotonic clock by default;
/// a testing event loop's virtual one in tests).
package final class IdleWatchdog: Sendable {
    /// One watched reader: when it last made progress. While watched it is held by the watchdog, so
    /// its identity names it there.
    package final class Reader: Sendable {
        /// The last touch, in the watchdog's uptime nanoseconds: stored by each touch and read by the
        /// wake-up without the watchdog's lock (a lone timestamp, published with nothing else).
        fileprivate let lastTouch = Atomic<UInt64>(0)

        /// A reader not yet watched; it may be touched before it is.
        package init() {}

        fileprivate var lastTouched: NIODeadline {
            .uptimeNanoseconds(lastTouch.load(ordering: .relaxed))
        }
    }

    private struct Watch {
        let reader: Reader
        let timeout: TimeAmount
        let onExpire: @Sendable () -> Void
        var due: NIODeadline { reader.lastTouched + timeout }
    }

    private struct State {
        var watches: [ObjectIdentifier: Watch] = [:]
        var wake: (at: NIODeadline, task: Scheduled<Void>)?
    }

    private let eventLoop: any EventLoop
    private let now: @Sendable () -> NIODeadline
    private let state = Locked(State())

    /// Creates a watchdog whose wake-ups run on `eventLoop`, telling the time with `now`.
    package init(on eventLoop: any EventLoop, now: @escaping @Sendable () -> NIODeadline = { .now() }) {
        self.eventLoop = eventLoop
        self.now = now
    }

    /// Starts watching `reader`: `onExpire` runs on the event loop once `timeout` passes without a
    /// touch.
    package func watch(_ reader: Reader, timeout: TimeAmount, onExpire: @escaping @Sendable () -> Void) {
        touch(reader)
        let watch = Watch(reader: reader, timeout: timeout, onExpire: onExpire)
        let due = watch.due  // read once: a touch may store a later time meanwhile
        state.withLock { state in
            state.watches[ObjectIdentifier(reader)] = watch
            if let wake = state.wake, wake.at <= due { return }
            state.wake?.task.cancel()
            state.wake = (due, scheduleWakeUp(at: due))
        }
    }

    /// Schedules ``wakeUp()`` at `deadline`, holding the watchdog weakly.
    private func scheduleWakeUp(at deadline: NIODeadline) -> Scheduled<Void> {
        eventLoop.scheduleTask(deadline: deadline) { [weak self] in self?.wakeUp() }
    }

    /// Notes that `reader` made progress now: its timeout counts again from here.
    package func touch(_ reader: Reader) {
        reader.lastTouch.store(now().uptimeNanoseconds, ordering: .relaxed)
    }

    /// Stops watching `reader`. Returns `false` when it had expired already (its `onExpire` has run or
    /// is running), `true` otherwise.
    @discardableResult
    package func unwatch(_ reader: Reader) -> Bool {
        state.withLock { $0.watches.removeValue(forKey: ObjectIdentifier(reader)) != nil }
    }

    private func wakeUp() {
        let time = now()
        let expired = state.withLock { state -> [@Sendable () -> Void] in
            var expired: [@Sendable () -> Void] = []
            var next: NIODeadline?
            for (id, watch) in state.watches {
                let due = watch.due  // read once: a touch may store a later time meanwhile
                if due <= time {
                    expired.append(watch.onExpire)
                    state.watches[id] = nil
                } else {
                    next = min(next ?? due, due)
                }
            }
            state.wake = next.map { next in (next, scheduleWakeUp(at: next)) }
            return expired
        }
        for onExpire in expired { onExpire() }
    }
}
