/// Turns an array of operations into one operation of an array: runs them in order, in one access
/// (the seed's `sequence`, for `sequence(names.map(makeBaby))`).
///
/// ```swift
/// let babies = sequence(["Bae", "Bea"].map(makeBaby))   // DataOperation<Database, [Baby]>
/// ```
/// - Parameter operations: The operations, run first to last.
/// - Returns: An operation whose element holds every element, in order.
@inlinable
public func sequence<Context, Element>(
    _ operations: [DataOperation<Context, Element>]
) -> DataOperation<Context, [Element]> {
    traverse(operations) { $0 }
}

/// Maps every value to an operation and runs them in order, in one access: `sequence(values.map(transform))`
/// without the intermediate array.
///
/// ```swift
/// let babies = traverse(["Bae", "Bea"], makeBaby)
/// ```
/// - Parameters:
///   - values: The inputs.
///   - transform: Builds the operation for one input.
/// - Returns: An operation whose element holds every element, in the inputs' order.
@inlinable
public func traverse<Context, Value: Sendable, Element>(
    _ values: [Value],
    _ transform: @escaping @Sendable (Value) -> DataOperation<Context, Element>
) -> DataOperation<Context, [Element]> {
    DataOperation { context in
        var elements: [Element] = []
        elements.reserveCapacity(values.count)
        for value in values {
            try Task.checkCancellation()
            elements.append(try transform(value).body(context))
        }
        return elements
    }
}

extension Array {
    /// Runs every operation of the array in order, in one access: ``sequence(_:)`` as a method.
    ///
    /// ```swift
    /// let babies = ["Bae", "Bea"].map(makeBaby).sequenced()
    /// ```
    /// - Returns: An operation whose element holds every element, in order.
    @inlinable
    public func sequenced<Context, Value>() -> DataOperation<Context, [Value]>
    where Element == DataOperation<Context, Value> {
        sequence(self)
    }
}
