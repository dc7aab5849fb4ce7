/// Combines effects into one effect of all their values, run in order, one after the other.
///
/// ```swift
/// let reads = sequence([IO { 1 }, IO { 2 }, IO { 3 }])
/// reads.unsafeRun()   // [1, 2, 3]
/// ```
/// - Parameter effects: The effects, run first to last on each run of the result.
/// - Returns: An effect producing their values in order.
/// - Complexity: O(n) per run.
@inlinable
public func sequence<Value>(_ effects: [IO<Value>]) -> IO<[Value]> {
    IO { effects.map { $0.unsafeRun() } }
}

/// Builds an effect for each element and runs them in order, producing their values.
///
/// ```swift
/// let users = traverse([1, 2, 3]) { id in IO { "user \(id)" } }
/// users.unsafeRun()   // ["user 1", "user 2", "user 3"]
/// ```
/// - Parameters:
///   - elements: The inputs.
///   - transform: Builds the effect for an element, on each run.
/// - Returns: An effect producing the values in the order of `elements`.
/// - Complexity: O(n) per run.
@inlinable
public func traverse<Element: Sendable, Value>(
    _ elements: [Element], _ transform: @escaping @Sendable (Element) -> IO<Value>
) -> IO<[Value]> {
    IO { elements.map { transform($0).unsafeRun() } }
}

/// `traverse` with a function that is not `@Sendable`; runs of it take turns.
///
/// ```swift
/// let load: (Int) -> IO<String> = { id in IO { "user \(id)" } }
/// traverse([1, 2, 3], load).unsafeRun()   // ["user 1", "user 2", "user 3"]
/// ```
/// - Parameters:
///   - elements: The inputs.
///   - transform: Builds the effect for an element, on each run; the result takes it over.
/// - Returns: An effect producing the values in the order of `elements`.
/// - Complexity: O(n) per run.
@_disfavoredOverload
public func traverse<Element: Sendable, Value>(
    _ elements: [Element], _ transform: sending @escaping (Element) -> IO<Value>
) -> IO<[Value]> {
    let serial = SerialFunction(transform)
    return traverse(elements) { serial($0) }
}
