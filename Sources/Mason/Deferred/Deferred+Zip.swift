/// Combines deferreds into one that runs them all in parallel and produces all their values.
///
/// Each child runs in its own task. Cancelling the zip (``Deferred/cancel()``, its ``DeferredRun``
/// or the awaiting task) cancels every child; cancelling one child's own deferred cancels only that
/// child. This holds for any number of children and after `map` — Funswift lost it for three or more.
///
/// ```swift
/// let both = zip(fetchUser(id), fetchOrders(id))   // nothing runs yet
/// let (user, orders) = await both.value             // both run at once
/// both.cancel()                                     // would cancel both requests
/// ```
/// - Parameter deferreds: The deferreds, of any number and types.
/// - Returns: A deferred producing the tuple of their values.
public func zip<each Value: Sendable>(_ deferreds: repeat Deferred<each Value>) -> Deferred<(repeat each Value)> {
    Deferred {
        let children = ZipChildren()
        return await withTaskCancellationHandler {
            await awaitAll(repeat children.start(each deferreds))
        } onCancel: {
            children.cancel()
        }
    }
}

/// Runs deferreds in parallel and combines their values with `transform`.
///
/// ```swift
/// let total = zip(with: +, Deferred.pure(1), Deferred.pure(2))
/// await total.value   // 3
/// ```
/// - Parameters:
///   - transform: Receives every deferred's value.
///   - deferreds: The deferreds, of any number and types.
/// - Returns: A deferred producing `transform`'s result; cancelling it cancels every child.
public func zip<each Value: Sendable, Output>(
    with transform: @escaping @Sendable (repeat each Value) -> Output,
    _ deferreds: repeat Deferred<each Value>
) -> Deferred<Output> {
    Deferred {
        let children = ZipChildren()
        return await withTaskCancellationHandler {
            await awaitAll(repeat children.start(each deferreds), combining: transform)
        } onCancel: {
            children.cancel()
        }
    }
}

// The helpers below keep pack tuples out of closures: Swift 6.3.1's SILGen crashes on a closure
// that captures a tuple of a pack expansion (such as `(repeat Task { … })`).

/// Awaits every task, in order.
private func awaitAll<each Value: Sendable>(_ tasks: repeat Task<each Value, Never>) async -> (repeat each Value) {
    (repeat await (each tasks).value)
}

/// Awaits every task, in order, and combines their values.
private func awaitAll<each Value: Sendable, Output>(
    _ tasks: repeat Task<each Value, Never>,
    combining transform: (repeat each Value) -> Output
) async -> Output {
    transform(repeat await (each tasks).value)
}

/// The tasks of a zip's children, to cancel together; a child started after the cancel is cancelled
/// at once.
private final class ZipChildren: Sendable {
    private let state = Locked((cancelled: false, tasks: [@Sendable () -> Void]()))

    func start<Value: Sendable>(_ deferred: Deferred<Value>) -> Task<Value, Never> {
        let task = Task.onInheritedExecutor { await deferred.execute() }
        let cancelled = state.withLock { state in
            state.tasks.append { task.cancel() }
            return state.cancelled
        }
        if cancelled { task.cancel() }
        return task
    }

    func cancel() {
        let tasks = state.withLock { state in
            state.cancelled = true
            return state.tasks
        }
        for cancel in tasks { cancel() }
    }
}
