public import Mason

extension DataOperation where Context: DataContext {
    /// Tries the operation again when it fails, each attempt a nested unit: a failed attempt's work
    /// is undone before the next one starts (if the database ended the whole transaction instead, the
    /// access fails in the end, however an attempt does). Waits between attempts with `sleeper`, which blocks the
    /// writer's thread — keep delays short, or zero (`RetryPolicy.immediate(retries:)`).
    ///
    /// ```swift
    /// let claimed = claimNextJob().retry(.immediate(retries: 2))   // up to 3 attempts
    /// ```
    /// - Parameters:
    ///   - policy: How many attempts and how long between them.
    ///   - sleeper: How to wait (`ThreadSleeper.system` by default).
    ///   - retryIf: Which failures deserve another attempt (every failure by default).
    /// - Returns: An operation with the first successful attempt's element.
    @inlinable
    public func retry(
        _ policy: RetryPolicy,
        sleeper: ThreadSleeper = .system,
        retryIf: @escaping @Sendable (any Error) -> Bool = { _ in true }
    ) -> DataOperation {
        DataOperation { context in
            try retrying(policy: policy, sleeper: sleeper, retryIf: retryIf) { () throws(any Error) -> Element in
                try context.withNestedUnit { try body(context) }
            }
        }
    }
}
