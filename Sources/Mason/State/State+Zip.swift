/// Combines any number of stateful computations into one computation of a tuple, threading the
/// state left to right: each computation starts from the state the previous one left.
///
/// Lazy: nothing runs until the result runs.
///
/// ```swift
/// let next = State<Int, Int> { ($0 + 1, $0) }
/// let label = State<Int, String> { ($0 * 10, "at \($0)") }
/// zip(next, next, label).run(1)   // (state: 30, value: (1, 2, "at 3"))
/// ```
/// - Parameter states: The computations, of any arity.
/// - Returns: A computation of the tuple of their values.
@inlinable
public func zip<Stored, each Value>(
    _ states: repeat State<Stored, each Value>
) -> State<Stored, (repeat each Value)> {
    State { initial in
        var stored = initial
        let values = (repeat stateZipStep(each states, &stored))
        return (stored, values)
    }
}

/// Combines any number of stateful computations with a function of their values, threading the
/// state left to right.
///
/// ```swift
/// let next = State<Int, Int> { ($0 + 1, $0) }
/// zip(with: { $0 * 100 + $1 }, next, next).run(3)   // (state: 5, value: 304)
/// ```
/// - Parameters:
///   - transform: The function that combines the values.
///   - states: The computations, of any arity; each starts from the state the previous one left.
/// - Returns: A computation of `transform`'s result.
@inlinable
public func zip<Stored, each Value, Combined>(
    with transform: @escaping @Sendable (repeat each Value) -> Combined,
    _ states: repeat State<Stored, each Value>
) -> State<Stored, Combined> {
    State { initial in
        var stored = initial
        let combined = transform(repeat stateZipStep(each states, &stored))
        return (stored, combined)
    }
}

/// Runs one computation from `stored`, stores the state it leaves, and returns its value.
@usableFromInline
func stateZipStep<Stored, Value>(_ state: State<Stored, Value>, _ stored: inout Stored) -> Value {
    let (next, value) = state.computation(stored)
    stored = next
    return value
}
