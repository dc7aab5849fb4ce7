extension Deferred where Value: Sendable {
    /// Runs the deferred now and returns a future of its value — from lazy to eager.
    ///
    /// If the run is cancelled (``Deferred/cancel()``), the future is rejected with `CancellationError`.
    ///
    /// ```swift
    /// let future = Deferred { await loadProduct(7) }.future()   // started
    /// future.observe { print($0) }
    /// ```
    /// - Returns: A future resolved with the value when the run completes.
    @_disfavoredOverload
    public func future() -> Future<Value> {
        map { Result<Value, any Error>.success($0) }.settling()
    }
}

extension Deferred {
    /// Runs the deferred now and returns a future that resolves with its success or rejects with its
    /// failure.
    ///
    /// If the run is cancelled (``Deferred/cancel()``), the future is rejected with the failure the
    /// work reported, or with `CancellationError` if the work produced a success — whatever
    /// `Failure` is, so the future always settles.
    ///
    /// ```swift
    /// let future: Future<Data> = requestAsyncR(request).future()
    /// ```
    /// - Returns: A future of the success.
    public func future<Success: Sendable, Failure>() -> Future<Success> where Value == Result<Success, Failure> {
        map { $0.mapError { $0 as any Error } }.settling()
    }

    /// Runs the deferred now; its result settles the future returned. As `any Error`, a cancelled
    /// run whose work succeeded still calls back (with `CancellationError`): a `Failure` that cannot
    /// say "cancelled" would get no callback, and the future would never settle.
    private func settling<Success: Sendable>() -> Future<Success> where Value == Result<Success, any Error> {
        let promise = Promise<Success>()
        run { result in
            switch result {
            case .success(let success): promise.resolve(with: success)
            case .failure(let failure): promise.reject(with: failure)
            }
        }
        return promise
    }

    /// A deferred that, on each run, waits for `future`'s result without starting anything: a
    /// future is eager, so every run sees the same result. Cancelling a run stops the wait, not the
    /// future.
    ///
    /// ```swift
    /// let later = Deferred(future: promise)   // Deferred<Result<Int, any Error>>
    /// await later.value                        // .success(42) once the promise resolves
    /// ```
    /// - Parameter future: The future to wait for.
    public init<Success>(future: Future<Success>) where Value == Result<Success, any Error> {
        self.init {
            do { return .success(try await future.value) } catch { return .failure(error) }
        }
    }
}
