/// How often to try an operation and how long to wait between the attempts.
///
/// A policy is a value: the maximum number of attempts (the first one included), a ``Backoff``
/// schedule, optional ``Jitter``, a cap on each delay (``maximumDelay``) and a cap on the total time
/// (``budget``). The retry functions (``retrying(isolation:policy:clock:retryIf:delayOverride:operation:)``
/// and the `retry(_:policy:…)` family) read it; ``delay(beforeRetry:randomUnit:)`` computes the
/// schedule purely, so it can be tested without randomness or time.
///
/// ```swift
/// let policy = RetryPolicy(
///     retries: 4,
///     backoff: .exponential(initial: .milliseconds(100)),
///     jitter: .full,
///     maximumDelay: .seconds(1),
///     budget: .seconds(5)
/// )
/// policy.maximumAttempts                             // 5
/// policy.delay(beforeRetry: 1, randomUnit: 0.5)      // 50 ms (half of 100 ms, full jitter)
/// policy.delay(beforeRetry: 4, randomUnit: 1)        // 800 ms
/// ```
///
/// `RetryPolicy` is `Sendable`. The random source is injectable (``random``); it defaults to the
/// system's random number generator.
public struct RetryPolicy: Sendable {
    /// How the delay before each retry grows.
    ///
    /// Retries are numbered from 1 (the wait before the second attempt):
    ///
    /// | backoff | retry 1 | retry 2 | retry 3 |
    /// |---|---|---|---|
    /// | `.constant(d)` | d | d | d |
    /// | `.linear(initial: i, increment: s)` | i | i + s | i + 2s |
    /// | `.exponential(initial: i, multiplier: m)` | i | i·m | i·m² |
    ///
    /// ```swift
    /// RetryPolicy.Backoff.exponential(initial: .seconds(1))   // 1 s, 2 s, 4 s, …
    /// ```
    public enum Backoff: Sendable, Hashable {
        /// The same delay before every retry.
        ///
        /// ```swift
        /// RetryPolicy.Backoff.constant(.seconds(2))   // 2 s, 2 s, 2 s, …
        /// ```
        case constant(Duration)
        /// A delay that starts at `initial` and grows by `increment` with each retry.
        ///
        /// ```swift
        /// RetryPolicy.Backoff.linear(initial: .seconds(1), increment: .seconds(2))   // 1 s, 3 s, 5 s, …
        /// ```
        case linear(initial: Duration, increment: Duration)
        /// A delay that starts at `initial` and is multiplied by `multiplier` (default 2) with each retry.
        ///
        /// ```swift
        /// RetryPolicy.Backoff.exponential(initial: .milliseconds(100), multiplier: 3)   // 100 ms, 300 ms, 900 ms, …
        /// ```
        case exponential(initial: Duration, multiplier: Double = 2)
    }

    /// Whether the computed delay is randomised.
    ///
    /// ```swift
    /// RetryPolicy(retries: 3, backoff: .constant(.seconds(2)), jitter: .full)
    ///     .delay(beforeRetry: 1, randomUnit: 0.25)   // 0.5 seconds
    /// ```
    public enum Jitter: Sendable, Hashable {
        /// Wait exactly the computed delay.
        ///
        /// ```swift
        /// RetryPolicy(retries: 1, backoff: .constant(.seconds(2)), jitter: .none).delay(beforeRetry: 1)   // 2 seconds
        /// ```
        case none
        /// AWS's "full jitter": wait a uniformly random duration in `0...delay`, so that many clients
        /// failing together do not retry together.
        ///
        /// ```swift
        /// RetryPolicy(retries: 1, backoff: .constant(.seconds(2)), jitter: .full).delay(beforeRetry: 1)   // 0...2 seconds
        /// ```
        case full
    }

    /// The most attempts, the first included: `RetryPolicy(retries: 3)` makes at most 4. At least 1.
    ///
    /// ```swift
    /// RetryPolicy(retries: 3).maximumAttempts   // 4
    /// ```
    public var maximumAttempts: Int

    /// How the delay before each retry grows.
    ///
    /// ```swift
    /// RetryPolicy.linear.backoff   // .linear(initial: 1 s, increment: 1 s)
    /// ```
    public var backoff: Backoff

    /// Whether delays are randomised.
    ///
    /// ```swift
    /// RetryPolicy.exponential.jitter   // .full
    /// ```
    public var jitter: Jitter

    /// The longest single delay, applied before jitter and to a failure's own delay (`Retry-After`).
    /// `nil` means no cap.
    ///
    /// ```swift
    /// var policy = RetryPolicy(retries: 9, backoff: .exponential(initial: .seconds(1)))
    /// policy.maximumDelay = .seconds(30)
    /// policy.delay(beforeRetry: 9)   // 30 seconds, not 256
    /// ```
    public var maximumDelay: Duration?

    /// The total time the retries may take, measured from the start of the first attempt on the clock
    /// (or sleeper) the retry waits on. No retry starts whose wait would end after the budget: the
    /// retry ends with the last failure instead. `nil` means no budget.
    ///
    /// ```swift
    /// var policy = RetryPolicy(retries: 10, backoff: .constant(.seconds(2)))
    /// policy.budget = .seconds(5)   // instant failures: attempts at 0 s, 2 s, 4 s; a wait to 6 s is refused
    /// ```
    public var budget: Duration?

    /// The random source for ``Jitter/full``: returns a number in `0..<1` each time it is called.
    ///
    /// ```swift
    /// var policy = RetryPolicy.exponential
    /// policy.random = { 0.5 }       // deterministic: always half the delay
    /// policy.delay(beforeRetry: 1)  // 50 ms
    /// ```
    public var random: @Sendable () -> Double

    /// The number of retries after the first attempt: `maximumAttempts - 1`.
    ///
    /// ```swift
    /// RetryPolicy(retries: 3).retries   // 3
    /// ```
    public var retries: Int { max(1, maximumAttempts) - 1 }

    /// Creates a policy from the total number of attempts.
    ///
    /// ```swift
    /// let once = RetryPolicy(maximumAttempts: 1)   // no retry at all
    /// let four = RetryPolicy(maximumAttempts: 4, backoff: .constant(.seconds(1)))
    /// ```
    /// - Parameters:
    ///   - maximumAttempts: The most attempts, the first included; values below 1 mean 1.
    ///   - backoff: How the delay grows; by default there is none.
    ///   - jitter: Whether delays are randomised; by default they are not.
    ///   - maximumDelay: The longest single delay; `nil` (the default) means no cap.
    ///   - budget: The total time the retries may take; `nil` (the default) means no budget.
    ///   - random: The random source for jitter, returning numbers in `0..<1`.
    public init(
        maximumAttempts: Int,
        backoff: Backoff = .constant(.zero),
        jitter: Jitter = .none,
        maximumDelay: Duration? = nil,
        budget: Duration? = nil,
        random: @escaping @Sendable () -> Double = RetryPolicy.systemRandom
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.backoff = backoff
        self.jitter = jitter
        self.maximumDelay = maximumDelay
        self.budget = budget
        self.random = random
    }

    /// Creates a policy from the number of retries: "retries: 3" means 4 attempts in all.
    ///
    /// ```swift
    /// RetryPolicy(retries: 3, backoff: .linear(initial: .seconds(1), increment: .seconds(1))).maximumAttempts   // 4
    /// ```
    /// - Parameters:
    ///   - retries: How many times to try again after the first attempt; negative values mean 0.
    ///   - backoff: How the delay grows; by default there is none.
    ///   - jitter: Whether delays are randomised; by default they are not.
    ///   - maximumDelay: The longest single delay; `nil` (the default) means no cap.
    ///   - budget: The total time the retries may take; `nil` (the default) means no budget.
    ///   - random: The random source for jitter, returning numbers in `0..<1`.
    public init(
        retries: Int,
        backoff: Backoff = .constant(.zero),
        jitter: Jitter = .none,
        maximumDelay: Duration? = nil,
        budget: Duration? = nil,
        random: @escaping @Sendable () -> Double = RetryPolicy.systemRandom
    ) {
        let attempts = retries < Int.max ? max(0, retries) + 1 : Int.max
        self.init(
            maximumAttempts: attempts, backoff: backoff, jitter: jitter,
            maximumDelay: maximumDelay, budget: budget, random: random
        )
    }

    /// The seed's retry policy: `retries + 1` attempts with a ``Debounce`` schedule.
    ///
    /// ```swift
    /// RetryPolicy(retries: 3, debounce: .linear(2)).delay(beforeRetry: 3, randomUnit: 0)   // 2 seconds
    /// ```
    /// - Parameters:
    ///   - retries: How many times to try again after the first attempt; negative values mean 0.
    ///   - debounce: The seed's delay schedule.
    public init(retries: Int, debounce: Debounce) {
        self.init(retries: retries, backoff: debounce.backoff)
    }

    /// The system random source: `Double.random(in: 0..<1)` with the system's generator.
    ///
    /// ```swift
    /// RetryPolicy.systemRandom()   // for example 0.7312…
    /// ```
    public static let systemRandom: @Sendable () -> Double = { Double.random(in: 0..<1) }
}

// MARK: - Presets

extension RetryPolicy {
    /// Retries at once, with no delay between attempts.
    ///
    /// ```swift
    /// RetryPolicy.immediate(retries: 2).maximumAttempts   // 3
    /// ```
    /// - Parameter retries: How many times to try again after the first attempt.
    /// - Returns: A policy with `retries + 1` attempts and no delays.
    public static func immediate(retries: Int) -> RetryPolicy {
        RetryPolicy(retries: retries)
    }

    /// Three retries after 1 s, 2 s and 3 s: ``linear(retries:initial:increment:maximumDelay:)`` with
    /// its defaults.
    ///
    /// ```swift
    /// RetryPolicy.linear.delay(beforeRetry: 3, randomUnit: 0)   // 3 seconds
    /// ```
    public static var linear: RetryPolicy { .linear() }

    /// A delay that grows by the same step each retry: `initial`, `initial + increment`, …
    ///
    /// ```swift
    /// let policy = RetryPolicy.linear(retries: 4, initial: .seconds(1), increment: .milliseconds(500))
    /// policy.delay(beforeRetry: 3, randomUnit: 0)   // 2 seconds
    /// ```
    /// - Parameters:
    ///   - retries: How many times to try again after the first attempt (default 3).
    ///   - initial: The delay before the first retry (default 1 s).
    ///   - increment: How much each delay adds to the previous one (default: `initial`).
    ///   - maximumDelay: The longest single delay; `nil` (the default) means no cap.
    /// - Returns: A policy without jitter or budget.
    public static func linear(
        retries: Int = 3,
        initial: Duration = .seconds(1),
        increment: Duration? = nil,
        maximumDelay: Duration? = nil
    ) -> RetryPolicy {
        RetryPolicy(
            retries: retries,
            backoff: .linear(initial: initial, increment: increment ?? initial),
            maximumDelay: maximumDelay
        )
    }

    /// Three retries with full-jitter exponential backoff from 100 ms, capped at 10 s:
    /// ``exponential(retries:initial:multiplier:maximumDelay:jitter:)`` with its defaults.
    ///
    /// ```swift
    /// RetryPolicy.exponential.delay(beforeRetry: 3, randomUnit: 0.5)   // 200 ms (half of 400 ms)
    /// ```
    public static var exponential: RetryPolicy { .exponential() }

    /// A delay that is multiplied with each retry, with full jitter by default (AWS's recommendation).
    ///
    /// ```swift
    /// let policy = RetryPolicy.exponential(retries: 5, initial: .seconds(1), maximumDelay: .seconds(8), jitter: .none)
    /// (1...5).map { policy.delay(beforeRetry: $0, randomUnit: 0) }   // 1 s, 2 s, 4 s, 8 s, 8 s
    /// ```
    /// - Parameters:
    ///   - retries: How many times to try again after the first attempt (default 3).
    ///   - initial: The delay before the first retry (default 100 ms).
    ///   - multiplier: The factor between two consecutive delays (default 2).
    ///   - maximumDelay: The longest single delay (default 10 s); `nil` means no cap.
    ///   - jitter: Whether delays are randomised (default ``Jitter/full``).
    /// - Returns: A policy without budget.
    public static func exponential(
        retries: Int = 3,
        initial: Duration = .milliseconds(100),
        multiplier: Double = 2,
        maximumDelay: Duration? = .seconds(10),
        jitter: Jitter = .full
    ) -> RetryPolicy {
        RetryPolicy(
            retries: retries,
            backoff: .exponential(initial: initial, multiplier: multiplier),
            jitter: jitter,
            maximumDelay: maximumDelay
        )
    }
}

// MARK: - The schedule

extension RetryPolicy {
    /// The wait before a retry: the backoff's delay, capped at ``maximumDelay``, then jittered.
    ///
    /// Pure: the randomness comes in as `randomUnit`, so the whole schedule can be checked without a
    /// random source. With ``Jitter/full`` the result is `delay × randomUnit` (a `randomUnit` in
    /// `0..<1` gives a delay in `0...delay`); with ``Jitter/none`` `randomUnit` is ignored.
    /// Negative durations count as zero; a delay that would overflow is capped at about 34,000 years.
    ///
    /// ```swift
    /// let policy = RetryPolicy(retries: 3, backoff: .exponential(initial: .seconds(1)), maximumDelay: .seconds(3))
    /// policy.delay(beforeRetry: 1, randomUnit: 0)   // 1 second
    /// policy.delay(beforeRetry: 2, randomUnit: 0)   // 2 seconds
    /// policy.delay(beforeRetry: 3, randomUnit: 0)   // 3 seconds (4 s, capped)
    /// ```
    /// - Parameters:
    ///   - retry: Which retry, from 1 (the wait before the second attempt); values below 1 mean 1.
    ///   - randomUnit: A number in `0...1` scaling the delay under full jitter; clamped to `0...1`.
    /// - Returns: How long to wait before that retry.
    public func delay(beforeRetry retry: Int, randomUnit: Double) -> Duration {
        let delay = cappedBackoff(beforeRetry: max(1, retry))
        switch jitter {
        case .none:
            return delay
        case .full:
            let unit = randomUnit >= 0 ? min(randomUnit, 1) : 0  // NaN fails `>= 0` and becomes 0
            return delay * unit
        }
    }

    /// The wait before a retry, drawing the jitter from ``random``.
    ///
    /// ```swift
    /// RetryPolicy.linear.delay(beforeRetry: 2)   // 2 seconds (no jitter, so no randomness)
    /// ```
    /// - Parameter retry: Which retry, from 1 (the wait before the second attempt).
    /// - Returns: How long to wait before that retry.
    public func delay(beforeRetry retry: Int) -> Duration {
        delay(beforeRetry: retry, randomUnit: jitter == .none ? 0 : random())
    }

    /// A delay chosen elsewhere (a server's `Retry-After`), limited to `0...maximumDelay`. Not jittered.
    func capped(_ delay: Duration) -> Duration {
        min(max(delay, .zero), longestAllowedDelay)
    }

    /// The largest delay this policy allows: ``maximumDelay`` or the overflow guard.
    private var longestAllowedDelay: Duration {
        guard let maximumDelay else { return Self.longestDelay }
        return min(max(maximumDelay, .zero), Self.longestDelay)
    }

    /// The backoff's delay before `retry` (≥ 1), within `0...longestAllowedDelay`. Computes an estimate
    /// in `Double` first so that huge retry numbers cap instead of overflowing, then the exact value with
    /// `Duration` arithmetic wherever it can, so `1 s` doubled three times is exactly `8 s`.
    private func cappedBackoff(beforeRetry retry: Int) -> Duration {
        let limit = longestAllowedDelay
        let limitSeconds = limit / .seconds(1)
        let steps = retry - 1
        let delay: Duration
        switch backoff {
        case .constant(let constant):
            delay = constant
        case .linear(let initial, let increment):
            let growth = increment / .seconds(1) * Double(steps)
            let estimate = initial / .seconds(1) + growth
            guard estimate > 0 else { return .zero }  // NaN fails too
            guard estimate < limitSeconds else { return limit }
            // Exact arithmetic unless the growth alone is too large for it (a huge negative increment).
            delay = abs(growth) < 0x1p60 ? initial + increment * steps : .seconds(estimate)
        case .exponential(let initial, let multiplier):
            let factor = Self.power(multiplier, steps)
            let estimate = initial / .seconds(1) * factor
            guard estimate > 0 else { return .zero }  // NaN fails too
            guard estimate < limitSeconds else { return limit }
            if factor >= 0, factor < 0x1p62, factor == factor.rounded(.towardZero) {
                delay = initial * Int(factor)
            } else {
                delay = initial * factor  // finite: `estimate` is
            }
        }
        return min(max(delay, .zero), limit)
    }

    /// `base` to the power `exponent` (≥ 0) by repeated squaring: O(log exponent) multiplications.
    private static func power(_ base: Double, _ exponent: Int) -> Double {
        var result = 1.0
        var square = base
        var remaining = exponent
        while remaining > 0 {
            if remaining & 1 == 1 { result *= square }
            remaining >>= 1
            if remaining > 0 { square *= square }
        }
        return result
    }

    /// The longest delay any policy produces (2⁴⁰ s, about 34,800 years): far from overflowing
    /// `Duration`, whatever the backoff.
    static let longestDelay: Duration = .seconds(1 << 40)

    /// ``longestDelay`` in seconds.
    static let longestDelaySeconds: Double = 0x1p40
}
