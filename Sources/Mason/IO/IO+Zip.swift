/// Combines effects into one that runs them in order, left to right, and produces all their values.
///
/// `IO` is synchronous, so zip is sequential (for parallel work, zip `Deferred`s). A zip runs its
/// effects nested in its own run: a fold that zips thousands of effects one into the next grows the
/// stack with each (use `sequence` over an array, which runs them in a loop).
///
/// ```swift
/// let both = zip(IO.pure(1), IO.pure("one"))
/// both.unsafeRun()   // (1, "one")
/// ```
/// - Parameter effects: The effects, of any number and types.
/// - Returns: An effect producing the tuple of their values.
public func zip<each Value>(_ effects: repeat IO<each Value>) -> IO<(repeat each Value)> {
    let works = (repeat (each effects).unsafeRun)
    return IO { (repeat (each works)()) }
}

/// Combines effects, run in order, and transforms their values with `transform`.
///
/// ```swift
/// zip(with: +, IO.pure(1), IO.pure(2)).unsafeRun()   // 3
/// ```
/// - Parameters:
///   - transform: Receives every effect's value.
///   - effects: The effects, of any number and types.
/// - Returns: An effect producing `transform`'s result.
public func zip<each Value, Output>(
    with transform: @escaping @Sendable (repeat each Value) -> Output,
    _ effects: repeat IO<each Value>
) -> IO<Output> {
    let works = (repeat (each effects).unsafeRun)
    return IO { transform(repeat (each works)()) }
}
