import Mason
package import NIOCore

/// One timer on an event loop that watches many readers, each for its own idle timeout, and calls a
/// reader's `onExpire` once its timeout has passed since its last ``touch(_:)``.
///
/// Arming a timer per request costs as much as a small loopback request itself (the event loop must be
/// woken to schedule and again to cancel), so a watchdog keeps **one** scheduled wake-up, at the earliest
/// time any watched reader could expire. Watching a reader only reschedules it when the reader's due
/// time is earlier than that; unwatching never does. When the wake-up comes it fires the readers that
/// are due and sleeps until the next due time; with no readers left it stops. In the usual case — the
/// same timeout for every request — it wakes about once per timeout, however many requests pass.
///
/// ```swift
/// let id = watchdog.makeID()
/// let task = client.execute(request: request, delegate: collector)   // calls watchdog.touch(id) at each step
/// watchdog.watch(id, timeout: .seconds(30)) { task.fail(reason: IdleTimeout()) }
/// let hadExpired = !watchdog.unwatch(id)
/// ```
///
/// Its time is the event loop's: `now` reads the loop's clock (the real monotonic clock by default;
/// a testing event loop's virtual one in tests).
package final class IdleWatchdog: Sendable {
    private struct Watch {
        var lastTouch: NIODeadline
        let timeout: TimeAmount
        let onExpire: @Sendable () -> Void
        var due: NIODeadline { lastTouch + timeout }
    }

    private struct State {
        var nextID = 0
        var watches: [Int: Watch] = [:]
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

    /// A new identifier for ``watch(_:timeout:onExpire:)``.
    package func makeID() -> Int {
        state.withLock { state in
            defer { state.nextID &+= 1 }
            return state.nextID
        }
    }

    /// Starts watching `id`: `onExpire` runs on the event loop once `timeout` passes without a touch.
    package func watch(_ id: Int, timeout: TimeAmount, onExpire: @escaping @Sendable () -> Void) {
        let watch = Watch(lastTouch: now(), timeout: timeout, onExpire: onExpire)
        state.withLock { state in
            state.watches[id] = watch
            if let wake = state.wake, wake.at <= watch.due { return }
            state.wake?.task.cancel()
            state.wake = (watch.due, eventLoop.scheduleTask(deadline: watch.due) { self.wakeUp() })
        }
    }

    /// Notes that reader `id` made progress now: its timeout counts again from here.
    package func touch(_ id: Int) {
        let time = now()
        state.withLock { $0.watches[id]?.lastTouch = time }
    }

    /// Stops watching `id`. Returns `false` when it had expired already (its `onExpire` has run or is
    /// running), `true` otherwise.
    @discardableResult
    package func unwatch(_ id: Int) -> Bool {
        state.withLock { $0.watches.removeValue(forKey: id) != nil }
    }

    private func wakeUp() {
        let time = now()
        let expired = state.withLock { state -> [@Sendable () -> Void] in
            var expired: [@Sendable () -> Void] = []
            var next: NIODeadline?
            for (id, watch) in state.watches {
                if watch.due <= time {
                    expired.append(watch.onExpire)
                    state.watches[id] = nil
                } else {
                    next = min(next ?? watch.due, watch.due)
                }
            }
            state.wake = next.map { next in (next, eventLoop.scheduleTask(deadline: next) { self.wakeUp() }) }
            return expired
        }
        for onExpire in expired { onExpire() }
    }
}
