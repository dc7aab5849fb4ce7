/// Applies the function one computation returns to the value of another, threading the state
/// through both: the function's computation runs first. `function <*> state` is its second spelling.
///
/// Unlike Funswift's `<*>`, which dropped the function's state change, this one is lawful: the
/// state the function's computation leaves is the state the value's computation starts from.
///
/// ```swift
/// let tick = State<Int, @Sendable (Int) -> Int> { count in (count + 1, { $0 * 10 }) }
/// let read = State<Int, Int> { count in (count, count) }
/// apply(tick, read).run(1)   // (state: 2, value: 20)
/// ```
/// - Parameters:
///   - function: A computation of a function; it runs first.
///   - state: A computation of the function's input; it starts from the state `function` leaves.
/// - Returns: A computation of the function's output.
@inlinable
public func apply<Stored, Value, NewValue>(
    _ function: State<Stored, @Sendable (Value) -> NewValue>,
    _ state: State<Stored, Value>
) -> State<Stored, NewValue> {
    State { initial in
        let (afterFunction, transform) = function.computation(initial)
        let (afterValue, value) = state.computation(afterFunction)
        return (afterValue, transform(value))
    }
}
