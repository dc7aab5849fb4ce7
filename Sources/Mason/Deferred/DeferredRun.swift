/// One run of a ``Deferred`` started with ``Deferred/run(_:)``: cancel it on its own, or let it be.
///
/// ```swift
/// let run = slowRequest.run { print($0) }
/// run.cancel()   // stops this run's work; its callback gets the cancellation, if its value can say so
/// ```
///
/// `DeferredRun` is `Sendable`; ``cancel()`` may be called from any thread, any number of times.
public final class DeferredRun: @unchecked Sendable {
    // @unchecked Sendable: the only mutable stored property is `state`, read and written only inside
    // `lock.withLock` (an acquiring compare-and-swap before, a releasing store after), so no two
    // threads touch it at once and every access happens-after the previous one. The lock is inline:
    // a run is one allocation with no mutex to create.
    private let lock = SpinLock()
    private var state = State()

    private struct State {
        var task: Task<Void, Never>?
        var isCancelled = false
        var isFinished = false
    }

    @usableFromInline
    init() {}

    /// Cancels the run: its task is cancelled, and its callback never receives a value produced
    /// after this call. Does nothing once the run has completed.
    ///
    /// ```swift
    /// let run = deferred.run { _ in }
    /// run.cancel()
    /// ```
    public func cancel() {
        let task = lock.withLock { () -> Task<Void, Never>? in
            guard !state.isFinished else { return nil }
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }

    /// Whether the run was cancelled before it completed: by ``cancel()``, by ``Deferred/cancel()``,
    /// or by cancelling a deferred it runs.
    ///
    /// ```swift
    /// let run = deferred.run { _ in }
    /// run.cancel()
    /// run.isCancelled   // true
    /// ```
    public var isCancelled: Bool {
        lock.withLock { state.isCancelled }
    }

    /// Attaches the task executing the run; cancels it at once if the run was cancelled meanwhile.
    @usableFromInline
    func attach(_ task: Task<Void, Never>) {
        let cancelled = lock.withLock { () -> Bool in
            state.task = task
            return state.isCancelled && !state.isFinished
        }
        if cancelled { task.cancel() }
    }

    /// Marks the run complete; returns whether it was cancelled first — through ``cancel()``, or, when
    /// `taskCancelled`, through a scope that cancelled its task directly (a shared inner deferred of a
    /// `flatMap`, the source of a `retrying`). Called once, by the run's task.
    @usableFromInline
    func finish(taskCancelled: Bool) -> Bool {
        lock.withLock {
            state.isFinished = true
            state.task = nil
            if taskCancelled { state.isCancelled = true }
            return state.isCancelled
        }
    }
}

/// A value that can say "this run was cancelled", so a cancelled ``Deferred/run(_:)`` can report it.
///
/// `Result` and `Either` report a cancelled run through their failure (left) side when that side
/// conforms, or can hold a `CancellationError` (`any Error`).
///
/// ```swift
/// enum APIError: Error, CancellationRepresentable {
///     case offline, cancelled
///     static var cancellation: APIError { .cancelled }
/// }
/// // A cancelled run of a Deferred<Result<Data, APIError>> calls back with .failure(.cancelled).
/// ```
public protocol CancellationRepresentable {
    /// The value that stands for a cancelled run.
    static var cancellation: Self { get }
}

extension CancellationError: CancellationRepresentable {
    /// A `CancellationError`.
    ///
    /// ```swift
    /// CancellationError.cancellation   // CancellationError()
    /// ```
    public static var cancellation: CancellationError { CancellationError() }
}

/// A value type that may carry a cancellation in its failure side.
protocol CancellationCarrier {
    /// What a cancelled run reports, given what its work produced: the work's own failure if it
    /// produced one (a request reports `canceledByUser` itself), else the type's cancellation, or
    /// `nil` if this type cannot say it.
    static func cancelledValue(replacing produced: Self) -> Self?

    /// What a run cancelled before its work produced anything reports: the type's cancellation, or
    /// `nil` if this type cannot say it.
    static var cancelledWithoutWork: Self? { get }
}

/// The failure that stands for a cancellation, if `Failure` can be one.
func cancellationFailure<Failure>(as type: Failure.Type) -> Failure? {
    if let representable = Failure.self as? any CancellationRepresentable.Type,
        let failure = representable.cancellation as? Failure
    {
        return failure
    }
    return CancellationError() as? Failure
}

extension Result: CancellationCarrier {
    static func cancelledValue(replacing produced: Result) -> Result? {
        if case .failure = produced { return produced }
        return cancelledWithoutWork
    }

    static var cancelledWithoutWork: Result? {
        cancellationFailure(as: Failure.self).map(Result.failure)
    }
}

extension Either: CancellationCarrier {
    static func cancelledValue(replacing produced: Either) -> Either? {
        if case .left = produced { return produced }
        return cancelledWithoutWork
    }

    static var cancelledWithoutWork: Either? {
        cancellationFailure(as: Left.self).map(Either.left)
    }
}

extension Deferred {
    /// Runs the work in a new task and calls `callback` with its value — the seed's way to run.
    ///
    /// The callback is called at most once, on the task that ran the work. If the run is cancelled
    /// (``cancel()``, ``DeferredRun/cancel()``) before it completes, its work is stopped and the
    /// callback never receives a success produced after the cancel; instead:
    /// - a `Result` receives the failure the work reported (a request reports `canceledByUser`
    ///   itself), or, if the work produced a success, `.failure(.cancellation)` when `Failure` is
    ///   ``CancellationRepresentable`` (`.failure(CancellationError())` for `any Error`), once;
    /// - an `Either` likewise receives `.left(…)`;
    /// - any other value: the callback is not called.
    ///
    /// ```swift
    /// let run = Deferred { await download() }.run { data in print(data.count) }
    /// run.cancel()   // the download stops; nothing is printed
    /// ```
    /// - Parameter callback: Receives the value.
    /// - Returns: The run, to cancel on its own.
    @inlinable
    @discardableResult
    public func run(_ callback: @escaping @Sendable (Value) -> Void) -> DeferredRun {
        // Inlinable, so specialised for the value: a generic run looked the types of its task's
        // closure up at run time on every call.
        let handle = DeferredRun()
        let scope = self.scope
        let id = scope.register(handle)
        let task = Task.onInheritedExecutor {
            let value = await execute(registered: true)
            // The task is its own (unstructured), so only a cancellation of this run cancels it.
            if !handle.finish(taskCancelled: Task.isCancelled) {
                callback(value)
            } else {
                Self.reportCancelled(value, to: callback)
            }
            scope.remove(id)
        }
        handle.attach(task)
        return handle
    }

    /// Calls `callback` with what a cancelled run of a `Result` or `Either` reports, given what its
    /// work produced; does nothing for any other value.
    @usableFromInline
    static func reportCancelled(_ value: Value, to callback: @Sendable (Value) -> Void) {
        if let carrier = value as? any CancellationCarrier, let cancelledValue = cancelledValue(replacing: carrier) {
            callback(cancelledValue)
        }
    }

    /// What a cancelled run of a `Result` or `Either` reports, given what its work produced.
    static func cancelledValue(replacing produced: any CancellationCarrier) -> Value? {
        func open<Carrier: CancellationCarrier>(_ carrier: Carrier) -> Value? {
            Carrier.cancelledValue(replacing: carrier) as? Value
        }
        return open(produced)
    }

    /// What stands for a run cancelled before its work produced anything: `.failure(.cancellation)`
    /// for a `Result` whose `Failure` is ``CancellationRepresentable`` (or `any Error`), `.left(…)` for
    /// an `Either` likewise; `nil` for any other value, which only the work can produce.
    static var cancelledWithoutWork: Value? {
        func open<Carrier: CancellationCarrier>(_ carrier: Carrier.Type) -> Value? {
            Carrier.cancelledWithoutWork as? Value
        }
        return (Value.self as? any CancellationCarrier.Type).flatMap { open($0) }
    }

    /// Runs the work in the current task and returns its value.
    ///
    /// ``cancel()`` reaches this run too. If the run is cancelled the work stops early and the
    /// value is whatever the work returned under cancellation; use ``run()`` to get a
    /// `CancellationError` instead. The run *is* the awaiting task (no task is started for it), so
    /// ``cancel()`` cancels that task, and it stays cancelled after `value` returns, as after any Swift
    /// cancellation. To cancel a run and nothing else, start it with ``run(_:)`` and cancel its handle,
    /// or await it in a task of its own.
    ///
    /// ```swift
    /// let count = await Deferred.pure([1, 2, 3]).map(\.count).value   // 3
    /// ```
    @inlinable
    public var value: Value {
        get async { await scope.executing { await execute(registered: true) } }
    }

    /// Runs the work in the current task and returns its value, or throws `CancellationError` if the
    /// run was cancelled (by ``cancel()`` or the task's own cancellation).
    ///
    /// ```swift
    /// let answer = try await Deferred.pure(42).run()   // 42
    /// ```
    /// - Returns: The value.
    /// - Throws: `CancellationError` when cancelled.
    public func run() async throws(CancellationError) -> Value {
        let value = await self.value
        if Task.isCancelled { throw CancellationError() }
        return value
    }

    /// Cancels every run in flight of this deferred and of the deferreds made from it with `map` and
    /// `flatMap` — the seed's `cancel()`. Later runs are not affected. A run awaited with ``value`` or
    /// ``run()`` is the awaiting task itself: that task is cancelled, and stays so.
    ///
    /// ```swift
    /// let request = Deferred { await download() }
    /// request.run { print($0) }
    /// request.cancel()   // the download stops
    /// ```
    public func cancel() {
        scope.cancel()
    }

    /// Whether any run of this deferred's family is in flight (for tests and diagnostics).
    ///
    /// ```swift
    /// Deferred.pure(1).isRunning   // false
    /// ```
    public var isRunning: Bool {
        scope.runningCount > 0
    }
}

/// Anything that can be cancelled like a deferred; the seed's way to cancel many at once.
///
/// ```swift
/// let requests: [any AnyCancellableDeferred] = [first, second]
/// requests.cancelAll()
/// ```
public protocol AnyCancellableDeferred: Sendable {
    /// Cancels the runs in flight.
    func cancel()
}

extension Deferred: AnyCancellableDeferred {}
extension DeferredRun: AnyCancellableDeferred {}

extension Sequence where Element == any AnyCancellableDeferred {
    /// Cancels every element.
    ///
    /// ```swift
    /// [first, second].cancelAll()
    /// ```
    public func cancelAll() {
        for cancellable in self { cancellable.cancel() }
    }
}
