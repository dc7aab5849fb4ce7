/// Combines any number of writers into one writer of a tuple; the outputs are combined left to right.
///
/// ```swift
/// let one = Writer(value: 1, output: ["one"])
/// let two = Writer(value: "2", output: ["two"])
/// zip(one, two).run()   // (value: (1, "2"), output: ["one", "two"])
/// ```
/// - Parameter writers: The writers, of any arity.
/// - Returns: A writer of the tuple of their values with their outputs combined in order.
/// - Complexity: One ``Semigroup/combine(_:_:)`` per writer.
@inlinable
public func zip<Output: Monoid, each Value>(
    _ writers: repeat Writer<each Value, Output>
) -> Writer<(repeat each Value), Output> {
    Writer(value: (repeat (each writers).value), output: writerZipOutput(repeat each writers))
}

/// Combines any number of writers with a function of their values; the outputs are combined left to
/// right.
///
/// ```swift
/// let one = Writer(value: 1, output: ["one"])
/// let two = Writer(value: 2, output: ["two"])
/// zip(with: +, one, two).run()   // (value: 3, output: ["one", "two"])
/// ```
/// - Parameters:
///   - transform: The function that combines the values, applied at once.
///   - writers: The writers, of any arity.
/// - Returns: A writer of `transform`'s result with their outputs combined in order.
@inlinable
public func zip<Output: Monoid, each Value, Combined>(
    with transform: (repeat each Value) -> Combined,
    _ writers: repeat Writer<each Value, Output>
) -> Writer<Combined, Output> {
    Writer(value: transform(repeat (each writers).value), output: writerZipOutput(repeat each writers))
}

/// The outputs of `writers` combined left to right, starting from `Output.empty`.
@usableFromInline
func writerZipOutput<Output: Monoid, each Value>(_ writers: repeat Writer<each Value, Output>) -> Output {
    var output = Output.empty
    for writer in repeat each writers {
        output = Output.combine(output, writer.output)
    }
    return output
}
