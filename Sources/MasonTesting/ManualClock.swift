// MasonTesting: test doubles for code built on Mason — a manual clock for retry, delays and
// timeouts on virtual time, and (with the network module) a stub transport and a loopback server.
// Nothing in Sources/ depends on this module.

public import Mason

/// A clock whose time moves only when a test moves it: retry, delays and timeouts on virtual time.
///
/// Code under test sleeps on the clock as on any other (`try await clock.sleep(for: .seconds(2))`);
/// the sleep suspends until the test calls ``advance(by:)``, ``advance(to:)`` or ``run()`` past its
/// deadline. Time never moves by itself, so tests never sleep for real and never depend on timing.
///
/// The key to flake-free tests is ``waitForSleepers(count:)``: it suspends the test until the code
/// under test has actually reached its sleep, so the test advances time only when there is someone to
/// wake — no real sleeps, no `Task.yield()` loops.
///
/// ```swift
/// let clock = ManualClock()
/// let task = Task {
///     try await retrying(policy: .init(retries: 2, backoff: .constant(.seconds(5))), clock: clock) {
///         try await flakyOperation()
///     }
/// }
/// try await clock.waitForSleepers(count: 1)   // the first attempt failed; the retry is waiting
/// clock.advance(by: .seconds(5))              // wake it: the second attempt runs
/// try await clock.waitForSleepers(count: 1)
/// clock.advance(by: .seconds(5))              // the third and last attempt
/// _ = await task.result
/// clock.sleeps                                // [5 seconds, 5 seconds]
/// ```
///
/// Rules:
/// - Sleepers whose deadline is reached wake in deadline order, and in the order they started
///   sleeping for equal deadlines (their continuations are resumed in that order; the tasks then run
///   concurrently, as after any sleep).
/// - A sleep whose deadline is not after ``now`` returns at once.
/// - A sleeping task that is cancelled throws `CancellationError` at once, without waiting for time to
///   move; a task already cancelled throws before it sleeps.
/// - Time never goes backwards.
///
/// `ManualClock` is a `Sendable` reference type: copies share the same time. It is safe to use from
/// any thread.
public final class ManualClock: Clock, Sendable {
    /// A point in the clock's virtual time: the duration since the clock's origin.
    ///
    /// ```swift
    /// ManualClock.Instant(offset: .seconds(2)).advanced(by: .seconds(1)).offset   // 3 seconds
    /// ```
    public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
        /// The time since the clock's origin.
        public var offset: Swift.Duration

        /// Creates the instant `offset` after the origin.
        ///
        /// ```swift
        /// let start = ManualClock.Instant()                     // the origin
        /// let later = ManualClock.Instant(offset: .seconds(10))
        /// ```
        /// - Parameter offset: The time since the clock's origin (default zero).
        public init(offset: Swift.Duration = .zero) {
            self.offset = offset
        }

        /// The instant `duration` later (earlier, if negative).
        ///
        /// ```swift
        /// ManualClock.Instant().advanced(by: .seconds(1))   // 1 seconds
        /// ```
        /// - Parameter duration: How far to move.
        /// - Returns: The moved instant.
        public func advanced(by duration: Swift.Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to `other` (negative if `other` is earlier).
        ///
        /// ```swift
        /// ManualClock.Instant().duration(to: ManualClock.Instant(offset: .seconds(3)))   // 3 seconds
        /// ```
        /// - Parameter other: The other instant.
        /// - Returns: `other.offset - offset`.
        public func duration(to other: Instant) -> Swift.Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        ///
        /// ```swift
        /// ManualClock.Instant() < ManualClock.Instant(offset: .seconds(1))   // true
        /// ```
        /// - Parameters:
        ///   - lhs: An instant.
        ///   - rhs: Another instant.
        /// - Returns: `true` if `lhs` is earlier.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset from the origin, for test failure messages.
        ///
        /// ```swift
        /// ManualClock.Instant(offset: .seconds(2)).description   // "2.0 seconds"
        /// ```
        public var description: String { offset.description }
    }

    /// The clock's duration type: `Swift.Duration`, so it fits every API taking
    /// `some Clock<Duration>` (Mason's retry, `Task.sleep(for:tolerance:clock:)`).
    ///
    /// ```swift
    /// let step: ManualClock.Duration = .seconds(1)
    /// ```
    public typealias Duration = Swift.Duration

    /// One task waiting on the clock.
    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// One test waiting for tasks to start sleeping.
    private struct SleeperWaiter {
        let id: UInt64
        let count: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var now: Instant
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var waiters: [SleeperWaiter] = []
        var sleeps: [Duration] = []

        mutating func makeID() -> UInt64 {
            nextID += 1
            return nextID
        }

        /// Removes and returns the waiters whose count of sleepers is reached.
        mutating func satisfiedWaiters() -> [SleeperWaiter] {
            let count = sleepers.count
            let satisfied = waiters.filter { $0.count <= count }
            waiters.removeAll { $0.count <= count }
            return satisfied
        }
    }

    private let state: Locked<State>

    /// Creates a clock whose time starts at `now` (by default the origin).
    ///
    /// ```swift
    /// let clock = ManualClock()
    /// clock.now   // 0.0 seconds
    /// ```
    /// - Parameter now: The starting time.
    public init(now: Instant = Instant()) {
        state = Locked(State(now: now))
    }

    /// The current virtual time.
    ///
    /// ```swift
    /// let clock = ManualClock()
    /// clock.advance(by: .seconds(3))
    /// clock.now   // 3.0 seconds
    /// ```
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// The smallest step the clock distinguishes: zero, since virtual time is exact.
    ///
    /// ```swift
    /// ManualClock().minimumResolution   // 0.0 seconds
    /// ```
    public var minimumResolution: Duration { .zero }

    /// The duration of every sleep started on the clock, in the order they started, including sleeps
    /// that returned at once (as zero) and sleeps later cancelled; not those refused because the task
    /// was already cancelled. Use it to assert a backoff schedule.
    ///
    /// ```swift
    /// clock.sleeps   // [1 seconds, 2 seconds, 4 seconds]
    /// ```
    public var sleeps: [Duration] {
        state.withLock { $0.sleeps }
    }

    /// The number of tasks sleeping on the clock now.
    ///
    /// ```swift
    /// ManualClock().sleepers()   // 0
    /// ```
    /// - Returns: How many sleeps are pending.
    public func sleepers() -> Int {
        state.withLock { $0.sleepers.count }
    }

    /// Suspends until the clock reaches `deadline`: until a test advances time past it.
    ///
    /// ```swift
    /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))   // returns after advance(by: 1 s)
    /// ```
    /// - Parameters:
    ///   - deadline: The instant to wake at; if it is not after ``now``, returns at once.
    ///   - tolerance: Ignored: virtual time is exact.
    /// - Throws: `CancellationError` at once if the task is cancelled before or while it sleeps.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { $0.makeID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Start { case cancelled, due, sleeping([SleeperWaiter]) }
                let start: Start = state.withLock { state in
                    // Checked under the lock: if cancellation comes later, the handler finds the sleeper.
                    if Task.isCancelled { return .cancelled }
                    state.sleeps.append(max(.zero, state.now.duration(to: deadline)))
                    if deadline <= state.now { return .due }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return .sleeping(state.satisfiedWaiters())
                }
                switch start {
                case .cancelled:
                    continuation.resume(throwing: CancellationError())
                case .due:
                    continuation.resume()
                case .sleeping(let waiters):
                    for waiter in waiters { waiter.continuation.resume(returning: true) }
                }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Suspends until at least `count` tasks are sleeping on the clock.
    ///
    /// Call it before ``advance(by:)`` to be sure the code under test has reached its sleep. Woken
    /// sleepers no longer count: after an advance, waiting for one sleeper waits for the *next* sleep.
    ///
    /// ```swift
    /// let task = Task { try await clock.sleep(for: .seconds(1)) }
    /// try await clock.waitForSleepers(count: 1)   // returns once the task is asleep
    /// clock.advance(by: .seconds(1))
    /// ```
    /// - Parameter count: How many sleepers to wait for (default 1).
    /// - Throws: `CancellationError` if the waiting task is cancelled first.
    public func waitForSleepers(count: Int = 1) async throws(CancellationError) {
        if Task.isCancelled { throw CancellationError() }
        let id = state.withLock { $0.makeID() }
        try await state.suspend(
            until: { $0.sleepers.count >= count },
            park: { state, continuation in
                state.waiters.append(SleeperWaiter(id: id, count: count, continuation: continuation))
            },
            unpark: { state in
                state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0).continuation }
            })
    }

    /// Moves time forward by `duration` and wakes every sleeper whose deadline is reached.
    ///
    /// Time moves in one jump: every task woken sees ``now`` at the end of it, as a real sleeper woken
    /// late would, and a sleep one of them starts measures from there. So a timer that fires every
    /// second fires once for `advance(by: .seconds(5))`, and its next deadline is 6 s. Step through
    /// such waits one at a time instead:
    ///
    /// ```swift
    /// clock.advance(by: .seconds(2))   // wakes the sleepers due within the next 2 seconds
    ///
    /// for _ in 0..<5 {                  // five ticks of a one-second timer
    ///     try await clock.waitForSleepers(count: 1)
    ///     clock.advance(by: .seconds(1))
    /// }
    /// ```
    /// - Parameter duration: How far to move; must not be negative.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "ManualClock.advance(by:) needs a non-negative duration, not \(duration)")
        wake { state in state.now.advanced(by: duration) }
    }

    /// Moves time forward to `instant` (not backwards: an earlier instant changes nothing) and wakes
    /// every sleeper whose deadline is reached, in one jump, as ``advance(by:)`` does.
    ///
    /// ```swift
    /// clock.advance(to: ManualClock.Instant(offset: .seconds(10)))
    /// clock.now   // 10.0 seconds
    /// ```
    /// - Parameter instant: The new time.
    public func advance(to instant: Instant) {
        wake { _ in instant }
    }

    /// Moves time to the latest deadline of the current sleepers, waking all of them, in deadline
    /// order. Sleeps started by the woken tasks afterwards are not run; call
    /// ``waitForSleepers(count:)`` and `run()` again for those.
    ///
    /// ```swift
    /// try await clock.waitForSleepers(count: 3)
    /// clock.run()   // all three wake
    /// ```
    public func run() {
        wake { state in state.sleepers.map(\.deadline).max() ?? state.now }
    }

    /// A sleeper for the synchronous retries (`retry` over `Optional`, `Result`, `Either`, `IO`,
    /// `Reader`) on this clock's virtual time: each sleep is recorded in ``sleeps`` and advances the
    /// clock by its duration, returning at once; `now` reads the clock.
    ///
    /// ```swift
    /// let clock = ManualClock()
    /// let load = retry(loadSettings, retries: 2, debounce: .exponential(1), sleeper: clock.threadSleeper)
    /// load("app.json")   // returns at once
    /// clock.sleeps       // [1 seconds, 2 seconds]
    /// clock.now          // 3.0 seconds
    /// ```
    public var threadSleeper: ThreadSleeper {
        ThreadSleeper(now: { self.now.offset }, sleep: { duration in self.sleepSynchronously(for: duration) })
    }

    /// Records a synchronous sleep and advances time by it (negative durations count as zero).
    private func sleepSynchronously(for duration: Duration) {
        let slept = max(.zero, duration)
        state.withLock { $0.sleeps.append(slept) }
        advance(by: slept)
    }

    /// Sets the time to `target(state)` (never backwards) and resumes the sleepers now due, earliest
    /// deadline first, then in the order they started sleeping. Continuations are resumed outside the lock.
    private func wake(_ target: (State) -> Instant) {
        let due: [Sleeper] = state.withLock { state in
            state.now = max(state.now, target(state))
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
