import Mason

/// The loop behind a ``Main``: runs the pure function once after `start()` and once per input, serially,
/// in arrival order; hands each output to its handler in a task of its own, as its policy says; and ends
/// when no input is queued and no output is in flight.
///
/// Generic over the state only: the IO kinds and handlers were erased when the app was made (in
/// `MainFactory`, specialised in the caller's module), so nothing on the way of an input needs generic
/// metadata looked up at run time — what the shared part holds (``LoopShared``) does not depend on
/// the state at all.
///
/// `@unchecked Sendable`: `function` is called only by the loop's one task (`runLoop`), which owns it
/// from `start()` on — it arrived `sending`, so no one else holds it; the state lives in that task;
/// what other threads touch is behind locks (`shared`, `ending`, `recorded`).
///
/// Inputs wait in one array under the lock; the loop takes them all at once and runs them, so a burst
/// costs one lock per input on the sender's side and one per batch on the loop's. When the queue is
/// empty the loop suspends on a continuation that the next input (or a settled output) resumes.
@usableFromInline
final class AppLoop<State: Sendable>: @unchecked Sendable {
    /// One run of the pure function: the state in and out, the input, the token numbers; the outputs
    /// and cancellations asked for, or `nil` when the function returned `nil` (the state is then as it
    /// was).
    @usableFromInline
    typealias Function = (inout State, Delivery?, inout UInt64) -> StepOutcome?

    private let function: Function
    /// The state before `start()`; the loop's own copy after.
    private let state: State
    private let handlers: [HandlerEntry]
    private let historyLimit: Int
    private let shared = Locked(LoopShared())
    /// The final state, set once, before the app is marked ended.
    private let ending = Locked<State?>(nil)
    /// The last `historyLimit` runs, oldest first.
    private let recorded = Locked<[AppHistoryEntry<State>]>([])

    @usableFromInline
    init(function: sending @escaping Function, initialState: State, handlers: [HandlerEntry], historyLimit: Int) {
        self.function = function
        self.state = initialState
        self.handlers = handlers
        self.historyLimit = max(0, historyLimit)
    }

    // MARK: What Main calls

    func start() {
        let first = shared.withLock { shared in
            defer { shared.started = true }
            return !shared.started
        }
        guard first else { return }
        Task.detached { await self.runLoop() }
    }

    func run() async -> State {
        start()
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let ended = shared.withLock { shared in
                if shared.ended { return true }
                shared.endWaiters.append(waiter)
                return false
            }
            if ended { waiter.resume() }
        }
        // Set before `ended`, never again.
        return ending.withLock { $0! }
    }

    var diagnostics: [String] {
        shared.withLock { $0.diagnostics }
    }

    var hasEnded: Bool {
        shared.withLock { $0.ended }
    }

    var history: [AppHistoryEntry<State>] {
        recorded.withLock { $0 }
    }

    /// Queues an input for the loop, unless the app has ended; wakes the loop if it sleeps.
    @usableFromInline
    func deliver(_ delivery: Delivery) -> Bool {
        // The loop is woken outside the lock (the rule in `Locked`'s docs).
        var wakeup: (sleeper: CheckedContinuation<[Delivery], Never>, batch: [Delivery])?
        let accepted = shared.withLock { shared in
            guard !shared.ended else { return false }
            shared.queue.append(delivery)
            if let sleeper = shared.sleeper {
                shared.sleeper = nil
                wakeup = (sleeper, shared.takeQueue())
            }
            return true
        }
        guard accepted else {
            note("an input arrived after the app ended and was ignored: \(delivery.value)")
            return false
        }
        if let wakeup { wakeup.sleeper.resume(returning: wakeup.batch) }
        return true
    }

    /// Cancels the output numbered `tokenID`: its running task, or its place in a queue.
    func cancel(tokenID: UInt64) -> Bool {
        let (task, job): (Task<Void, Never>?, Job?) = shared.withLock { shared in
            if let running = shared.running[tokenID] { return (running.task, nil) }
            for (kind, lane) in shared.lanes {
                guard let index = lane.waiting.firstIndex(where: { $0.tokenID == tokenID }) else { continue }
                return (nil, shared.lanes[kind]?.waiting.remove(at: index))
            }
            return (nil, nil)
        }
        task?.cancel()
        if let job { fail(job, with: CancellationError()) }
        return task != nil || job != nil
    }

    // MARK: The loop

    private func runLoop() async {
        // The state and the token count live in locals while the loop runs: a stored property
        // passed `inout` costs a dynamic exclusivity check per input.
        var state = self.state
        var nextTokenID: UInt64 = 0
        step(with: nil, &state, &nextTokenID)
        var batch: [Delivery] = []
        while !endIfIdle(state, handingBack: &batch) {
            batch = await nextBatch()
            for delivery in batch {
                step(with: delivery, &state, &nextTokenID)
            }
        }
    }

    /// Every input queued, at once; if there is none, waits for the next input or settled output (and
    /// then returns what is queued, perhaps nothing, so the loop checks whether it may end).
    private func nextBatch() async -> [Delivery] {
        let batch: [Delivery]? = shared.withLock { shared in
            guard !shared.queue.isEmpty else { return nil }
            return shared.takeQueue()
        }
        if let batch { return batch }
        return await withCheckedContinuation { sleeper in
            let ready: [Delivery]? = shared.withLock { shared in
                guard shared.queue.isEmpty, shared.outputsInFlight > 0 else { return shared.takeQueue() }
                shared.sleeper = sleeper
                return nil
            }
            if let ready { sleeper.resume(returning: ready) }
        }
    }

    /// One run of the pure function, then its outputs handed to their handlers and its cancellations
    /// carried out.
    private func step(with input: Delivery?, _ state: inout State, _ nextTokenID: inout UInt64) {
        guard let outcome = function(&state, input, &nextTokenID) else { return }
        if historyLimit > 0 { record(input, state) }
        if !outcome.outputs.isEmpty { dispatch(outcome.outputs) }
        for cancellation in outcome.cancellations {
            _ = cancel(tokenID: cancellation.tokenID)
        }
    }

    private func record(_ input: Delivery?, _ state: State) {
        let entry = AppHistoryEntry(delivery: input, state: state)
        let limit = historyLimit
        recorded.withLock { history in
            history.append(entry)
            if history.count > limit { history.removeFirst(history.count - limit) }
        }
    }

    /// Hands each output to the handler of its kind — started, queued or dropped as its policy says —
    /// all under one lock.
    private func dispatch(_ outputs: [PendingOutput]) {
        var jobs: [(Job, OutputPolicy)] = []
        jobs.reserveCapacity(outputs.count)
        var unhandled: [PendingOutput] = []
        for output in outputs {
            guard let handler = handlers.first(where: { $0.kind == output.kind }) else {
                unhandled.append(output)
                continue
            }
            jobs.append((job(for: output, on: handler), output.policy ?? handler.policy))
        }
        let admissions = shared.withLock { shared in
            shared.outputsInFlight += jobs.count
            return jobs.map { job, policy in admit(job, policy: policy, into: &shared) }
        }
        for (admission, (job, _)) in zip(admissions, jobs) {
            for task in admission.cancelled { task.cancel() }
            for superseded in admission.superseded { fail(superseded, with: CancellationError()) }
            if admission.dropped { fail(job, with: OutputDropped()) }
        }
        for output in unhandled {
            note("an output of a kind no handler performs was dropped: \(output.value)")
        }
    }

    /// The output, ready to start: its ticket keeps it in flight while its task runs or its input
    /// closure is held.
    private func job(for output: PendingOutput, on handler: HandlerEntry) -> Job {
        let ticket = OutputTicket { [weak self] in self?.settle() }
        let (kind, tokenID, value, perform) = (output.kind, output.tokenID, output.value, handler.perform)
        let send: @Sendable (any Sendable) -> Void = { [weak self] input in
            withExtendedLifetime(ticket) {
                _ = self?.deliver(Delivery(kind: kind, tokenID: tokenID, value: .input(input)))
            }
        }
        // Called under the lock, so the task is registered before it can finish: it removes itself
        // under the same lock, after.
        return Job(tokenID: tokenID, kind: kind, limit: (output.policy ?? handler.policy).limit) { [weak self] shared in
            shared.running[tokenID] = RunningOutput(
                kind: kind,
                task: Task.detached { [weak self] in
                    do {
                        try await perform(value, tokenID, send)
                    } catch {
                        _ = self?.deliver(Delivery(kind: kind, tokenID: tokenID, value: .failure(error)))
                    }
                    self?.finish(tokenID, of: kind)
                    withExtendedLifetime(ticket) {}
                }
            )
        }
    }

    /// Starts `job`, queues it behind the outputs of its kind, or drops it, as `policy` says. Every
    /// change to a lane is made in place: a copy would copy its queue.
    private func admit(_ job: Job, policy: OutputPolicy, into shared: inout LoopShared) -> Admission {
        var admission = Admission()
        let kind = job.kind
        switch policy {
        case .dropNew where shared.lanes[kind].map({ $0.running > 0 || !$0.waiting.isEmpty }) ?? false:
            admission.dropped = true
            return admission
        case .latestWins:
            admission.cancelled = shared.running.values.compactMap { $0.kind == kind ? $0.task : nil }
            admission.superseded = shared.lanes[kind]?.waiting ?? []
            shared.lanes[kind]?.waiting = []
        default:
            break
        }
        let (running, waiting) = shared.lanes[kind].map { ($0.running, $0.waiting.count) } ?? (0, 0)
        if waiting == 0, running < job.limit {
            shared.lanes[kind, default: Lane()].running += 1
            job.launch(&shared)
        } else {
            shared.lanes[kind, default: Lane()].waiting.append(job)
        }
        return admission
    }

    /// An output's handler returned: forgets its task and starts the outputs of its kind that may now run.
    private func finish(_ tokenID: UInt64, of kind: ObjectIdentifier) {
        shared.withLock { shared in
            shared.running[tokenID] = nil
            shared.lanes[kind, default: Lane()].running -= 1
            while let next = shared.lanes[kind]?.waiting.first, shared.lanes[kind, default: Lane()].running < next.limit
            {
                shared.lanes[kind, default: Lane()].waiting.removeFirst()
                shared.lanes[kind, default: Lane()].running += 1
                next.launch(&shared)
            }
        }
    }

    /// Tells the pure function that `job` will never run, then lets it go (which settles its output).
    private func fail(_ job: Job, with error: any Error) {
        withExtendedLifetime(job) {
            _ = deliver(Delivery(kind: job.kind, tokenID: job.tokenID, value: .failure(error)))
        }
    }

    /// An output is no longer in flight: its handler returned and its input closure was released.
    /// Wakes the loop, which may now end.
    private func settle() {
        let sleeper: CheckedContinuation<[Delivery], Never>? = shared.withLock { shared in
            shared.outputsInFlight -= 1
            defer { shared.sleeper = nil }
            return shared.sleeper
        }
        sleeper?.resume(returning: [])
    }

    /// Ends the app with `state` if no input is queued and no output is in flight; returns whether it
    /// has ended. Hands the loop's last batch back, emptied, for the senders to fill again.
    private func endIfIdle(_ state: State, handingBack batch: inout [Delivery]) -> Bool {
        // Only a modest array is kept: a burst's would hold its memory for good.
        batch.removeAll(keepingCapacity: batch.capacity <= 4_096)
        let idle = shared.withLock { shared in
            if shared.spare.capacity < batch.capacity { swap(&shared.spare, &batch) }
            return shared.queue.isEmpty && shared.outputsInFlight == 0
        }
        guard idle else { return false }
        ending.withLock { $0 = state }
        let waiters: [CheckedContinuation<Void, Never>]? = shared.withLock { shared in
            // An input may have come meanwhile: then the loop goes on, and the state set above is
            // replaced at the real end.
            guard shared.queue.isEmpty, shared.outputsInFlight == 0 else { return nil }
            shared.ended = true
            defer { shared.endWaiters = [] }
            return shared.endWaiters
        }
        guard let waiters else { return false }
        for waiter in waiters { waiter.resume() }
        return true
    }

    private func note(_ diagnostic: String) {
        shared.withLock { shared in
            shared.diagnostics.append(diagnostic)
            if shared.diagnostics.count > 100 { shared.diagnostics.removeFirst() }
        }
    }
}

/// What the loop, the senders and the handlers share, under one lock. Not generic, so no access to it
/// looks generic metadata up.
struct LoopShared {
    var started = false
    /// Set when the app ends, and never again.
    var ended = false
    /// Inputs sent and not yet taken by the loop, in arrival order.
    var queue: [Delivery] = []
    /// The loop, suspended until an input arrives or an output settles.
    var sleeper: CheckedContinuation<[Delivery], Never>?
    /// Outputs whose handler is running, waiting to, or whose input closure is still held.
    var outputsInFlight = 0
    var endWaiters: [CheckedContinuation<Void, Never>] = []
    var diagnostics: [String] = []
    /// The task of each output whose handler is running, and its kind, by token number: what `cancel`
    /// reaches.
    var running: [UInt64: RunningOutput] = [:]
    /// The outputs of each kind running or waiting to, for the policies.
    var lanes: [ObjectIdentifier: Lane] = [:]
    /// An empty array with the capacity of a batch the loop has run: the next queue, so that a steady
    /// stream of inputs does not grow a new array for every batch.
    var spare: [Delivery] = []

    /// The queue, taken; the spare array is the queue now.
    mutating func takeQueue() -> [Delivery] {
        var batch: [Delivery] = []
        swap(&batch, &spare)
        swap(&batch, &queue)
        return batch
    }
}

struct RunningOutput {
    let kind: ObjectIdentifier
    let task: Task<Void, Never>
}

/// The outputs of one kind whose handler runs, and those waiting for their policy's limit.
struct Lane {
    var running = 0
    var waiting: [Job] = []
}

/// An output ready to start: `launch` starts its handler's task (under the lock).
struct Job: Sendable {
    let tokenID: UInt64
    let kind: ObjectIdentifier
    let limit: Int
    let launch: @Sendable (inout LoopShared) -> Void
}

/// What admitting an output asks the loop to do outside the lock.
struct Admission {
    var cancelled: [Task<Void, Never>] = []
    var superseded: [Job] = []
    var dropped = false
}

/// What one run of the pure function asked for.
@usableFromInline
struct StepOutcome {
    @usableFromInline var outputs: [PendingOutput]
    @usableFromInline var cancellations: [(kind: ObjectIdentifier, tokenID: UInt64)]

    @usableFromInline
    init(outputs: [PendingOutput], cancellations: [(kind: ObjectIdentifier, tokenID: UInt64)]) {
        self.outputs = outputs
        self.cancellations = cancellations
    }
}

/// A handler with its type erased: its kind, its policy, and how to hand it an output.
@usableFromInline
struct HandlerEntry: Sendable {
    let kind: ObjectIdentifier
    let policy: OutputPolicy
    /// Performs an output (of the handler's kind) for token `tokenID`; `send` delivers an input back.
    let perform: @Sendable (any Sendable, UInt64, @escaping @Sendable (any Sendable) -> Void) async throws -> Void

    /// The entry for `handler`: made where the handler's type is known (specialised in the caller's
    /// module), so the loop never casts through generic metadata to call it.
    @inlinable
    init<H: IOHandling>(_ handler: H) {
        self.init(kind: ObjectIdentifier(H.IO.self), policy: H.outputPolicy) { value, tokenID, send in
            guard let output = value as? H.IO.Output else { return }
            try await handler.handle(output: output, token: IOToken(id: tokenID), inputClosure: { send($0) })
        }
    }

    @usableFromInline
    init(
        kind: ObjectIdentifier, policy: OutputPolicy,
        perform:
            @escaping @Sendable (any Sendable, UInt64, @escaping @Sendable (any Sendable) -> Void) async throws
            -> Void
    ) {
        self.kind = kind
        self.policy = policy
        self.perform = perform
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
