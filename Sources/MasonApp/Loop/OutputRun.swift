import Mason

/// One output on its way to its handler: in flight — keeping the app running — until its task has run
/// and the input closure it gave the handler is gone; its `deinit` settles it. One object for what
/// took four (a ticket, the input closure's context, the start closure's, the task's).
///
/// `@unchecked Sendable`: `task` and `cancelled` are read and written only inside `lock.withLock`; the
/// rest is immutable.
@usableFromInline
final class OutputRun: @unchecked Sendable {
    let kind: ObjectIdentifier
    @usableFromInline let tokenID: UInt64
    /// How many outputs of its kind may run when it starts.
    let limit: Int
    private let value: any Sendable
    private let handler: _HandlerEntry
    /// Strong: the core holds a run only while it runs or waits (`running`, a lane), and the loop's
    /// task holds the core until no output is in flight, so the cycle never outlives the output. (A
    /// weak reference cost a side-table load on every use and a weak destroy per output.)
    private let core: LoopCore
    private let lock = SpinLock()
    private var task: Task<Void, Never>?
    private var cancelled = false

    init(_ output: consuming PendingOutput, handler: _HandlerEntry, limit: Int, core: LoopCore) {
        self.kind = output.kind
        self.tokenID = output.tokenID
        self.value = output.value
        self.handler = handler
        self.limit = limit
        self.core = core
    }

    deinit {
        core.settle()
    }

    /// Starts the handler's task (outside the loop's lock: a task takes a while to make). A
    /// cancellation that came first cancels it at once.
    func start() {
        let task = Task.detached { await self.run() }
        let cancelled = lock.withLock {
            self.task = task
            return self.cancelled
        }
        if cancelled { task.cancel() }
    }

    /// Cancels the handler's task, now or as soon as it exists.
    func cancel() {
        let task = lock.withLock {
            cancelled = true
            return self.task
        }
        task?.cancel()
    }

    private func run() async {
        do {
            try await handler.perform(value, self)
        } catch {
            _ = core.deliver(Delivery(kind: kind, tokenID: tokenID, value: .failure(error)))
        }
        core.finish(self)
    }

    /// What the handler's input closure calls: the input goes to the pure function with this output's
    /// token.
    @usableFromInline
    func send(_ input: any Sendable) {
        _ = core.deliver(Delivery(kind: kind, tokenID: tokenID, value: .input(input)))
    }
}
