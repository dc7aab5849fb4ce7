import Mason
import Synchronization

/// The loop behind a ``Main``: runs the pure function once after `start()` and once per input, serially,
/// in arrival order; hands each output to its handler in a task of its own, as its policy says; and ends
/// when no input is queued and no output is in flight.
///
/// Generic over the state only: the IO kinds and handlers were erased when the app was made (in
/// `MainFactory`, specialised in the caller's module), so nothing on the way of an input needs generic
/// metadata looked up at run time — what senders and handlers reach (`LoopCore`) does not depend on
/// the state at all.
///
/// `@unchecked Sendable`: `function` is called only by the loop's one task (`runLoop`), which owns it
/// from `start()` on — it arrived `sending`, so no one else holds it; the state lives in that task;
/// what other threads touch is behind locks (the core's, `ending`, `recorded`).
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
    private let handlers: [_HandlerEntry]
    private let historyLimit: Int
    @usableFromInline let core: LoopCore
    /// The token count, which only goes up: bound for the loop's task, so that a container the pure
    /// function builds itself numbers on from it.
    private let numbering = TokenNumbering()
    /// The final state, set once, before the app is marked ended.
    private let ending = Locked<State?>(nil)
    /// The runs, oldest first: the last `historyLimit` of them, and up to as many older ones.
    private let recorded = Locked<[AppHistoryEntry<State>]>([])

    @usableFromInline
    init(function: sending @escaping Function, initialState: State, handlers: [_HandlerEntry], historyLimit: Int) {
        self.function = function
        self.state = initialState
        self.handlers = handlers
        self.historyLimit = max(0, historyLimit)
        self.core = LoopCore(kinds: handlers.map(\.kind))
    }

    // MARK: What Main calls

    func start() {
        let first = core.withShared { shared in
            defer { shared.started = true }
            return !shared.started
        }
        guard first else { return }
        Task.detached { await TokenNumbering.$current.withValue(self.numbering) { await self.runLoop() } }
    }

    func run() async -> State {
        start()
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let ended = core.withShared { shared in
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
        core.withShared { $0.diagnostics }
    }

    var hasEnded: Bool {
        core.withShared { $0.ended }
    }

    var history: [AppHistoryEntry<State>] {
        // Copied out of the lock (in constant time), trimmed outside it.
        Array(recorded.withLock { $0 }.suffix(historyLimit))
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
        let batch: [Delivery]? = core.withShared { shared in
            guard !shared.queue.isEmpty else { return nil }
            return shared.takeQueue()
        }
        if let batch { return batch }
        return await withUnsafeContinuation { sleeper in
            let ready: [Delivery]? = core.withShared { shared in
                guard shared.queue.isEmpty, core.outputsInFlight.load(ordering: .acquiring) > 0 else {
                    return shared.takeQueue()
                }
                shared.sleeper = sleeper
                return nil
            }
            if let ready { sleeper.resume(returning: ready) }
        }
    }

    /// One run of the pure function, then its outputs handed to their handlers and its cancellations
    /// carried out.
    private func step(with input: Delivery?, _ state: inout State, _ nextTokenID: inout UInt64) {
        let floor = nextTokenID
        guard var outcome = function(&state, input, &nextTokenID) else { return }
        if historyLimit > 0 { record(input, state) }
        guard outcome.outputs.isEmpty, outcome.cancellations.isEmpty else {
            handOut(&outcome, floor: floor, &nextTokenID)
            return
        }
        // The common run, with nothing to number, start or cancel: kept apart from `handOut`, whose
        // copies of the outcome would cost every run (~30 ns of 160). This is `TokenNumbering.claim`'s
        // rule for an empty list, written out: calling `claim` here instead, even inlined with an early
        // return, cost 20 ns a run (100,000 inputs: 19–20 ms against 17, measured 2026-11-28).
        if nextTokenID > floor { numbering.advance(to: nextTokenID) } else { nextTokenID = floor }
    }

    /// Numbers a run's outputs (see `TokenNumbering.claim`), hands them to their handlers and carries
    /// out its cancellations.
    private func handOut(_ outcome: inout StepOutcome, floor: UInt64, _ nextTokenID: inout UInt64) {
        for diagnostic in TokenNumbering.claim(&outcome.outputs, from: floor, upTo: &nextTokenID) {
            core.note(diagnostic)
        }
        if nextTokenID != floor { numbering.advance(to: nextTokenID) }
        if outcome.outputs.count < 2, outcome.cancellations.isEmpty {
            // A closure, not the method itself: that would retain the loop on every run.
            outcome.outputs.removeAll { dispatch($0, cancelled: false) }
        } else {
            let cancelled = cancelledAtOnce(outcome)
            outcome.outputs.removeAll { output in
                let tokenID = output.tokenID
                dispatch(output, cancelled: cancelled.contains(tokenID))
            }
        }
        // Tested first: iterating even an empty array retains its buffer.
        guard !outcome.cancellations.isEmpty else { return }
        for cancellation in outcome.cancellations {
            _ = core.cancel(tokenID: cancellation.tokenID)
        }
    }

    private func record(_ input: Delivery?, _ state: State) {
        let entry = AppHistoryEntry(delivery: input, state: state)
        let limit = historyLimit
        recorded.withLock { history in
            history.append(entry)
            // Up to twice the limit is kept, then the oldest are dropped at once: dropping one at
            // each run would move the whole history each time. (Not `2 * limit`: it may overflow.)
            if history.count - limit > limit { history.removeFirst(history.count - limit) }
        }
    }

    /// The outputs of a run that are cancelled before their handler could see them: those the run
    /// itself cancels, and those a later `.latestWins` output of their kind in the same run cancels as
    /// it comes. Marked before they start, so that none reaches its handler — however soon its task runs.
    /// - Complexity: O(*n*) in the run's outputs and cancellations.
    private func cancelledAtOnce(_ outcome: StepOutcome) -> Set<UInt64> {
        var tokenIDs = Set(outcome.cancellations.map(\.tokenID))
        var latestWinsLater: [ObjectIdentifier] = []
        for output in outcome.outputs.reversed() {
            if latestWinsLater.contains(output.kind) {
                tokenIDs.insert(output.tokenID)
                continue
            }
            guard let handler = handlers.first(where: { $0.kind == output.kind }) else { continue }
            if case .latestWins = output.policy ?? handler.policy { latestWinsLater.append(output.kind) }
        }
        return tokenIDs
    }

    /// Hands an output to the handler of its kind: started, queued or dropped as its policy says (a
    /// synchronous handler's, queued for the task of its kind). (It arrives moved out of the step's
    /// list, and its value moves on into the run.) A `cancelled` output is admitted as any other (a
    /// synchronous handler's only supersedes what waits, under `.latestWins`), but its handler never
    /// sees it: the pure function gets `CancellationError` for it. An output of a kind no handler
    /// performs gets ``UnhandledOutput``.
    private func dispatch(_ output: consuming PendingOutput, cancelled: Bool) {
        guard let lane = handlers.firstIndex(where: { $0.kind == output.kind }) else {
            core.note("an output of a kind no handler performs was dropped: \(output.value)")
            let failure = UnhandledOutput(kind: output.value.typeName)
            _ = core.deliver(Delivery(kind: output.kind, tokenID: output.tokenID, value: .failure(failure)))
            return
        }
        let handler = handlers[lane]
        let policy = output.policy ?? handler.policy
        if let performNow = handler.performNow {
            core.enqueue(output, lane: lane, policy: policy, cancelled: cancelled, performNow: performNow)
            return
        }
        let run = OutputRun(output, handler: handler, lane: lane, limit: policy.limit, core: core)
        if cancelled { run.cancel() }
        core.dispatch(run, policy: policy)
    }

    /// Ends the app with `state` if no input is queued and no output is in flight; returns whether it
    /// has ended. Hands the loop's last batch back, emptied, for the senders to fill again.
    private func endIfIdle(_ state: State, handingBack batch: inout [Delivery]) -> Bool {
        // Only a modest array is kept: a burst's would hold its memory for good.
        batch.removeAll(keepingCapacity: batch.capacity <= 4_096)
        let idle = core.withShared { shared in
            if shared.spare.capacity < batch.capacity { swap(&shared.spare, &batch) }
            return shared.queue.isEmpty && core.outputsInFlight.load(ordering: .acquiring) == 0
        }
        guard idle else { return false }
        ending.withLock { $0 = state }
        let waiters: [CheckedContinuation<Void, Never>]? = core.withShared { shared in
            // An input may have come meanwhile: then the loop goes on, and the state set above is
            // replaced at the real end.
            guard shared.queue.isEmpty, core.outputsInFlight.load(ordering: .acquiring) == 0 else { return nil }
            shared.ended = true
            defer { shared.endWaiters = [] }
            return shared.endWaiters
        }
        guard let waiters else { return false }
        for waiter in waiters { waiter.resume() }
        return true
    }
}
