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

/// Runs operations one after another in the same access and combines their elements with `combine`.
///
/// ```swift
/// let total = zip(countBabies(), countParents()) { $0 + $1 }
/// ```
/// - Parameters:
///   - operations: The operations, run left to right.
///   - combine: Builds the element from all of theirs.
/// - Returns: An operation whose element is `combine`'s result.
@inlinable
public func zip<Context, each Element, Combined>(
    _ operations: repeat DataOperation<Context, each Element>,
    with combine: @escaping @Sendable (repeat each Element) throws -> Combined
) -> DataOperation<Context, Combined> {
    DataOperation { context in
        try combine(repeat try (each operations).body(context))
    }
}
