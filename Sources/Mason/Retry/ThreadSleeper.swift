#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

/// How a synchronous retry waits between attempts: it **blocks the calling thread**.
///
/// The synchronous containers (`Optional`, `Result`, `Either`, `IO`, `Reader`) have no way to
/// suspend, so their `retry` functions sleep the thread that runs them, as FunNetworking's did with
/// `Thread.sleep`. Never run them on the cooperative thread pool (inside a `Task` or an `async`
/// function) with real delays: use the `async` forms of `retry` there, which wait on a `Clock`
/// without blocking.
///
/// A sleeper is two functions: `sleep`, which blocks for a duration, and `now`, a monotonic reading
/// used only to measure a ``RetryPolicy/budget``. ``system`` uses `nanosleep` and `ContinuousClock`;
/// tests inject a sleeper that records the durations and returns at once (MasonTesting's
/// `ManualClock.threadSleeper` does that on virtual time).
///
/// ```swift
/// let slept = Mutex<[Duration]>([])   // import Synchronization
/// let recording = ThreadSleeper(now: { .zero }, sleep: { duration in slept.withLock { $0.append(duration) } })
/// let parse = retry(readPort, policy: .linear(retries: 2, initial: .seconds(1)), sleeper: recording)
/// parse("config.txt")   // nil after 3 attempts, returning at once
/// slept.withLock { $0 }   // [1 seconds, 2 seconds]: recorded, not slept
/// ```
///
/// `ThreadSleeper` is `Sendable`: it holds only `@Sendable` functions.
public struct ThreadSleeper: Sendable {
    /// Blocks the calling thread for the duration (or pretends to, in tests).
    ///
    /// ```swift
    /// ThreadSleeper.system.sleep(.milliseconds(10))   // the thread sleeps 10 ms
    /// ```
    public let sleep: @Sendable (Duration) -> Void

    /// A monotonic reading: the time since some fixed point. Only differences between two readings
    /// are used, to measure a retry budget.
    ///
    /// ```swift
    /// let start = ThreadSleeper.system.now()
    /// ThreadSleeper.system.now() - start   // the time since `start`
    /// ```
    public let now: @Sendable () -> Duration

    /// Creates a sleeper from a blocking sleep and a monotonic reading.
    ///
    /// ```swift
    /// let instant = ThreadSleeper(now: { .zero }, sleep: { _ in })   // never waits, no time passes
    /// ```
    /// - Parameters:
    ///   - now: A monotonic reading (time since a fixed point), used for the retry budget.
    ///   - sleep: Blocks the calling thread for the given duration.
    public init(
        now: @escaping @Sendable () -> Duration,
        sleep: @escaping @Sendable (Duration) -> Void
    ) {
        self.now = now
        self.sleep = sleep
    }

    /// The real sleeper: blocks the calling thread with `nanosleep` (resuming after signals) and
    /// measures time with `ContinuousClock`.
    ///
    /// ```swift
    /// ThreadSleeper.system.sleep(.milliseconds(5))   // the thread sleeps for 5 ms
    /// ```
    public static let system: ThreadSleeper = {
        let origin = ContinuousClock.now
        return ThreadSleeper(now: { origin.duration(to: .now) }, sleep: blockThread(for:))
    }()
}

/// Blocks the calling thread for `duration` with `nanosleep`, sleeping again for the remainder when a
/// signal interrupts it. Durations of zero or less return at once.
private func blockThread(for duration: Duration) {
    guard duration > .zero else { return }
    let (seconds, attoseconds) = duration.components
    let nanoseconds = attoseconds / 1_000_000_000
    var request = timespec()
    request.tv_sec = .init(clamping: seconds)
    request.tv_nsec = .init(clamping: nanoseconds)
    var remaining = timespec()
    while nanosleep(&request, &remaining) == -1, errno == EINTR {
        request = remaining
    }
}
