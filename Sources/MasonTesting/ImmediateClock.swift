import Mason

/// A clock on which every sleep returns at once, moving the clock's time forward by the time slept:
/// code that waits (retry back-off, `Retry-After`, delays) runs at full speed, and its virtual time
/// still adds up.
///
/// Use it where a test cares that waits happen and how long they are in total, not when each one
/// ends — a soak test of thousands of retried requests, or a demo. To step through waits one by
/// one, use ``ManualClock``.
///
/// `ImmediateClock` is a `Sendable` reference type: copies share the same time. Each sleep moves it
/// forward by its own duration — concurrent sleepers too, whatever order they take turns in — so after
/// any number of sleepers ``totalSlept`` is the sum of the durations asked for, ``sleepCount`` the
/// number of sleeps, and ``now`` the start plus ``totalSlept``.
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

    fileprivate struct State {
        var now: Instant
        var slept: Swift.Duration = .zero
        var sleeps = 0
        /// The time each task last read (``now``), by the task's hash: what its `sleep(until:)`
        /// measures its wait from. (Generic code sleeps through `Clock.sleep(for:)`, which reads
        /// `now` and sleeps until `now + duration`; another sleeper may move the clock in between.)
        var readBy: [Int: (instant: Instant, order: Int)] = [:]
        /// How many reads were made: the order of the next one.
        var reads = 0
    }

    /// How many tasks' reads are kept: a task that reads ``now`` and never sleeps leaves its read
    /// behind, so past this many the older half are forgotten (a task among them then measures its
    /// sleep from the clock's time) and the recent ones — those of tasks about to sleep — kept.
    private static let readsKept = 4_096

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

    /// The clock's current virtual time: the start plus every wait so far.
    ///
    /// ```swift
    /// let deadline = clock.now.advanced(by: .seconds(5))
    /// ```
    public var now: Instant {
        let task = Self.currentTask
        return state.withLock { state in
            guard let task else { return state.now }
            if state.readBy.count >= Self.readsKept, state.readBy[task] == nil { state.forgetOlderReads() }
            state.readBy[task] = (state.now, state.reads)
            state.reads += 1
            return state.now
        }
    }

    /// The smallest step of the clock: one nanosecond.
    public var minimumResolution: Swift.Duration { .nanoseconds(1) }

    /// The sum of every wait so far, each the duration its sleep asked for.
    ///
    /// ```swift
    /// clock.totalSlept   // 6 seconds, after three retries two seconds apart
    /// ```
    public var totalSlept: Swift.Duration { state.withLock { $0.slept } }

    /// How many sleeps with a wait longer than zero have happened.
    ///
    /// ```swift
    /// clock.sleepCount   // 3
    /// ```
    public var sleepCount: Int { state.withLock { $0.sleeps } }

    /// Returns at once, after moving time forward by `duration` (if it is positive); throws
    /// `CancellationError` if the task is cancelled.
    ///
    /// ```swift
    /// try await clock.sleep(for: .seconds(1))
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long the sleep would last.
    ///   - tolerance: Ignored.
    public func sleep(for duration: Swift.Duration, tolerance: Swift.Duration? = nil) async throws {
        try Task.checkCancellation()
        let task = Self.currentTask
        state.withLock { state in
            if let task { state.readBy[task] = nil }
            state.advance(by: duration)
        }
        await Task.yield()  // a sleep is a suspension point, as on a real clock
        try Task.checkCancellation()
    }

    /// Returns at once, after moving time forward by the wait until `deadline`, measured from the
    /// ``now`` this task read since its last sleep (as `Clock.sleep(for:)` does, just before it calls
    /// this) — or from the clock's time if it has not read it; throws `CancellationError` if the task is
    /// cancelled.
    ///
    /// ```swift
    /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))   // one second, exactly
    /// ```
    ///
    /// - Parameters:
    ///   - deadline: When the sleep would end.
    ///   - tolerance: Ignored.
    public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
        try Task.checkCancellation()
        let task = Self.currentTask
        state.withLock { state in
            let start = task.flatMap { state.readBy.removeValue(forKey: $0)?.instant } ?? state.now
            state.advance(by: start.duration(to: deadline))
        }
        await Task.yield()  // a sleep is a suspension point, as on a real clock
        try Task.checkCancellation()
    }

    /// The current task's hash, if there is a task: it tells tasks apart while they run.
    private static var currentTask: Int? {
        withUnsafeCurrentTask { $0?.hashValue }
    }
}

extension ImmediateClock.State {
    /// Forgets the older half of the reads kept.
    fileprivate mutating func forgetOlderReads() {
        let orders = readBy.values.map(\.order).sorted()
        let keptFrom = orders[orders.count / 2]
        readBy = readBy.filter { $0.value.order >= keptFrom }
    }

    /// One sleep of `wait`, if it is positive.
    fileprivate mutating func advance(by wait: Swift.Duration) {
        guard wait > .zero else { return }
        slept += wait
        sleeps += 1
        now = now.advanced(by: wait)
    }
}
