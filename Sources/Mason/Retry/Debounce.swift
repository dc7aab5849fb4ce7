/// FunNetworking's wait between retries, in seconds: `.constant(2)` waits 2 s before every retry,
/// `.exponential(0.5)` waits 0.5 s, then 1 s, then 2 s, … (doubling).
///
/// `Debounce` is the seed's spelling and stays for source compatibility with
/// `retry(f, retries: 3, debounce: .linear(2))`. It maps onto a ``RetryPolicy`` (see
/// ``policy(retries:)``); use a `RetryPolicy` directly for jitter, a maximum delay, a total budget or
/// a linear *growth* (`RetryPolicy.Backoff.linear(initial:increment:)`). The seed named the constant
/// delay `.linear(n)`; that spelling still works (see SeedSpellings.swift) and means `.constant(n)`.
///
/// ```swift
/// let request = retry(requestSyncE, retries: 3, debounce: .linear(2))   // waits 2 s, 2 s, 2 s
/// let steady = Debounce.exponential(0.5).policy(retries: 3)
/// (1...3).map { steady.delay(beforeRetry: $0) }                          // [0.5 s, 1 s, 2 s]
/// ```
public enum Debounce: Sendable, Hashable {
    /// The same delay, in seconds, before every retry (the seed's `.linear`).
    ///
    /// ```swift
    /// Debounce.constant(2)   // 2 s, 2 s, 2 s, …
    /// ```
    case constant(Double)
    /// A delay in seconds that doubles after each retry.
    ///
    /// ```swift
    /// Debounce.exponential(0.5)   // 0.5 s, 1 s, 2 s, …
    /// ```
    case exponential(Double)
}

extension Debounce {
    /// The delay in seconds before the next retry (the seed's `value`).
    ///
    /// ```swift
    /// Debounce.exponential(10).value   // 10
    /// ```
    public var value: Double {
        switch self {
        case .constant(let seconds), .exponential(let seconds): seconds
        }
    }

    /// The debounce for the retry after this one (the seed's `run()`): constant stays, exponential doubles.
    ///
    /// ```swift
    /// Debounce.constant(10).run().value              // 10
    /// Debounce.exponential(10).run().value           // 20
    /// Debounce.exponential(10).run().run().value     // 40
    /// ```
    /// - Returns: The debounce to use for the following retry.
    public func run() -> Debounce {
        switch self {
        case .constant: self
        case .exponential(let seconds): .exponential(seconds + seconds)
        }
    }

    /// The backoff this debounce stands for: `.constant(s)` is a constant `s` seconds,
    /// `.exponential(s)` starts at `s` seconds and doubles. Negative or NaN seconds mean no delay.
    ///
    /// ```swift
    /// Debounce.constant(2).backoff      // .constant(.seconds(2))
    /// Debounce.exponential(1).backoff   // .exponential(initial: .seconds(1), multiplier: 2)
    /// ```
    public var backoff: RetryPolicy.Backoff {
        switch self {
        case .constant(let seconds): .constant(Self.duration(seconds: seconds))
        case .exponential(let seconds): .exponential(initial: Self.duration(seconds: seconds), multiplier: 2)
        }
    }

    /// The retry policy the seed's `retry(f, retries:, debounce:)` used: `retries + 1` attempts in all
    /// (at least one: a negative count means no retry), this debounce's delays, no jitter, no cap,
    /// no budget.
    ///
    /// ```swift
    /// let policy = Debounce.exponential(0.5).policy(retries: 3)
    /// policy.maximumAttempts                                  // 4
    /// policy.delay(beforeRetry: 3, randomUnit: 0)             // 2 seconds
    /// ```
    /// - Parameter retries: How many times to try again after the first attempt.
    /// - Returns: The equivalent ``RetryPolicy``.
    public func policy(retries: Int) -> RetryPolicy {
        RetryPolicy(retries: retries, backoff: backoff)
    }

    /// Converts seconds to a `Duration`, mapping NaN and negatives to zero and clamping huge values.
    private static func duration(seconds: Double) -> Duration {
        guard seconds > 0 else { return .zero }
        return seconds < RetryPolicy.longestDelaySeconds ? .seconds(seconds) : RetryPolicy.longestDelay
    }
}
