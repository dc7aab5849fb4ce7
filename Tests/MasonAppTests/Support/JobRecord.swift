import Mason

/// What a test handler records of the jobs it performs: the order they started in, and the most that
/// ran at once. Safe from any thread.
final class JobRecord: Sendable {
    private let counts = Locked<(order: [Int], running: Int, most: Int)>(([], 0, 0))

    /// The jobs, in the order they started.
    var order: [Int] { counts.withLock { $0.order } }
    /// The most jobs that ran at once.
    var mostAtOnce: Int { counts.withLock { $0.most } }

    /// Job `id` starts; call ``end()`` when it ends.
    func begin(_ id: Int) {
        counts.withLock { counts in
            counts.order.append(id)
            counts.running += 1
            counts.most = max(counts.most, counts.running)
        }
    }

    /// A job ends.
    func end() {
        counts.withLock { $0.running -= 1 }
    }
}
