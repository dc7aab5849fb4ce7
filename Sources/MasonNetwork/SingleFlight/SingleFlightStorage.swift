import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason

/// The flights of a ``SingleFlightTransport``: per key, one task sending the request and the callers
/// waiting for its answer; plus the waiters of ``SingleFlightTransport/waitForCallers(_:sharing:)``.
///
/// Every state change happens under one lock; continuations are resumed after it is released.
final class SingleFlightStorage: Sendable {
    typealias Answer = Result<(Data, ResponseHead), any Error>
    typealias Send = @Sendable (URLRequest) async throws -> (Data, ResponseHead)

    private struct Flight {
        let id: UInt64
        var task: Task<Void, Never>?
        var callers: [UInt64: CheckedContinuation<Answer, Never>] = [:]
    }

    private struct CallerWaiter {
        let key: FlightKey
        let count: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var flights: [FlightKey: Flight] = [:]
        var callerWaiters: [UInt64: CallerWaiter] = [:]
        var nextID: UInt64 = 0

        mutating func makeID() -> UInt64 {
            nextID += 1
            return nextID
        }

        func callerCount(_ key: FlightKey) -> Int {
            flights[key]?.callers.count ?? 0
        }

        /// Takes out the waiters whose key now has enough callers.
        mutating func satisfiedWaiters(_ key: FlightKey) -> [CheckedContinuation<Bool, Never>] {
            let count = callerCount(key)
            let ready = callerWaiters.filter { $0.value.key == key && $0.value.count <= count }
            for id in ready.keys { callerWaiters[id] = nil }
            return ready.values.map(\.continuation)
        }
    }

    private let state = Locked(State())

    /// Joins the flight for `key`, starting it with `send(request)` if there is none, and returns
    /// its answer; a cancelled caller leaves the flight at once with `CancellationError`, and the
    /// last one to leave cancels the flight's task.
    func join(_ key: FlightKey, _ request: URLRequest, send: @escaping Send) async throws -> (Data, ResponseHead) {
        let callerID = state.withLock { $0.makeID() }
        let answer = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
                let (joined, ready): (Bool, [CheckedContinuation<Bool, Never>]) = state.withLock { state in
                    // Checked under the lock: a cancellation that comes later finds this caller.
                    if Task.isCancelled { return (false, []) }
                    if state.flights[key] == nil {
                        let id = state.makeID()
                        var flight = Flight(id: id)
                        flight.task = Task.onInheritedExecutor { [self] in
                            let answer: Answer
                            do { answer = .success(try await send(request)) } catch { answer = .failure(error) }
                            self.land(key, id, with: answer)
                        }
                        state.flights[key] = flight
                    }
                    state.flights[key]?.callers[callerID] = continuation
                    return (true, state.satisfiedWaiters(key))
                }
                if !joined { continuation.resume(returning: .failure(CancellationError())) }
                for waiter in ready { waiter.resume(returning: true) }
            }
        } onCancel: {
            leave(key, callerID)
        }
        return try answer.get()
    }

    /// The number of callers waiting for the flight of `key`.
    func callerCount(_ key: FlightKey) -> Int {
        state.withLock { $0.callerCount(key) }
    }

    /// Returns when at least `count` callers wait for the flight of `key`, or throws when cancelled.
    func waitForCallers(_ count: Int, _ key: FlightKey) async throws(CancellationError) {
        let id = state.withLock { $0.makeID() }
        try await state.suspend(
            until: { $0.callerCount(key) >= count },
            park: { state, continuation in
                state.callerWaiters[id] = CallerWaiter(key: key, count: count, continuation: continuation)
            },
            unpark: { state in state.callerWaiters.removeValue(forKey: id)?.continuation })
    }

    /// Ends the flight `id` of `key` with `answer`, for every caller still waiting.
    private func land(_ key: FlightKey, _ id: UInt64, with answer: Answer) {
        let callers: [CheckedContinuation<Answer, Never>] = state.withLock { state in
            // The flight may have been abandoned (every caller cancelled) and replaced.
            guard let flight = state.flights[key], flight.id == id else { return [] }
            state.flights[key] = nil
            return Array(flight.callers.values)
        }
        for caller in callers { caller.resume(returning: answer) }
    }

    /// Takes a cancelled caller out of the flight of `key`; when it was the last, cancels the flight.
    private func leave(_ key: FlightKey, _ callerID: UInt64) {
        let (caller, abandoned): (CheckedContinuation<Answer, Never>?, Task<Void, Never>?) = state.withLock { state in
            guard var flight = state.flights[key], let caller = flight.callers.removeValue(forKey: callerID) else {
                return (nil, nil)
            }
            if flight.callers.isEmpty {
                state.flights[key] = nil
                return (caller, flight.task)
            }
            state.flights[key] = flight
            return (caller, nil)
        }
        abandoned?.cancel()
        caller?.resume(returning: .failure(CancellationError()))
    }
}
