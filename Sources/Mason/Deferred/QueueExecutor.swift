import Dispatch

/// A task executor on a Dispatch serial queue of its own: work given to it never needs a thread of
/// Swift's cooperative pool, which a thread blocked on that work may be holding.
///
/// `IO(deferred:)` runs each deferred on a new one and makes it ``inherited`` for the run, so the
/// deferred's work, its child tasks (`async let`, task groups: they inherit the preference) and the
/// tasks Mason starts for it (``Task/onInheritedExecutor(operation:)``) all run there. A serial queue
/// targets Dispatch's overcommitting pool, which starts a thread when none is free, so a blocking run
/// nested in another gets a thread too. Work isolated to an actor still runs on that actor's executor.
///
/// ```swift
/// let executor = QueueExecutor()
/// Task.detached(executorPreference: executor) { await deferred.value }
/// ```
package final class QueueExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "Mason.QueueExecutor")

    /// A new executor, with a queue of its own.
    ///
    /// ```swift
    /// let executor = QueueExecutor()
    /// ```
    package init() {}

    /// The executor of the blocking run the current task belongs to, if any: the one tasks that Mason
    /// starts keep.
    ///
    /// ```swift
    /// QueueExecutor.inherited   // nil outside IO(deferred:)
    /// ```
    @TaskLocal package static var inherited: QueueExecutor?

    /// Runs `job` on the queue.
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

extension Task where Failure == Never {
    /// Starts an unstructured task on the current ``QueueExecutor/inherited`` executor, if there is
    /// one: inside a blocking run, `Task { }` would need the cooperative pool that the blocked caller
    /// may hold. Every task Mason starts for a request or a deferred is started this way.
    ///
    /// ```swift
    /// let timer = Task.onInheritedExecutor { try? await Task.sleep(for: .seconds(1)) }
    /// ```
    /// - Parameter operation: The task's work.
    /// - Returns: The task.
    @discardableResult
    @usableFromInline
    package static func onInheritedExecutor(
        operation: sending @escaping () async -> Success
    ) -> Task<Success, Never> {
        // Only with an executor: a task created with a preference, even `nil`, looks the preference up
        // under its status lock at every hop onto the global executor (swift_task_switch), which made
        // `run { }` of a 100-step chain ≈ 1 µs slower.
        if let executor = QueueExecutor.inherited {
            return Task(executorPreference: executor, operation: operation)
        }
        return Task(operation: operation)
    }
}
