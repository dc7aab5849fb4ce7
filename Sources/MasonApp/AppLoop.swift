import Mason

/// The loop behind a ``Main``: runs the pure function once after `start()` and once per input, serially,
/// in arrival order; hands each output to its handler in a task of its own; and ends when no input is
/// queued and no output is in flight.
///
/// `@unchecked Sendable`: `function`, `state` and `nextTokenID` are touched only by the loop's one task
/// (`runLoop`), which owns them from `start()` on — `function` arrived `sending`, so no one else holds
/// it; everything other threads touch (`control`, which holds the queue of inputs) is behind a lock.
///
/// Inputs wait in one array under that lock; the loop takes them all at once and runs them, so a
/// burst costs one lock per input on the sender's side and one per batch on the loop's. When the queue
/// is empty the loop suspends on a continuation that the next input (or a settled output) resumes.
final class AppLoop<State: Sendable, each Handler: IOHandling>: AppRunning, @unchecked Sendable {
    typealias IO = IOContainer<repeat (each Handler).IO>

    /// What the loop and the senders share.
    struct Control {
        var started = false
        /// Inputs sent and not yet taken by the loop, in arrival order.
        var queue: [Delivery] = []
        /// The loop, suspended until an input arrives or an output settles.
        var sleeper: CheckedContinuation<[Delivery], Never>?
        /// Outputs whose handler is running or whose input closure is still held.
        var outputsInFlight = 0
        /// Set when the app ends, and never again.
        var finalState: State?
        var ended: Bool { finalState != nil }
        var waiters: [CheckedContinuation<State, Never>] = []
        var diagnostics: [String] = []
        /// The task of each output whose handler is running, by token number: what `cancel` reaches.
        var running: [UInt64: Task<Void, Never>] = [:]
        /// The last `historyLimit` runs, oldest first.
        var history: [AppHistoryEntry<State>] = []
        /// The outputs of each kind running or waiting to, for the policies.
        var lanes: [ObjectIdentifier: Lane] = [:]
    }

    /// The outputs of one kind whose handler runs, and those waiting for their policy's limit.
    struct Lane {
        var running: Set<UInt64> = []
        var waiting: [Job] = []
    }

    /// An output ready to start: `launch` starts its handler's task (under the lock).
    struct Job: Sendable {
        let tokenID: UInt64
        let kind: ObjectIdentifier
        let limit: Int
        let launch: @Sendable (inout Control) -> Void
    }

    /// What admitting an output asks the loop to do outside the lock.
    struct Admission {
        var cancelled: [Task<Void, Never>] = []
        var superseded: [Job] = []
        var dropped = false
    }

    private let function: (State, IO) -> (State, IO)?
    private var state: State
    private var nextTokenID: UInt64 = 0
    private let handlers: (repeat each Handler)
    private let historyLimit: Int
    private let control = Locked(Control())

    init(
        function: sending @escaping (State, IO) -> (State, IO)?,
        initialState: State,
        handlers: (repeat each Handler),
        historyLimit: Int
    ) {
        self.function = function
        self.state = initialState
        self.handlers = handlers
        self.historyLimit = max(0, historyLimit)
    }

    // MARK: AppRunning

    func start() {
        let first = control.withLock { control in
            defer { control.started = true }
            return !control.started
        }
        guard first else { return }
        Task.detached { await self.runLoop() }
    }

    func run() async -> State {
        start()
        return await withCheckedContinuation { waiter in
            let finalState: State? = control.withLock { control in
                if let finalState = control.finalState { return finalState }
                control.waiters.append(waiter)
                return nil
            }
            if let finalState { waiter.resume(returning: finalState) }
        }
    }

    @discardableResult
    func send<K: IOType>(_ input: K.Input, as kind: K.Type) -> Bool {
        deliver(Delivery(kind: ObjectIdentifier(K.self), tokenID: nil, value: .input(input)))
    }

    var diagnostics: [String] {
        control.withLock { $0.diagnostics }
    }

    func cancel<K: IOType>(_ token: IOToken<K>) -> Bool {
        cancel(tokenID: token.id)
    }

    var hasEnded: Bool {
        control.withLock { $0.ended }
    }

    // MARK: The loop

    private func runLoop() async {
        step(with: nil)
        while !endIfIdle() {
            for delivery in await nextBatch() {
                step(with: delivery)
            }
        }
    }

    /// Every input queued, at once; if there is none, waits for the next input or settled output (and
    /// then returns what is queued, perhaps nothing, so the loop checks whether it may end).
    private func nextBatch() async -> [Delivery] {
        let batch: [Delivery]? = control.withLock { control in
            guard !control.queue.isEmpty else { return nil }
            defer { control.queue = [] }
            return control.queue
        }
        if let batch { return batch }
        return await withCheckedContinuation { sleeper in
            let ready: [Delivery]? = control.withLock { control in
                guard control.queue.isEmpty, control.outputsInFlight > 0 else {
                    defer { control.queue = [] }
                    return control.queue
                }
                control.sleeper = sleeper
                return nil
            }
            if let ready { sleeper.resume(returning: ready) }
        }
    }

    /// One run of the pure function, then its outputs handed to their handlers.
    private func step(with input: Delivery?) {
        let io = IO(current: input, nextTokenID: nextTokenID)
        guard let (newState, newIO) = function(state, io) else { return }
        state = newState
        nextTokenID = newIO.nextTokenID
        if historyLimit > 0 { record(input, newState) }
        let count = newIO.outputs.count
        if count > 0 {
            control.withLock { $0.outputsInFlight += count }
            for output in newIO.outputs {
                dispatch(output)
            }
        }
        for cancellation in newIO.cancellations {
            _ = cancel(tokenID: cancellation.tokenID)
        }
    }

    private func record(_ input: Delivery?, _ newState: State) {
        let entry = AppHistoryEntry(delivery: input, state: newState)
        let limit = historyLimit
        control.withLock { control in
            control.history.append(entry)
            if control.history.count > limit { control.history.removeFirst(control.history.count - limit) }
        }
    }

    var history: [AppHistoryEntry<State>] {
        control.withLock { $0.history }
    }

    private func dispatch(_ output: PendingOutput) {
        var handled = false
        for handler in repeat each handlers {
            if !handled { handled = perform(output, with: handler) }
        }
        if !handled {
            settle()
            note("an output of a kind no handler performs was dropped: \(output.value)")
        }
    }

    /// Hands `output` to `handler` if it is of the handler's kind: starts it, or queues or drops it as
    /// its policy says.
    private func perform<H: IOHandling>(_ output: PendingOutput, with handler: H) -> Bool {
        guard output.kind == ObjectIdentifier(H.IO.self), let value = output.value as? H.IO.Output else { return false }
        let ticket = OutputTicket { [weak self] in self?.settle() }
        let token = IOToken<H.IO>(id: output.tokenID)
        let kind = output.kind
        let send: @Sendable (H.IO.Input) -> Void = { [weak self] input in
            withExtendedLifetime(ticket) {
                _ = self?.deliver(Delivery(kind: kind, tokenID: token.id, value: .input(input)))
            }
        }
        let policy = output.policy ?? H.outputPolicy
        // Called under the lock, so the task is registered before it can finish: it removes itself
        // under the same lock, after.
        let job = Job(tokenID: token.id, kind: kind, limit: policy.limit) { [weak self] control in
            control.running[token.id] = Task.detached { [weak self] in
                do {
                    try await handler.handle(output: value, token: token, inputClosure: send)
                } catch {
                    _ = self?.deliver(Delivery(kind: kind, tokenID: token.id, value: .failure(error)))
                }
                self?.finish(token.id, of: kind)
                withExtendedLifetime(ticket) {}
            }
        }
        let admission = control.withLock { admit(job, policy: policy, into: &$0) }
        for task in admission.cancelled { task.cancel() }
        for superseded in admission.superseded { fail(superseded, with: CancellationError()) }
        if admission.dropped { fail(job, with: OutputDropped()) }
        return true
    }

    /// Starts `job`, queues it behind the outputs of its kind, or drops it, as `policy` says.
    private func admit(_ job: Job, policy: OutputPolicy, into control: inout Control) -> Admission {
        var admission = Admission()
        var lane = control.lanes[job.kind] ?? Lane()
        switch policy {
        case .dropNew where !lane.running.isEmpty || !lane.waiting.isEmpty:
            admission.dropped = true
            return admission
        case .latestWins:
            admission.cancelled = lane.running.compactMap { control.running[$0] }
            admission.superseded = lane.waiting
            lane.waiting = []
        default:
            break
        }
        if lane.waiting.isEmpty, lane.running.count < job.limit {
            lane.running.insert(job.tokenID)
            job.launch(&control)
        } else {
            lane.waiting.append(job)
        }
        control.lanes[job.kind] = lane
        return admission
    }

    /// An output's handler returned: forgets its task and starts the outputs of its kind that may now run.
    private func finish(_ tokenID: UInt64, of kind: ObjectIdentifier) {
        control.withLock { control in
            control.running[tokenID] = nil
            guard var lane = control.lanes[kind] else { return }
            lane.running.remove(tokenID)
            while let next = lane.waiting.first, lane.running.count < next.limit {
                lane.waiting.removeFirst()
                lane.running.insert(next.tokenID)
                next.launch(&control)
            }
            control.lanes[kind] = lane
        }
    }

    /// Tells the pure function that `job` will never run, then lets it go (which settles its output).
    private func fail(_ job: Job, with error: any Error) {
        withExtendedLifetime(job) {
            _ = deliver(Delivery(kind: job.kind, tokenID: job.tokenID, value: .failure(error)))
        }
    }

    /// Cancels the output numbered `tokenID`: its running task, or its place in a queue.
    private func cancel(tokenID: UInt64) -> Bool {
        let (task, job): (Task<Void, Never>?, Job?) = control.withLock { control in
            if let task = control.running[tokenID] { return (task, nil) }
            for (kind, var lane) in control.lanes {
                guard let index = lane.waiting.firstIndex(where: { $0.tokenID == tokenID }) else { continue }
                let job = lane.waiting.remove(at: index)
                control.lanes[kind] = lane
                return (nil, job)
            }
            return (nil, nil)
        }
        task?.cancel()
        if let job { fail(job, with: CancellationError()) }
        return task != nil || job != nil
    }

    /// Queues an input for the loop, unless the app has ended; wakes the loop if it sleeps.
    private func deliver(_ delivery: Delivery) -> Bool {
        let (accepted, sleeper): (Bool, CheckedContinuation<[Delivery], Never>?) = control.withLock { control in
            guard !control.ended else { return (false, nil) }
            control.queue.append(delivery)
            guard let sleeper = control.sleeper else { return (true, nil) }
            control.sleeper = nil
            defer { control.queue = [] }
            return (true, sleeper)
        }
        guard accepted else {
            note("an input arrived after the app ended and was ignored: \(delivery.value)")
            return false
        }
        sleeper?.resume(returning: [delivery])
        return true
    }

    /// An output is no longer in flight: its handler returned and its input closure was released.
    /// Wakes the loop, which may now end.
    private func settle() {
        let sleeper: CheckedContinuation<[Delivery], Never>? = control.withLock { control in
            control.outputsInFlight -= 1
            defer { control.sleeper = nil }
            return control.sleeper
        }
        sleeper?.resume(returning: [])
    }

    /// Ends the app if no input is queued and no output is in flight; returns whether it has ended.
    private func endIfIdle() -> Bool {
        let finalState = state
        let waiters: [CheckedContinuation<State, Never>]? = control.withLock { control in
            guard !control.ended, control.queue.isEmpty, control.outputsInFlight == 0 else { return nil }
            control.finalState = finalState
            defer { control.waiters = [] }
            return control.waiters
        }
        guard let waiters else { return false }
        for waiter in waiters { waiter.resume(returning: finalState) }
        return true
    }

    private func note(_ diagnostic: String) {
        control.withLock { control in
            control.diagnostics.append(diagnostic)
            if control.diagnostics.count > 100 { control.diagnostics.removeFirst() }
        }
    }
}

/// Calls `onRelease` when the last reference to it goes: an output's handler task and input closure
/// hold one each, so the output is in flight until both are gone.
final class OutputTicket: Sendable {
    private let onRelease: @Sendable () -> Void

    init(onRelease: @escaping @Sendable () -> Void) {
        self.onRelease = onRelease
    }

    deinit {
        onRelease()
    }
}

/// A loop, whatever its handlers: what ``Main`` holds.
protocol AppRunning<State>: Sendable {
    associatedtype State: Sendable
    func start()
    func run() async -> State
    func send<K: IOType>(_ input: K.Input, as kind: K.Type) -> Bool
    func cancel<K: IOType>(_ token: IOToken<K>) -> Bool
    var history: [AppHistoryEntry<State>] { get }
    var diagnostics: [String] { get }
    var hasEnded: Bool { get }
}
