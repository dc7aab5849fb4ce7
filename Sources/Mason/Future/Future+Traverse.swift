/// Combines futures into one future of all their values, in order.
///
/// The futures are already running (futures are eager); the result resolves when the last of them
/// resolves, and rejects as soon as any of them rejects, with that first rejection's error. An empty
/// array resolves at once with `[]`.
///
/// ```swift
/// let pages = sequence((1...3).map(loadPage))   // Future<[Page]>
/// try await pages.value                        // [page 1, page 2, page 3]
/// ```
/// - Parameter futures: The futures to combine.
/// - Returns: A future of their values, in the order of `futures`.
/// - Complexity: O(n), with one lock for the whole combination.
public func sequence<Value: Sendable>(_ futures: [Future<Value>]) -> Future<[Value]> {
    let promise = Promise<[Value]>()
    guard !futures.isEmpty else {
        promise.resolve(with: [])
        return promise
    }
    let collected = Locked(FutureCollection<Value>(count: futures.count))
    for (index, future) in futures.enumerated() {
        future.observe { result in
            switch result {
            case .success(let value):
                let values = collected.withLock { $0.store(value, at: index) }
                if let values { promise.resolve(with: values) }
            case .failure(let error):
                promise.reject(with: error)
            }
        }
    }
    return promise
}

/// Starts a future for each element and combines them into one future of all their values, in order.
///
/// ```swift
/// let users = traverse([1, 2, 3]) { id in loadUser(id: id) }   // Future<[User]>
/// try await users.value                                     // [user 1, user 2, user 3]
/// ```
/// - Parameters:
///   - elements: The inputs.
///   - transform: Starts the future for an element; it runs now, once per element.
/// - Returns: A future of the values in the order of `elements`; rejected with the first rejection.
public func traverse<Element, Value: Sendable>(
    _ elements: [Element], _ transform: (Element) -> Future<Value>
) -> Future<[Value]> {
    sequence(elements.map(transform))
}

/// The values of `sequence`'s futures as they arrive, and how many are still missing.
struct FutureCollection<Value> {
    private var values: [Value?]
    private var missing: Int

    init(count: Int) {
        values = Array(repeating: nil, count: count)
        missing = count
    }

    /// Stores one future's value; returns all of them, in order, once the last has arrived.
    mutating func store(_ value: Value, at index: Int) -> [Value]? {
        values[index] = value
        missing -= 1
        return missing == 0 ? values.map { $0! } : nil
    }
}
