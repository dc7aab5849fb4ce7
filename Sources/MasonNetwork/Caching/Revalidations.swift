import Mason

/// The background refreshes a ``CachingTransport`` has running: at most one per key, each removed
/// when it ends, and awaitable all together.
final class Revalidations: Sendable {
    private let running = Locked<[CacheKey: Task<Void, Never>]>([:])

    /// Runs `refresh` in a new task unless one is already running for `key`.
    ///
    /// The task is created and registered under the lock, and removes itself under the same lock as
    /// its last step, so it is never removed before it is registered.
    /// - Returns: `true` when a refresh was started.
    @discardableResult
    func start(_ key: CacheKey, _ refresh: @escaping @Sendable () async -> Void) -> Bool {
        running.withLock { running in
            guard running[key] == nil else { return false }
            running[key] = Task.onInheritedExecutor {
                await refresh()
                self.finish(key)
            }
            return true
        }
    }

    /// The number of refreshes running.
    var count: Int {
        running.withLock { $0.count }
    }

    /// Returns when no refresh is running, including those started while waiting.
    func waitForAll() async {
        while let task = running.withLock({ $0.values.first }) {
            await task.value
        }
    }

    private func finish(_ key: CacheKey) {
        running.withLock { _ = $0.removeValue(forKey: key) }
    }
}
