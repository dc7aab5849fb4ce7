/// How a timed step ended.
private enum Timed<Value: Sendable>: Sendable {
    case value(Value)
    case timedOut
    /// The timer's wait was cancelled: the run itself was, and the work's answer stands.
    case cancelled
}

extension Deferred where Value: Sendable {
    /// Gives the work at most `duration` on `clock`: produces its value, or `nil` if time ran out
    /// first — in which case the work is cancelled. A run cancelled before the time is up is not a
    /// timeout: it produces what the cancelled work returned. The work runs in a child task, which
    /// the timeout waits for once it has cancelled it, as structured concurrency does: work that does
    /// not stop when cancelled (a callback deferred without `onCancel`) holds the answer until it ends.
    ///
    /// ```swift
    /// let quick = slowRequest.timeout(after: .seconds(2), clock: ContinuousClock())
    /// await quick.value   // nil after 2 s; the request is cancelled
    /// ```
    /// - Parameters:
    ///   - duration: How long the work may take.
    ///   - clock: The clock to wait on (inject a test clock in tests).
    /// - Returns: A deferred producing the value or `nil`.
    public func timeout<C: Clock>(after duration: C.Duration, clock: C) -> Deferred<Value?> {
        Deferred<Value?> {
            await withTaskGroup(of: Timed<Value>.self, returning: Value?.self) { group in
                group.addTask { .value(await self.execute()) }
                group.addTask {
                    do {
                        try await clock.sleep(for: duration)
                        return .timedOut
                    } catch {
                        return .cancelled
                    }
                }
                var first = await group.next()!
                // A cancelled run is not a timeout: it delivers what the cancelled work returned.
                if case .cancelled = first { first = await group.next()! }
                group.cancelAll()
                if case .value(let value) = first { return value }
                return nil
            }
        }
    }

    /// Gives the work at most `duration` on `clock`, producing `fallback` if time runs out (the work
    /// is then cancelled).
    ///
    /// ```swift
    /// let guarded = fetchScore().timeout(after: .seconds(1), clock: ContinuousClock(), orElse: 0)
    /// ```
    /// - Parameters:
    ///   - duration: How long the work may take.
    ///   - clock: The clock to wait on.
    ///   - fallback: The value when time runs out.
    /// - Returns: A deferred producing the value or `fallback`.
    public func timeout<C: Clock>(after duration: C.Duration, clock: C, orElse fallback: Value) -> Deferred {
        timeout(after: duration, clock: clock).map { $0 ?? fallback }
    }

    /// Waits `duration` on `clock`, then runs the work. A cancellation during the wait ends the
    /// wait at once, and the work does not run when the value can say "cancelled": a `Result` whose
    /// `Failure` is ``CancellationRepresentable`` (or `any Error`) ends with `.failure(.cancellation)`,
    /// an `Either` likewise. Any other value only the work can produce: it then starts in a cancelled
    /// task, and should end at once — check `Task.isCancelled` before a side effect. Cancelling this
    /// deferred (the source) cancels the delayed runs, in their wait or their work.
    ///
    /// ```swift
    /// let later = Deferred { await ping() }.delayed(by: .seconds(1), clock: ContinuousClock())
    /// ```
    /// - Parameters:
    ///   - duration: How long to wait before each run.
    ///   - clock: The clock to wait on.
    /// - Returns: A deferred that waits, then runs this one.
    public func delayed<C: Clock>(by duration: C.Duration, clock: C) -> Deferred {
        // The wait and the work are one run of this deferred: its `cancel()` ends either.
        Deferred {
            await self.scope.executing {
                if await !Self.wait(duration, on: clock), let cancelled = Self.cancelledWithoutWork { return cancelled }
                return await self.execute(registered: true)
            }
        }
    }
}

extension Deferred {
    /// A deferred that waits `duration` on `clock`, then runs `work` — the seed's `delayed(by:work:)`.
    /// A cancellation during the wait ends it at once, and `work` does not run when the value can say
    /// "cancelled" (a `Result` or `Either` as ``delayed(by:clock:)`` says); otherwise `work` runs in
    /// the cancelled task, and should check `Task.isCancelled` before a side effect.
    ///
    /// ```swift
    /// let tick = Deferred.delayed(by: .seconds(1), clock: ContinuousClock()) { "tick" }
    /// ```
    /// - Parameters:
    ///   - duration: How long to wait before each run.
    ///   - clock: The clock to wait on.
    ///   - work: The work to run after the wait.
    /// - Returns: A lazy deferred.
    public static func delayed<C: Clock>(
        by duration: C.Duration, clock: C, work: @escaping @Sendable () async -> Value
    ) -> Deferred {
        Deferred {
            if await !wait(duration, on: clock), let cancelled = cancelledWithoutWork { return cancelled }
            return await work()
        }
    }

    /// Sleeps `duration` on `clock`; `false` when a cancellation ended the wait.
    private static func wait<C: Clock>(_ duration: C.Duration, on clock: C) async -> Bool {
        do {
            try await clock.sleep(for: duration)
            return true
        } catch {
            return !Task.isCancelled
        }
    }
}
