// The bookkeeping of MemoryResponseCache: a pure value, with no lock and no clock, that keeps entries
// in order of use and evicts the least recently used one when a capacity is exceeded.

/// Entries by key, ordered from least to most recently used, within an entry-count capacity and an
/// optional total-cost capacity. Every operation but ``keys`` is O(1) (amortized, by hashing).
struct LeastRecentlyUsed<Key: Hashable, Value> {
    private struct Node {
        var value: Value
        var cost: Int
        var older: Key?
        var newer: Key?
    }

    let capacity: Int
    let costCapacity: Int?
    private var nodes: [Key: Node] = [:]
    private var oldest: Key?
    private var newest: Key?
    private(set) var totalCost = 0

    init(capacity: Int, costCapacity: Int?) {
        precondition(capacity >= 0, "A capacity cannot be negative")
        precondition(costCapacity.map { $0 >= 0 } ?? true, "A cost capacity cannot be negative")
        self.capacity = capacity
        self.costCapacity = costCapacity
    }

    var count: Int { nodes.count }

    /// The keys from the least to the most recently used. O(n).
    var keys: [Key] {
        var keys: [Key] = []
        var cursor = oldest
        while let key = cursor, let node = nodes[key] {
            keys.append(key)
            cursor = node.newer
        }
        return keys
    }

    /// The value for `key`, which becomes the most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let node = nodes[key] else { return nil }
        unlink(key)
        link(key, node)
        return node.value
    }

    /// Whether an entry of `cost` can be kept at all.
    func admits(cost: Int) -> Bool {
        capacity > 0 && cost <= (costCapacity ?? .max)
    }

    /// Inserts or replaces the value for `key` as the most recently used, then evicts the least
    /// recently used entries until both capacities hold. Returns the evicted keys, oldest first.
    /// The caller checks ``admits(cost:)`` first.
    mutating func insert(_ value: Value, cost: Int, for key: Key) -> [Key] {
        precondition(admits(cost: cost), "insert(_:cost:for:) needs an admissible cost")
        remove(key)
        link(key, Node(value: value, cost: cost))
        var evicted: [Key] = []
        while count > capacity || totalCost > (costCapacity ?? .max), let victim = oldest {
            remove(victim)
            evicted.append(victim)
        }
        return evicted
    }

    /// Removes the entry for `key`, if any.
    mutating func remove(_ key: Key) {
        guard nodes[key] != nil else { return }
        unlink(key)
    }

    mutating func removeAll() {
        nodes = [:]
        oldest = nil
        newest = nil
        totalCost = 0
    }

    /// Adds `node` for `key` as the newest entry; `key` must not be in `nodes`.
    private mutating func link(_ key: Key, _ node: Node) {
        var node = node
        node.older = newest
        node.newer = nil
        if let newest { nodes[newest]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
        nodes[key] = node
        totalCost += node.cost
    }

    /// Takes the entry for `key` out of the order and of `nodes`.
    private mutating func unlink(_ key: Key) {
        guard let node = nodes.removeValue(forKey: key) else { return }
        if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
        if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
        totalCost -= node.cost
    }
}
