/// Runs deferreds in parallel — at most `maxConcurrency` at a time — and produces their values in
/// order.
///
/// ```swift
/// let pages = sequence((1...20).map(fetchPage), maxConcurrency: 4)
/// let all = await pages.value   // 20 pages, in order, never more than 4 requests at once
/// ```
/// - Parameters:
///   - deferreds: The deferreds.
///   - maxConcurrency: How many may run at once; `nil` for no limit.
/// - Returns: A deferred producing the values in the order of `deferreds`; cancelling it cancels
///   every running child and starts no other (the cancelled run's array then holds only the
///   children that ran).
/// - Complexity: O(n) tasks.
@inlinable
public func sequence<Value: Sendable>(
    _ deferreds: [Deferred<Value>], maxConcurrency: Int? = nil
) -> Deferred<[Value]> {
    traverse(deferreds, maxConcurrency: maxConcurrency) { $0 }
}

/// Builds a deferred for each element and runs them in parallel — at most `maxConcurrency` at a
/// time — producing their values in order.
///
/// ```swift
/// let users = traverse([1, 2, 3]) { id in fetchUser(id) }
/// await users.value   // [user 1, user 2, user 3]
/// ```
/// - Parameters:
///   - elements: The inputs.
///   - maxConcurrency: How many may run at once; `nil` for no limit.
///   - transform: Builds the deferred for an element.
/// - Returns: A deferred producing the values in the order of `elements`; cancelling it cancels
///   every running child and starts no other (the cancelled run's array then holds only the values
///   produced, in order, and is shorter than `elements`).
/// - Complexity: One task for each deferred with work; a ready value (`Deferred.pure`) needs none.
@inlinable
public func traverse<Element: Sendable, Value: Sendable>(
    _ elements: [Element],
    maxConcurrency: Int? = nil,
    _ transform: @escaping @Sendable (Element) -> Deferred<Value>
) -> Deferred<[Value]> {
    precondition(maxConcurrency.map { $0 > 0 } ?? true, "maxConcurrency must be positive")
    // Inlinable, so specialised for the value: generic, each child's `(Int, Value)` result looked its
    // tuple type up at run time.
    return Deferred {
        // Ready values (`pure`, no steps) are taken at once: only deferreds with work get a child task.
        var values = [Value?](repeating: nil, count: elements.count)
        var pending: [(index: Int, deferred: Deferred<Value>)] = []
        for (index, element) in elements.enumerated() {
            let deferred = transform(element)
            if let ready = deferred.readyValue {
                values[index] = ready
            } else {
                pending.append((index, deferred))
            }
        }
        if pending.isEmpty { return values.map { $0! } }
        return await withTaskGroup(of: (Int, Value).self, returning: [Value].self) { group in
            var next = 0
            let limit = maxConcurrency ?? pending.count
            func startNext() {
                let (index, deferred) = pending[next]
                group.addTask { (index, await deferred.execute()) }
                next += 1
            }
            // A run cancelled before it begins starts nothing.
            while next < pending.count, next < limit, !Task.isCancelled { startNext() }
            while let (index, value) = await group.next() {
                values[index] = value
                if next < pending.count, !Task.isCancelled { startNext() }
            }
            // All ran, unless the run was cancelled: then the children not yet started never start,
            // and the (discarded) value of the cancelled run holds only those that ran (and the ready
            // ones).
            return values.compactMap { $0 }
        }
    }
}
