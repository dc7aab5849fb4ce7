import Mason

/// A clock on which every sleep returns at once, moving the clock's time forward by the time slept:
/// code that waits (retry back-off, `Retry-After`, delays) runs at full speed, and its virtual time
/// still adds up.
///
/// Use it where a test cares that waits happen and how long they are in total, not when each one
/// ends — a soak test of thousands of retried requests, or a demo. To step through waits one by
/// one, use ``ManualClock``.
///
/// `ImmediateClock` is a `Sendable` reference type: copies share the same time. Concurrent sleepers
/// each move it forward by their own duration, so ``now`` is the latest deadline reached.
///
/// ```swift
/// let clock = ImmediateClock()
/// try await clock.sleep(for: .seconds(30))   // returns at once
/// clock.now.offset                           // 30 seconds
/// clock.totalSlept                           // 30 seconds
/// ```
public final class ImmediateClock: Clock, Sendable {
    /// A point in the clock's virtual time (the same type as ``ManualClock``'s).
    public typealias Instant = ManualClock.Instant

    private struct State {
        var now: Instant
        var slept: Swift.Duration = .zero
        var sleeps = 0
    }

    private let state: Locked<State>

    /// A clock starting at `now`.
    ///
    /// ```swift
    /// let clock = ImmediateClock()
    /// ```
    ///
    /// - Parameter now: The starting time; the origin by default.
    public init(now: Instant = Instant()) {
        state = Locked(State(now: now))
    }

    /// The clock's current virtual time.
    public var now: Instant { state.withLock { $0.now } }

    /// The smallest step of the clock: one nanosecond.
    public var minimumResolution: Swift.Duration { .nanoseconds(1) }

    /// The sum of every wait so far, each measured from the clock's time when the sleep began.
    public var totalSlept: Swift.Duration { state.withLock { $0.slept } }

    /// How many sleeps with a deadline in the future have happened.
    public var sleepCount: Int { state.withLock { $0.sleeps } }

    /// Returns at once, after moving time to `deadline` if it is later than ``now``; throws
    /// `CancellationError` if the task is cancelled.
    ///
    /// ```swift
    /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
    /// ```
    ///
    /// - Parameters:
    ///   - deadline: When the sleep would end.
    ///   - tolerance: Ignored.
    public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
        try Task.checkCancellation()
        state.withLock { state in
            let wait = state.now.duration(to: deadline)
            guard wait > .zero else { return }
            state.slept += wait
            state.sleeps += 1
            state.now = deadline
        }
        await Task.yield()  // a sleep is a suspension point, as on a real clock
        try Task.checkCancellation()
    }
}
