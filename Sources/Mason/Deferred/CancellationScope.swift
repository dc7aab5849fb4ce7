#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

/// The runs in flight of one family of deferreds (a deferred and those made from it with `map`,
/// `flatMap` and their `T` variants): `cancel()` cancels the Swift task of each.
///
/// A run registers its task for exactly as long as it executes the family's work: the `Task` a
/// `run(_:)` starts, and the current task while `value`, a combinator's child or a `flatMap`'s inner
/// step executes (an inner deferred whose scope no other deferred shares skips that: nothing can
/// reach its scope, and the outer run's registration covers the task). Cancelling a task is Swift's
/// own cancellation, so the work observes it where it already can: `Task.sleep` and clocks throw, `withTaskCancellationHandler` handlers run (a URL
/// task is cancelled), task-group children are cancelled.
///
/// A value: copies share one registry (the family's), so a deferred carries it without an allocation
/// of its own.
@usableFromInline
struct CancellationScope: Sendable {
    /// `var` only so that ``isUnshared()`` can ask; never reassigned.
    private var registry: ScopeRegistry?

    @usableFromInline
    init() {
        registry = ScopeRegistry()
    }

    private init(inert: Void) {
        registry = nil
    }

    /// The scope of work with nothing to cancel (`Deferred.pure`): it registers nothing, and a
    /// deferred made from it gets a scope of its own (see ``forDerivedDeferred``).
    @usableFromInline
    static let inert = CancellationScope(inert: ())

    /// Whether this is ``inert``: a scope with no registry, for work with nothing to cancel.
    @usableFromInline
    var isInert: Bool { registry == nil }

    /// Whether no other copy of this scope exists: then no deferred shares it, so nothing can cancel
    /// through it or ask whether it runs.
    @usableFromInline
    mutating func isUnshared() -> Bool {
        guard registry != nil else { return true }
        return isKnownUniquelyReferenced(&registry!)
    }

    /// The scope a deferred made with `map`/`flatMap` from one in this scope belongs to.
    @usableFromInline
    var forDerivedDeferred: CancellationScope {
        isInert ? CancellationScope() : self
    }

    /// Runs `body` with the current task registered, so that `cancel()` reaches it meanwhile.
    @usableFromInline
    func executing<Result>(_ body: () async -> Result) async -> Result {
        guard let registry else { return await body() }
        let id = withUnsafeCurrentTask { task in task.map { registry.insert(UnsafeTask($0)) } }
        defer {
            if let id { registry.removeTask(id) }
        }
        return await body()
    }

    /// Registers a run started with `run(_:)`; returns the key to remove it with.
    @usableFromInline
    func register(_ run: DeferredRun) -> Int? {
        registry?.insert(run)
    }

    /// Removes a registration made by ``register(_:)``.
    @usableFromInline
    func remove(_ id: Int?) {
        guard let id, let registry else { return }
        registry.removeRun(id)
    }

    /// Cancels every registered run.
    func cancel() {
        registry?.cancel()
    }

    /// How many runs are registered now (for tests and diagnostics).
    var runningCount: Int {
        registry?.count ?? 0
    }
}

/// What a scope registers, under a lock of its own: one small object per family of deferreds, cheap
/// to make (no mutex to create: a `flatMap` into work makes one per step) and to take.
///
/// **Cancelling outside the lock.** ``cancel()`` copies the registrations under the lock and cancels
/// them after releasing it, so a cancellation handler that comes back to this family (cancels it
/// again, or registers) never waits for the lock its own thread holds. A task registered with
/// `executing` is only guaranteed alive while registered, so while any `cancel()` works through its
/// copy (`cancelling > 0`), ``removeTask(_:)`` waits: the task cannot end, and its
/// `UnsafeCurrentTask` stays valid, until every `cancel()` that may hold it is done. That wait is
/// short and never circular: `cancel()` waits for nothing (cancelling a task takes only that task's
/// status lock and runs its handlers, which never wait — `Locked`'s rule), and a removal happens on
/// the task's own thread after its body returned, never inside a handler.
///
/// `@unchecked Sendable`: `executions` and `cancelling` are read and written only inside
/// `lock.withLock` (an acquiring compare-and-swap before, a releasing store after).
private final class ScopeRegistry: @unchecked Sendable {
    private let lock = SpinLock()
    private var executions = Executions()
    /// How many `cancel()` calls are cancelling a copy of the registrations now, outside the lock.
    private var cancelling = 0

    init() {}

    /// Registers a task executing the family's work; returns its key.
    func insert(_ task: UnsafeTask) -> Int {
        lock.withLock { executions.insert(task) }
    }

    /// Registers a run started with `run(_:)`; returns its key.
    func insert(_ run: DeferredRun) -> Int {
        lock.withLock { executions.insert(run) }
    }

    /// Removes a task's registration once no `cancel()` may still be cancelling it.
    func removeTask(_ id: Int) {
        while true {
            let removed = lock.withLock { () -> Bool in
                guard cancelling == 0 else { return false }
                executions.remove(id)
                return true
            }
            if removed { return }
            sched_yield()
        }
    }

    /// Removes a run's registration (the copies `cancel()` works through hold the run itself).
    func removeRun(_ id: Int) {
        lock.withLock { executions.remove(id) }
    }

    /// Cancels every registered run and task, outside the lock.
    func cancel() {
        let registered = lock.withLock { () -> Executions in
            cancelling += 1
            return executions
        }
        registered.forEach { $0.cancel() }
        lock.withLock { cancelling -= 1 }
    }

    var count: Int {
        lock.withLock { executions.count }
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
    var others = [Int: Execution]()
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
/// Safe to use from another thread only as `ScopeRegistry` does: the task removes this value before
/// `executing` returns, and not while any `cancel()` works through a copy that holds it, so the task
/// is alive whenever `cancel()` runs. `Task` cancellation itself is thread-safe.
private struct UnsafeTask: @unchecked Sendable {
    let task: UnsafeCurrentTask

    init(_ task: UnsafeCurrentTask) {
        self.task = task
    }

    func cancel() {
        task.cancel()
    }
}
