/// The runs in flight of one family of deferreds (a deferred and those made from it with `map`,
/// `flatMap` and their `T` variants): `cancel()` cancels the Swift task of each.
///
/// A run registers its task for exactly as long as it executes the family's work: the `Task` a
/// `run(_:)` starts, and the current task while `value`, a combinator's child or a `flatMap`'s inner
/// step executes. Cancelling a task is Swift's own cancellation, so the work observes it where it
/// already can: `Task.sleep` and clocks throw, `withTaskCancellationHandler` handlers run (a URL
/// task is cancelled), task-group children are cancelled.
///
/// A value: copies share one registry (the family's), so a deferred carries it without an allocation
/// of its own.
@usableFromInline
struct CancellationScope: Sendable {
    private let executions: Locked<Executions>?

    @usableFromInline
    init() {
        executions = Locked(Executions(), recursive: true)
    }

    private init(inert: Void) {
        executions = nil
    }

    /// The scope of work with nothing to cancel (`Deferred.pure`): it registers nothing, and a
    /// deferred made from it gets a scope of its own (see ``forDerivedDeferred``).
    @usableFromInline
    static let inert = CancellationScope(inert: ())

    /// Whether this is ``inert``: a scope with no registry, for work with nothing to cancel.
    @usableFromInline
    var isInert: Bool { executions == nil }

    /// The scope a deferred made with `map`/`flatMap` from one in this scope belongs to.
    @usableFromInline
    var forDerivedDeferred: CancellationScope {
        isInert ? CancellationScope() : self
    }

    /// Runs `body` with the current task registered, so that `cancel()` reaches it meanwhile.
    @usableFromInline
    func executing<Result>(_ body: () async -> Result) async -> Result {
        guard let executions else { return await body() }
        let id = withUnsafeCurrentTask { task in
            task.map { task in executions.withLock { $0.insert(UnsafeTask(task)) } }
        }
        defer {
            if let id { executions.withLock { $0.remove(id) } }
        }
        return await body()
    }

    /// Registers a run started with `run(_:)`; returns the key to remove it with.
    func register(_ run: DeferredRun) -> Int? {
        executions?.withLock { $0.insert(run) }
    }

    /// Removes a registration made by ``register(_:)``.
    func remove(_ id: Int?) {
        guard let id, let executions else { return }
        executions.withLock { $0.remove(id) }
    }

    /// Cancels every registered run.
    ///
    /// The lock is held while the tasks are cancelled: a task registered with `executing` is only
    /// guaranteed alive while registered, and it removes itself under this lock. The lock is recursive
    /// and held over a copy of the registry, so a cancellation handler that comes back to this family
    /// (cancels it again, or ends a run) neither deadlocks nor opens a second access to the registry.
    ///
    /// It is the one place Mason cancels tasks under a lock (see `Locked`'s rule), and it cannot wait
    /// for ever there: cancelling a task takes only that task's status lock, and a thread that holds it
    /// while running the task's handlers has already marked the task cancelled, which makes this
    /// `cancel()` of it return at once. A handler on another thread that comes here waits only for
    /// this loop, which waits for nothing such a handler holds.
    func cancel() {
        executions?.withLockHeld { executions in
            executions.forEach { $0.cancel() }
        }
    }

    /// How many runs are registered now (for tests and diagnostics).
    var runningCount: Int {
        executions?.withLock { $0.count } ?? 0
    }
}

/// The registered runs of a scope. Most scopes run once at a time, so the first registration of
/// each kind is kept in a field of its own and a dictionary is allocated only for concurrent runs.
/// The kinds have fields of their own, not an optional `Execution`, because `UnsafeCurrentTask`'s
/// layout is resilient: every test or store of an optional enum holding it was a runtime call, which
/// showed in a profile of a `flatMap` chain (≈ 17 % of it).
private struct Executions {
    var singleTaskID = -1
    var singleTask: UnsafeTask?
    var singleRunID = -1
    var singleRun: DeferredRun?
    var others: [Int: Execution] = [:]
    var nextID = 0

    var count: Int {
        (singleTaskID < 0 ? 0 : 1) + (singleRunID < 0 ? 0 : 1) + others.count
    }

    /// Registers a task executing the family's work; returns its key.
    mutating func insert(_ task: UnsafeTask) -> Int {
        defer { nextID &+= 1 }
        if singleTaskID < 0 {
            singleTaskID = nextID
            singleTask = task
        } else {
            others[nextID] = .current(task)
        }
        return nextID
    }

    /// Registers a run started with `run(_:)`; returns its key.
    mutating func insert(_ run: DeferredRun) -> Int {
        defer { nextID &+= 1 }
        if singleRunID < 0 {
            singleRunID = nextID
            singleRun = run
        } else {
            others[nextID] = .started(run)
        }
        return nextID
    }

    mutating func remove(_ id: Int) {
        if singleTaskID == id {
            singleTaskID = -1
            singleTask = nil
        } else if singleRunID == id {
            singleRunID = -1
            singleRun = nil
        } else if !others.isEmpty {
            others[id] = nil
        }
    }

    func forEach(_ body: (Execution) -> Void) {
        if let singleTask { body(.current(singleTask)) }
        if let singleRun { body(.started(singleRun)) }
        for execution in others.values { body(execution) }
    }
}

/// A run to cancel: a task Mason started, or a task executing the family's work.
private enum Execution {
    case started(DeferredRun)
    case current(UnsafeTask)

    func cancel() {
        switch self {
        case .started(let run): run.cancel()
        case .current(let task): task.cancel()
        }
    }
}

/// An `UnsafeCurrentTask` kept while its task executes inside `CancellationScope.executing`.
///
/// Safe to use from another thread only as `CancellationScope` does: `cancel()` is called under the
/// scope's lock, and the task removes this value under the same lock before `executing` returns, so
/// the task is alive whenever `cancel()` runs. `Task` cancellation itself is thread-safe.
private struct UnsafeTask: @unchecked Sendable {
    let task: UnsafeCurrentTask

    init(_ task: UnsafeCurrentTask) {
        self.task = task
    }

    func cancel() {
        task.cancel()
    }
}
