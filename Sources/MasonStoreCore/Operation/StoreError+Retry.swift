public import Mason

extension StoreError {
    /// Runs `attempt` again while it fails in a way worth retrying (``isWorthRetrying``), waiting on
    /// `clock` as `policy` says: the retry of every store's `operate(…, retrying…)`. One cancelled while
    /// it waits ends with ``Kind/cancelled`` — nothing was saved, as a failure worth retrying saved
    /// nothing — not with the failure it would have retried.
    package static func retryingWhileWorthIt<Element, C: Clock>(
        policy: RetryPolicy, clock: C, _ attempt: () async throws(StoreError) -> Element
    ) async throws(StoreError) -> Element where C.Duration == Duration {
        do {
            return try await retrying(policy: policy, clock: clock, retryIf: \.isWorthRetrying, operation: attempt)
        } catch  where Task.isCancelled && error.isWorthRetrying {
            throw StoreError(kind: .cancelled, message: "the task was cancelled")
        }
    }
}
