/// Runs operations one after another in the same access and returns all their elements: any number of
/// them, of any types.
///
/// ```swift
/// let both = zip(countBabies(), fetchBaby(named: "Bae"))   // DataOperation<Database, (Int, Baby?)>
/// ```
/// - Parameter operations: The operations, run left to right.
/// - Returns: An operation whose element is the tuple of their elements.
@inlinable
public func zip<Context, each Element>(
    _ operations: repeat DataOperation<Context, each Element>
) -> DataOperation<Context, (repeat each Element)> {
    DataOperation { context in
        (repeat try (each operations).body(context))
    }
}

/// Runs two operations and combines their elements with `combine`.
///
/// ```swift
/// let total = zip(countBabies(), countParents()) { $0 + $1 }
/// ```
/// - Parameters:
///   - first: Runs first.
///   - second: Runs second.
///   - combine: Builds the element from both.
/// - Returns: An operation whose element is `combine`'s result.
@inlinable
public func zip<Context, A, B, Combined>(
    _ first: DataOperation<Context, A>,
    _ second: DataOperation<Context, B>,
    with combine: @escaping @Sendable (A, B) throws -> Combined
) -> DataOperation<Context, Combined> {
    DataOperation { context in try combine(first.body(context), second.body(context)) }
}
