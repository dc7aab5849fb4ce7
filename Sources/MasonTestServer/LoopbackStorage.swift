import Mason

/// The loopback server's shared state: fault scripts, recorded requests, waiters, open gates and the
/// bearer token `GET /secure` accepts.
///
/// One lock guards everything; continuations are always resumed after the lock is released.
///
/// ```swift
/// let storage = LoopbackStorage(faults: ["/ip": [.status(503)]])
/// storage.nextFault(path: "/ip", id: nil)   // .status(503), then nil (normal responses)
/// ```
final class LoopbackStorage: Sendable {
    /// Which list a waiter watches.
    enum Log: Sendable {
        case requests
        case disconnections
    }

    /// Selects recorded requests by path and id; `nil` matches anything.
    struct Match: Sendable {
        let path: String?
        let id: String?

        func matches(_ request: RecordedRequest) -> Bool {
            (path == nil || path == request.path) && (id == nil || id == request.id)
        }
    }

    private struct Cursor {
        let script: FaultScript
        var position = 0

        mutating func next() -> Fault {
            defer { position += 1 }
            return script.fault(at: position)
        }
    }

    private enum WaiterSlot {
        case registering
        case cancelled
        case waiting(Waiter)
    }

    private struct Waiter {
        let log: Log
        let match: Match
        let target: Int
        var seen: Int
        let continuation: CheckedContinuation<[RecordedRequest], any Error>
    }

    private struct State {
        var pathScripts: [String: Cursor] = [:]
        var idScripts: [String: Cursor] = [:]
        var requests: [RecordedRequest] = []
        var disconnections: [RecordedRequest] = []
        var waiters: [Int: WaiterSlot] = [:]
        var gates: [ObjectIdentifier: ConnectionGate] = [:]
        var nextToken = 0
        var stopped = false
        var acceptedToken: String?

        func log(_ log: Log) -> [RecordedRequest] {
            switch log {
            case .requests: requests
            case .disconnections: disconnections
            }
        }
    }

    private let state: Locked<State>

    init(faults: [String: FaultScript]) {
        state = Locked(State(pathScripts: faults.mapValues { Cursor(script: $0) }))
    }

    // MARK: Faults

    func setScript(_ script: FaultScript?, path: String) {
        state.withLock { $0.pathScripts[path] = script.map { Cursor(script: $0) } }
    }

    func setScript(_ script: FaultScript?, id: String) {
        state.withLock { $0.idScripts[id] = script.map { Cursor(script: $0) } }
    }

    func removeAllScripts() {
        state.withLock { state in
            state.pathScripts = [:]
            state.idScripts = [:]
        }
    }

    /// The next fault for a request: the id's script wins over the path's; `nil` means none is set.
    func nextFault(path: String, id: String?) -> Fault? {
        state.withLock { state in
            if let id, state.idScripts[id] != nil {
                return state.idScripts[id]?.next()
            }
            return state.pathScripts[path]?.next()
        }
    }

    // MARK: Authentication

    /// The bearer token `GET /secure` accepts; `nil` rejects every request.
    var acceptedToken: String? {
        get { state.withLock { $0.acceptedToken } }
        set { state.withLock { $0.acceptedToken = newValue } }
    }

    // MARK: Recording

    /// Records an arriving request (numbering it) and wakes the waiters it satisfies.
    func record(_ make: (_ number: Int) -> RecordedRequest) -> RecordedRequest {
        let (record, ready) = state.withLock { state in
            let record = make(state.requests.count + 1)
            state.requests.append(record)
            return (record, Self.advanceWaiters(&state, log: .requests, with: record))
        }
        for (continuation, result) in ready { continuation.resume(returning: result) }
        return record
    }

    /// Records that the client of `record` went away before it was answered.
    func recordDisconnection(_ record: RecordedRequest) {
        let ready = state.withLock { state in
            state.disconnections.append(record)
            return Self.advanceWaiters(&state, log: .disconnections, with: record)
        }
        for (continuation, result) in ready { continuation.resume(returning: result) }
    }

    private static func advanceWaiters(
        _ state: inout State,
        log: Log,
        with record: RecordedRequest
    ) -> [(CheckedContinuation<[RecordedRequest], any Error>, [RecordedRequest])] {
        var ready: [(CheckedContinuation<[RecordedRequest], any Error>, [RecordedRequest])] = []
        for (token, slot) in state.waiters {
            guard case .waiting(var waiter) = slot, waiter.log == log, waiter.match.matches(record) else { continue }
            waiter.seen += 1
            if waiter.seen >= waiter.target {
                state.waiters[token] = nil
                ready.append((waiter.continuation, state.log(log).filter(waiter.match.matches)))
            } else {
                state.waiters[token] = .waiting(waiter)
            }
        }
        return ready
    }

    func recorded(_ log: Log, _ match: Match) -> [RecordedRequest] {
        state.withLock { $0.log(log).filter(match.matches) }
    }

    func lastRecorded(_ log: Log, _ match: Match) -> RecordedRequest? {
        state.withLock { $0.log(log).last(where: match.matches) }
    }

    // MARK: Waiting

    /// Waits until `target` matching entries are in `log`; throws
    /// ``LoopbackServerError/timedOut(waitingFor:received:)`` after `timeout`, ``LoopbackServerError/stopped`` if the server stops first, or `CancellationError`.
    func wait(
        for log: Log,
        _ target: Int,
        _ match: Match,
        timeout: Duration
    ) async throws -> [RecordedRequest] {
        try await withThrowingTaskGroup(of: [RecordedRequest].self) { group in
            group.addTask { try await self.waitWithoutTimeLimit(for: log, target, match) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw LoopbackServerError.timedOut(waitingFor: target, received: self.recorded(log, match).count)
            }
            defer { group.cancelAll() }
            guard let result = try await group.next() else { throw CancellationError() }
            return result
        }
    }

    private func waitWithoutTimeLimit(for log: Log, _ target: Int, _ match: Match) async throws -> [RecordedRequest] {
        let token = state.withLock { state in
            state.nextToken += 1
            state.waiters[state.nextToken] = .registering
            return state.nextToken
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let immediate: Result<[RecordedRequest], any Error>? = state.withLock { state in
                    let matching = state.log(log).filter(match.matches)
                    if case .cancelled = state.waiters[token] {
                        state.waiters[token] = nil
                        return .failure(CancellationError())
                    }
                    if matching.count >= target {
                        state.waiters[token] = nil
                        return .success(matching)
                    }
                    if state.stopped {
                        state.waiters[token] = nil
                        return .failure(LoopbackServerError.stopped)
                    }
                    state.waiters[token] = .waiting(
                        Waiter(log: log, match: match, target: target, seen: matching.count, continuation: continuation)
                    )
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let waiter: Waiter? = state.withLock { state in
                switch state.waiters[token] {
                case .waiting(let waiter):
                    state.waiters[token] = nil
                    return waiter
                case .registering:
                    state.waiters[token] = .cancelled
                    return nil
                case .cancelled, nil:
                    return nil
                }
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    // MARK: Gates and stopping

    /// A gate for a waiting request; resolved at once if the server is stopping.
    func openGate() -> ConnectionGate {
        let gate = ConnectionGate()
        let stopped = state.withLock { state in
            if !state.stopped { state.gates[ObjectIdentifier(gate)] = gate }
            return state.stopped
        }
        if stopped { gate.resolve(.serverStopped) }
        return gate
    }

    /// Waits `duration`, or less if the server stops or the task is cancelled first; returns whether
    /// the whole duration passed.
    func pause(for duration: Duration) async -> Bool {
        let gate = openGate()
        defer { closeGate(gate) }
        return await gate.wait(upTo: duration) == .elapsed
    }

    func closeGate(_ gate: ConnectionGate) {
        gate.finish()
        state.withLock { _ = $0.gates.removeValue(forKey: ObjectIdentifier(gate)) }
    }

    /// Whether ``stop()`` has been called.
    var isStopped: Bool {
        state.withLock { $0.stopped }
    }

    /// Ends every waiting request and every waiter; later gates resolve at once. Recorded requests stay.
    func stop() {
        let (gates, waiters) = state.withLock { state in
            state.stopped = true
            let gates = Array(state.gates.values)
            state.gates = [:]
            var waiters: [Waiter] = []
            for (token, slot) in state.waiters {
                if case .waiting(let waiter) = slot {
                    waiters.append(waiter)
                    state.waiters[token] = nil
                }
            }
            return (gates, waiters)
        }
        for gate in gates { gate.resolve(.serverStopped) }
        for waiter in waiters { waiter.continuation.resume(throwing: LoopbackServerError.stopped) }
    }
}
