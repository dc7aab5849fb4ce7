import Mason

/// Watches one waiting request: ends its waits when the client goes away or the server stops.
///
/// The fault middleware creates a gate for a fault that waits (``Fault/neverRespond`` or a delay), waits
/// on it, and calls ``finish()`` once it starts responding; later disconnections (the connection closing
/// after the response) are then ignored.
///
/// ```swift
/// let gate = ConnectionGate()
/// gate.disconnect()                        // the attached record, if any: the first resolution wins
/// await gate.wait(upTo: .seconds(1))       // .clientDisconnected, at once
/// ```
final class ConnectionGate: Sendable {
    enum Outcome: Sendable, Equatable {
        case elapsed
        case clientDisconnected
        case serverStopped
        case cancelled
    }

    private enum Waiter {
        case none
        case waiting(CheckedContinuation<Outcome, Never>)
        case cancelled
    }

    private struct State {
        var resolution: Outcome?
        var finished = false
        var record: RecordedRequest?
        var waiter = Waiter.none
    }

    private let state = Locked(State())

    /// Ends the current and every later wait with `outcome`, unless the gate was already resolved or
    /// finished. Returns whether this call resolved it.
    @discardableResult
    func resolve(_ outcome: Outcome) -> Bool {
        let (resolved, waiter): (Bool, CheckedContinuation<Outcome, Never>?) = state.withLock { state in
            guard state.resolution == nil, !state.finished else { return (false, nil) }
            state.resolution = outcome
            if case .waiting(let continuation) = state.waiter {
                state.waiter = .none
                return (true, continuation)
            }
            return (true, nil)
        }
        waiter?.resume(returning: outcome)
        return resolved
    }

    /// Marks the request as answered: later resolutions are ignored.
    func finish() {
        state.withLock { $0.finished = true }
    }

    /// Attaches the recorded request. Returns it if the client had already gone away, so that the caller
    /// records the disconnection (exactly one of `attach` and `disconnect` returns it).
    func attach(_ record: RecordedRequest) -> RecordedRequest? {
        state.withLock { state in
            state.record = record
            return state.resolution == .clientDisconnected ? record : nil
        }
    }

    /// Resolves the gate with `.clientDisconnected`. Returns the recorded request if this call resolved
    /// the gate and the request is already attached, so that the caller records the disconnection.
    func disconnect() -> RecordedRequest? {
        let (record, waiter): (RecordedRequest?, CheckedContinuation<Outcome, Never>?) = state.withLock { state in
            guard state.resolution == nil, !state.finished else { return (nil, nil) }
            state.resolution = .clientDisconnected
            var waiter: CheckedContinuation<Outcome, Never>?
            if case .waiting(let continuation) = state.waiter {
                state.waiter = .none
                waiter = continuation
            }
            return (state.record, waiter)
        }
        waiter?.resume(returning: .clientDisconnected)
        return record
    }

    /// Waits until the gate is resolved, or until `duration` has passed (`.elapsed`); `nil` waits
    /// without a time limit. Returns `.cancelled` if the calling task is cancelled.
    func wait(upTo duration: Duration?) async -> Outcome {
        guard let duration else { return await waitForResolution() }
        return await withTaskGroup(of: Outcome.self) { group in
            group.addTask { await self.waitForResolution() }
            group.addTask {
                do {
                    try await Task.sleep(for: duration)
                    return .elapsed
                } catch {
                    return .cancelled
                }
            }
            let first = await group.next() ?? .cancelled
            group.cancelAll()
            return first
        }
    }

    private func waitForResolution() async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let immediate: Outcome? = state.withLock { state in
                    if let resolution = state.resolution { return resolution }
                    if case .cancelled = state.waiter {
                        state.waiter = .none
                        return .cancelled
                    }
                    state.waiter = .waiting(continuation)
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Outcome, Never>? = state.withLock { state in
                switch state.waiter {
                case .waiting(let continuation):
                    state.waiter = .none
                    return continuation
                case .none:
                    state.waiter = .cancelled
                    return nil
                case .cancelled:
                    return nil
                }
            }
            waiter?.resume(returning: .cancelled)
        }
    }
}
