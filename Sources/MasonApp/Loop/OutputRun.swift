import Mason

/// One output on its way to its handler: in flight — keeping the app running — until its task has run
/// and the input closure it gave the handler is gone; its `deinit` settles it. One object for what
/// took four (a ticket, the input closure's context, the start closure's, the task's).
///
/// Kept small — 104 bytes — so that it is freed into glibc's fast bins (120 bytes at most), even with
/// the 16 bytes a malloc-counting interposer adds. A run is made on the loop's thread and freed on a
/// handler's: a chunk too large for a fast bin is freed under the lock of the arena the loop is
/// allocating from. At 137 bytes (the whole handler entry, a flag of its own for a cancellation and a
/// full-width limit) outputs took 8–15 % longer on two cores, and up to 25 % under the
/// interposer. The fields are declared in the order that packs them: the small ones fill the
/// padding after the value. (Finding `perform` through the core instead of keeping it measured
/// 5–8 % slower on one core.)
///
/// `@unchecked Sendable`: `task` is read and written only inside `lock.withLock`; the rest is
/// immutable.
@usableFromInline
final class OutputRun: @unchecked Sendable {
    @usableFromInline let tokenID: UInt64
    private let value: ErasedValue
    /// The number of its handler's lane in the core (`LoopCore.kinds`), as `Int32` (see `limit`).
    private let storedLane: Int32
    /// `limit`, in the word `storedLane` starts.
    private let storedLimit: Int32
    private let lock = SpinLock()
    /// The handler's `perform`: all a run needs of its entry.
    private let perform: @Sendable (ErasedValue, OutputRun) async throws -> Void
    /// Strong: the core holds a run only while it runs or waits (`running`, a lane), and the loop's
    /// task holds the core until no output is in flight, so the cycle never outlives the output. (A
    /// weak reference cost a side-table load on every use and a weak destroy per output.)
    private let core: LoopCore
    private var task = TaskState.notStarted

    /// The handler's task, or that a cancellation came before it: one word.
    private enum TaskState {
        case notStarted
        case cancelledBeforeStart
        case started(Task<Void, Never>)
    }

    init(_ output: consuming PendingOutput, handler: _HandlerEntry, lane: Int, limit: Int, core: LoopCore) {
        self.tokenID = output.tokenID
        self.value = output.value
        self.perform = handler.perform
        self.storedLane = Int32(lane)
        self.storedLimit = Int32(clamping: limit)
        self.core = core
    }

    /// The number of its handler's lane.
    var lane: Int { Int(storedLane) }

    /// Its kind: that of its handler.
    var kind: ObjectIdentifier { core.kinds[lane] }

    /// How many outputs of its kind may run when it starts (`Int32.max` stands for no limit).
    var limit: Int { Int(storedLimit) }

    deinit {
        core.settle()
    }

    /// Starts the handler's task (outside the loop's lock: a task takes a while to make). A
    /// cancellation that came first cancels it at once, and stays recorded, so that the task — which
    /// may already run — never calls the handler.
    func start() {
        let task = Task.detached { await self.run() }
        let cancelled = lock.withLock {
            if case .cancelledBeforeStart = self.task { return true }
            self.task = .started(task)
            return false
        }
        if cancelled { task.cancel() }
    }

    /// Cancels the handler's task, now or as soon as it exists.
    func cancel() {
        let task = lock.withLock { () -> Task<Void, Never>? in
            guard case .started(let task) = self.task else {
                self.task = .cancelledBeforeStart
                return nil
            }
            return task
        }
        task?.cancel()
    }

    /// Calls the handler, unless the output was cancelled first: then, as for a cancelled output that
    /// waited, the handler never sees it and the pure function gets `CancellationError`.
    private func run() async {
        do {
            guard !Task.isCancelled, !cancelledBeforeStart else { throw CancellationError() }
            try await perform(value, self)
        } catch {
            _ = core.deliver(Delivery(kind: kind, tokenID: tokenID, value: .failure(error)))
        }
        core.finish(self)
    }

    /// Whether a cancellation came before ``start()``.
    private var cancelledBeforeStart: Bool {
        lock.withLock {
            if case .cancelledBeforeStart = self.task { return true }
            return false
        }
    }

    /// What the handler's input closure calls: the input goes to the pure function with this output's
    /// token.
    @usableFromInline
    func send(_ input: ErasedValue) {
        _ = core.deliver(Delivery(kind: kind, tokenID: tokenID, value: .input(input)))
    }
}
