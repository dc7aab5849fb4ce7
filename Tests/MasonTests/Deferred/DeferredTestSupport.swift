import Mason

/// Watches a deferred's work: how many runs started, finished and observed cancellation, and lets a
/// test wait — without sleeping — until a number of them have.
final class WorkProbe: Sendable {
    private struct State {
        var started = 0
        var finished = 0
        var cancelled = 0
        var waiters: [(condition: @Sendable (State) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    var started: Int { state.withLock { $0.started } }
    var finished: Int { state.withLock { $0.finished } }
    var cancelled: Int { state.withLock { $0.cancelled } }

    /// A deferred that records its start, then sleeps for an hour unless cancelled: it ends only by
    /// cancellation (producing `-1`), so a test that passes never waits for it.
    func sleeper(_ value: Int = 1) -> Deferred<Int> {
        Deferred { [self] in
            update { $0.started += 1 }
            do {
                try await Task.sleep(for: .seconds(3600))
                update { $0.finished += 1 }
                return value
            } catch {
                update { $0.cancelled += 1 }
                return -1
            }
        }
    }

    /// A deferred that records its start and finishes at once.
    func instant(_ value: Int) -> Deferred<Int> {
        Deferred { [self] in
            update { $0.started += 1 }
            update { $0.finished += 1 }
            return value
        }
    }

    func waitUntilStarted(_ count: Int) async { await wait { $0.started >= count } }
    func waitUntilCancelled(_ count: Int) async { await wait { $0.cancelled >= count } }

    private func wait(until condition: @escaping @Sendable (State) -> Bool) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if condition(state) { return true }
                state.waiters.append((condition, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func update(_ change: (inout State) -> Void) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            change(&state)
            let snapshot = state
            let (due, waiting) = state.waiters.reduce(
                into: (
                    [CheckedContinuation<Void, Never>](),
                    [(condition: @Sendable (State) -> Bool, continuation: CheckedContinuation<Void, Never>)]()
                )
            ) { split, waiter in
                if waiter.condition(snapshot) { split.0.append(waiter.continuation) } else { split.1.append(waiter) }
            }
            state.waiters = waiting
            return due
        }
        for continuation in ready { continuation.resume() }
    }
}

/// Collects what callbacks receive, and lets a test wait for a number of them.
final class Inbox<Value: Sendable>: Sendable {
    private let state = Locked((values: [Value](), waiters: [(Int, CheckedContinuation<Void, Never>)]()))

    var values: [Value] { state.withLock { $0.values } }

    @Sendable func receive(_ value: Value) {
        let due = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.values.append(value)
            let count = state.values.count
            let due = state.waiters.filter { $0.0 <= count }.map(\.1)
            state.waiters.removeAll { $0.0 <= count }
            return due
        }
        for continuation in due { continuation.resume() }
    }

    func waitFor(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if state.values.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

/// Waits until `condition` holds, yielding between checks at most `limit` times (no sleeping).
func eventually(_ limit: Int = 100_000, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<limit {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
