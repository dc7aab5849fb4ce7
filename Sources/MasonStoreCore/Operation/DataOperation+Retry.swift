public import Mason

extension DataOperation where Context: DataContext {
    /// Tries the operation again when it fails, each attempt a nested unit: a failed attempt's work
    /// is undone before the next one starts (if the database ended the whole transaction instead, the
    /// access fails in the end, however an attempt does). An attempt that saved (`save()`) before it
    /// failed is not tried again: what it saved is durable, and running it again would do that work
    /// twice — its failure is thrown. Waits between attempts with `sleeper`, which blocks the
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
            let worthRetrying: (any Error) -> Bool = {
                !($0 is SavedAttempt) && !StoreError.isCancellation($0, in: context) && retryIf($0)
            }
            do {
                return try retrying(policy: policy, sleeper: sleeper, retryIf: worthRetrying) {
                    () throws(any Error) -> Element in
                    let saves = context.saveCount
                    do {
                        return try context.withNestedUnit { try body(context) }
                    } catch  where saves != nil && context.saveCount != saves {
                        throw SavedAttempt(failure: error)
                    }
                }
            } catch let saved as SavedAttempt {
                throw saved.failure
            }
        }
    }
}

/// The failure of an attempt that saved before it failed, which `retry` must not run again.
@usableFromInline
struct SavedAttempt: Error {
    @usableFromInline let failure: any Error

    @usableFromInline init(failure: any Error) {
        self.failure = failure
    }
}
