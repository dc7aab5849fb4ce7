// The one way Mason's test doubles and coordinators wait for a condition on state kept in a `Locked`:
// check it under the lock, or park a continuation there that whoever changes the state resumes, and
// give it back if the waiting task is cancelled first.

extension Locked {
    /// Suspends until `isReady` holds or a parked continuation is resumed with `true`.
    ///
    /// Under the lock: if `isReady` holds, returns at once; if the task is cancelled, throws; else
    /// `park` stores the continuation in the state, where the code that makes the condition true
    /// resumes it with `true`. On cancellation `unpark` takes the continuation back out (if it is
    /// still there) and it is resumed with `false`, which throws `CancellationError`.
    ///
    /// ```swift
    /// try await state.suspend(
    ///     until: { $0.sleepers.count >= count },
    ///     park: { state, continuation in state.waiters[id] = continuation },
    ///     unpark: { state in state.waiters.removeValue(forKey: id) })
    /// ```
    package func suspend(
        until isReady: (inout Value) -> Bool,
        park: (inout Value, CheckedContinuation<Bool, Never>) -> Void,
        unpark: @escaping @Sendable (inout Value) -> CheckedContinuation<Bool, Never>?
    ) async throws(CancellationError) {
        let resumed = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                // Checked under the lock: a cancellation that comes later finds the continuation.
                // nil: parked; true: ready; false: cancelled.
                let answer: Bool? = withLock { value in
                    if isReady(&value) { return true }
                    if Task.isCancelled { return false }
                    park(&value, continuation)
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            withLock { value in unpark(&value) }?.resume(returning: false)
        }
        if !resumed { throw CancellationError() }
    }
}
