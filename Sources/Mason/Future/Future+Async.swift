extension Future {
    /// The future's value, awaited without blocking a thread; throws the error the future was rejected
    /// with.
    ///
    /// If the future is already resolved, returns (or throws) at once, even in a cancelled task.
    /// Otherwise the task suspends until the future resolves.
    ///
    /// **Cancellation.** Cancelling the awaiting task stops its wait at once: the getter throws
    /// `CancellationError` and the callback it registered is removed. The future itself is not affected,
    /// since it is eager and may be shared — it still resolves, and other observers and awaiters still
    /// get its result.
    ///
    /// ```swift
    /// let promise = Promise<Int>()
    /// Task { promise.resolve(with: 42) }
    /// try await promise.value   // 42
    /// ```
    /// - Throws: The error the future was rejected with, or `CancellationError` if the awaiting task is
    ///   cancelled before the future resolves.
    public var value: Value {
        get async throws {
            if let result = currentResult {
                return try result.get()
            }
            let waiter = FutureWaiter<Value>()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    guard waiter.start(continuation) else { return }
                    let (id, result) = registerRemovably { result in waiter.finish(with: result) }
                    if let result {
                        waiter.finish(with: result)
                    } else if let id, !waiter.remember(id) {
                        unregister(id)  // cancelled while registering
                    }
                }
            } onCancel: {
                if let id = waiter.cancel() {
                    self.unregister(id)
                }
            }
        }
    }
}

/// One task's wait for a future: hands the continuation the first of the future's result or a
/// cancellation, exactly once.
private final class FutureWaiter<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var callbackID: Int?
        var cancelled = false
    }

    private let state = Locked(State())

    /// Stores the continuation; returns false (after resuming it with `CancellationError`) if the wait
    /// was already cancelled.
    func start(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
        let cancelled = state.withLock { state in
            if !state.cancelled { state.continuation = continuation }
            return state.cancelled
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    /// Records the identifier of the callback registered on the future; returns false if the wait was
    /// cancelled meanwhile (the caller then removes the callback).
    func remember(_ id: Int) -> Bool {
        state.withLock { state in
            if !state.cancelled { state.callbackID = id }
            return !state.cancelled
        }
    }

    /// Resumes the continuation with the future's result, unless it was already resumed.
    func finish(with result: Swift.Result<Value, any Error>) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }

    /// Marks the wait cancelled and resumes the continuation with `CancellationError`, unless it was
    /// already resumed; returns the callback's identifier so the caller can remove it.
    func cancel() -> Int? {
        let (continuation, id) = state.withLock { state in
            state.cancelled = true
            defer { state.continuation = nil }
            return (state.continuation, state.callbackID)
        }
        continuation?.resume(throwing: CancellationError())
        return id
    }
}
