public import Mason

extension StoreError: CancellationRepresentable {
    /// The error of an operation whose task was cancelled: kind ``Kind/cancelled``. A cancelled run of a
    /// `Deferred<Result<Element, StoreError>>`, or a retry cancelled while it waits, ends with it.
    ///
    /// ```swift
    /// StoreError.cancellation.kind   // .cancelled
    /// ```
    public static var cancellation: StoreError {
        StoreError(kind: .cancelled, message: "the task was cancelled")
    }

    /// Runs `attempt` again while it fails in a way worth retrying (``isWorthRetrying``), waiting on
    /// `clock` as `policy` says: the retry of every store's `operate(…, retrying…)`. One cancelled while
    /// it waits ends with ``cancellation``, not the failure it would have retried.
    package static func retryingWhileWorthIt<Element, C: Clock>(
        policy: RetryPolicy, clock: C, _ attempt: () async throws(StoreError) -> Element
    ) async throws(StoreError) -> Element where C.Duration == Duration {
        do {
            return try await retrying(policy: policy, clock: clock, retryIf: \.isWorthRetrying, operation: attempt)
        } catch  where Task.isCancelled && error.isWorthRetrying {
            throw .cancellation
        }
    }
}
