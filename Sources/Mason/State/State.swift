/// A stateful computation: a wrapped function `(Stored) -> (Stored, Value)` that reads the current
/// state and returns the next state with a value.
///
/// Chaining states with `flatMap(_:)` threads the stored state from one step to the next, so a
/// sequence of steps reads like imperative code without a mutable variable.
///
/// `State` is lazy: nothing runs until ``run(_:)`` is called, and every run starts again from the
/// initial state it is given. It is always `Sendable`, because it holds only a `@Sendable` function.
///
/// Stack: a chain of `flatMap`s runs in one loop, at any depth (a million steps were run). A `map`
/// calls the computation below it, as composed functions do, so a chain of many thousands of `map`s
/// on a plain state (30,000 in a debug build) overflows the stack: write such a chain with `flatMap`.
///
/// ```swift
/// let next = State<Int, Int> { counter in (counter + 1, counter) }   // returns the old counter
/// let twice = next.flatMap { first in next.map { second in [first, second] } }
/// twice.run(10)   // (state: 12, value: [10, 11])
/// ```
public struct State<Stored, Value>: Sendable {
    @usableFromInline
    let computation: @Sendable (Stored) -> (Stored, Value)
    /// The program `computation` runs when the state ends in a `flatMap`: what a `flatMap` after this
    /// one hands to the run loop instead of calling `computation` nested (see `BoundProgram`). Its
    /// steps thread the state through a cell the loop is given.
    @usableFromInline
    let bound: BoundProgram<StateCell<Stored>, Never>?

    /// Wraps a function from the current state to the next state and a value.
    ///
    /// ```swift
    /// let pop = State<[Int], Int?> { stack in (Array(stack.dropLast()), stack.last) }
    /// pop.run([1, 2, 3])   // (state: [1, 2], value: Optional(3))
    /// ```
    /// - Parameter run: The function called with the current state on every run.
    @inlinable
    public init(_ run: @escaping @Sendable (Stored) -> (Stored, Value)) {
        self.computation = run
        self.bound = nil
    }

    /// A state that runs `bound` in its loop, from a cell holding the initial state.
    @inlinable
    init(bound: BoundProgram<StateCell<Stored>, Never>) {
        self.computation = { initial in
            let cell = StateCell(initial)
            let value = bound.run(in: cell) as! Value
            return (cell.stored, value)
        }
        self.bound = bound
    }

    /// The state as the program of a run loop, its value's type erased.
    @usableFromInline
    var erased: BoundProgram<StateCell<Stored>, Never>.Source {
        if let bound { return .bind(bound) }
        return .run { [computation] cell in cell.step(computation) }
    }

    /// The state as the next one for a run loop: run now on the cell if it has no `flatMap` (a stack
    /// its steps bound is enough for it), or else left to the loop.
    @usableFromInline
    func runUntilBound(in cell: StateCell<Stored>) -> BoundProgram<StateCell<Stored>, Never>.Next {
        if let bound { return .program(bound) }
        return .value(cell.step(computation))
    }

    /// Runs the computation from an initial state.
    ///
    /// ```swift
    /// State<Int, String> { ($0 * 2, "was \($0)") }.run(21)   // (state: 42, value: "was 21")
    /// ```
    /// - Parameter initial: The state the computation starts from.
    /// - Returns: The final state and the value, state first.
    @inlinable
    public func run(_ initial: Stored) -> (state: Stored, value: Value) {
        computation(initial)
    }

    /// Runs the computation and keeps only the final state.
    ///
    /// ```swift
    /// State<Int, String> { ($0 * 2, "was \($0)") }.exec(21)   // 42
    /// ```
    /// - Parameter initial: The state the computation starts from.
    /// - Returns: The final state.
    @inlinable
    public func exec(_ initial: Stored) -> Stored {
        computation(initial).0
    }

    /// Runs the computation and keeps only the value.
    ///
    /// ```swift
    /// State<Int, String> { ($0 * 2, "was \($0)") }.eval(21)   // "was 21"
    /// ```
    /// - Parameter initial: The state the computation starts from.
    /// - Returns: The value.
    @inlinable
    public func eval(_ initial: Stored) -> Value {
        computation(initial).1
    }
}

extension State {
    /// Transforms the value, leaving the state change as it is; `state <&> transform` is its second
    /// spelling.
    ///
    /// ```swift
    /// let next = State<Int, Int> { ($0 + 1, $0) }
    /// next.map { "ticket \($0)" }.run(7)   // (state: 8, value: "ticket 7")
    /// ```
    /// - Parameter transform: The function applied to the value.
    /// - Returns: A computation with the same state change and the transformed value.
    @inlinable
    public func map<NewValue>(
        _ transform: @escaping @Sendable (Value) -> NewValue
    ) -> State<Stored, NewValue> {
        guard let bound else {
            return State<Stored, NewValue> { initial in
                let (next, value) = computation(initial)
                return (next, transform(value))
            }
        }
        return State<Stored, NewValue>(bound: BoundProgram(.bind(bound), then: .map { transform($0 as! Value) }))
    }

    /// Chains a computation that depends on this one's value, passing it the state this one left.
    /// `state >>- transform` is its second spelling.
    ///
    /// A loop can be written as recursion through `transform`, to any depth: what it returns runs as
    /// the next step of one loop, not nested in this one's run, so the stack does not grow with it.
    ///
    /// ```swift
    /// let next = State<Int, Int> { ($0 + 1, $0) }
    /// next.flatMap { first in next.map { first + $0 } }.run(5)   // (state: 7, value: 11)
    /// ```
    /// - Parameter transform: The function from the value to the next computation.
    /// - Returns: A computation that runs this one, then the one `transform` returns.
    @inlinable
    public func flatMap<NewValue>(
        _ transform: @escaping @Sendable (Value) -> State<Stored, NewValue>
    ) -> State<Stored, NewValue> {
        let next = BoundProgram<StateCell<Stored>, Never>.Continuation.flatMap { value, cell in
            transform(value as! Value).runUntilBound(in: cell)
        }
        return State<Stored, NewValue>(bound: BoundProgram(erased, then: next))
    }
}

extension State where Value: Sendable {
    /// A computation that leaves the state unchanged and returns `value`.
    ///
    /// ```swift
    /// State<Int, String>.pure("hi").run(3)   // (state: 3, value: "hi")
    /// ```
    /// - Parameter value: The value every run returns. It is `Sendable` because the computation keeps it.
    /// - Returns: A computation that only returns `value`.
    @inlinable
    public static func pure(_ value: Value) -> State<Stored, Value> {
        State { stored in (stored, value) }
    }
}

extension State where Value == Stored {
    /// The computation that returns the current state as its value and leaves it unchanged.
    ///
    /// ```swift
    /// State<Int, Int>.get.run(4)   // (state: 4, value: 4)
    /// ```
    @inlinable
    public static var get: State<Stored, Stored> {
        State { stored in (stored, stored) }
    }
}

extension State where Value == Void {
    /// The computation that replaces the state.
    ///
    /// ```swift
    /// State.put(10).exec(4)   // 10
    /// ```
    /// - Parameter state: The new state. It is `Sendable` because the computation keeps it.
    /// - Returns: A computation whose value is `()`.
    @inlinable
    public static func put(_ state: Stored) -> State<Stored, Void> where Stored: Sendable {
        State { _ in (state, ()) }
    }

    /// The computation that transforms the state.
    ///
    /// ```swift
    /// State.modify { (count: Int) in count + 1 }.exec(4)   // 5
    /// ```
    /// - Parameter transform: The function from the current state to the next.
    /// - Returns: A computation whose value is `()`.
    @inlinable
    public static func modify(
        _ transform: @escaping @Sendable (Stored) -> Stored
    ) -> State<Stored, Void> {
        State { stored in (transform(stored), ()) }
    }
}

// Plain twins: `State` is `Sendable`, so it holds `@Sendable` functions. A function that is not goes
// in `sending` and runs of it take turns under a lock, as in `IO` (see `SerialFunction`); Swift
// prefers the `@Sendable` overloads above whenever the function is `@Sendable`.
extension State where Stored: Sendable, Value: Sendable {
    /// Wraps a state transition that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let issue: (Int) -> (Int, String) = { ($0 + 1, "ticket \($0)") }
    /// State(issue).run(7)   // (state: 8, value: "ticket 7")
    /// ```
    /// - Parameter run: The transition called on every run; the computation takes it over.
    @_disfavoredOverload
    public init(_ run: sending @escaping (Stored) -> (Stored, Value)) {
        let serial = SerialFunction(run)
        self.init { serial($0) }
    }

    /// ``map(_:)`` with a transformation that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let describe: (Int) -> String = { "ticket \($0)" }
    /// State<Int, Int> { ($0 + 1, $0) }.map(describe).run(7)   // (state: 8, value: "ticket 7")
    /// ```
    /// - Parameter transform: The function applied to the value; the computation takes it over.
    /// - Returns: A computation with the same state change and the transformed value.
    @_disfavoredOverload
    public func map<NewValue: Sendable>(
        _ transform: sending @escaping (Value) -> NewValue
    ) -> State<Stored, NewValue> {
        let serial = SerialFunction(transform)
        return map { serial($0) }
    }

    /// `flatMap(_:)` with a function that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let next = State<Int, Int> { ($0 + 1, $0) }
    /// let addNext: (Int) -> State<Int, Int> = { first in next.map { first + $0 } }
    /// next.flatMap(addNext).run(5)   // (state: 7, value: 11)
    /// ```
    /// - Parameter transform: The function from the value to the next computation; the computation
    ///   takes it over.
    /// - Returns: A computation that runs this one, then the one `transform` returns.
    @_disfavoredOverload
    public func flatMap<NewValue>(
        _ transform: sending @escaping (Value) -> State<Stored, NewValue>
    ) -> State<Stored, NewValue> {
        let serial = SerialFunction(transform)
        return flatMap { serial($0) }
    }
}

extension State where Stored: Sendable, Value == Void {
    /// `modify(_:)` with a transformation that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let audit = Audit()                            // a class that is not Sendable
    /// let bump: (Int) -> Int = { audit.record($0); return $0 + 1 }
    /// State.modify(bump).exec(4)   // 5
    /// ```
    /// - Parameter transform: The function from the current state to the next; the computation takes
    ///   it over.
    /// - Returns: A computation whose value is `()`.
    @_disfavoredOverload
    public static func modify(
        _ transform: sending @escaping (Stored) -> Stored
    ) -> State<Stored, Void> {
        let serial = SerialFunction(transform)
        return modify { serial($0) }
    }
}

/// The state a bound program's steps thread through: each step reads it and leaves the next.
///
/// Not `Sendable`: one run makes one and uses it on its own thread.
@usableFromInline
final class StateCell<Stored> {
    @usableFromInline
    var stored: Stored

    @usableFromInline
    init(_ stored: Stored) {
        self.stored = stored
    }

    /// Runs `computation` on the state held, keeps the state it leaves, and returns its value.
    @inlinable
    func step<Value>(_ computation: (Stored) -> (Stored, Value)) -> Value {
        let (next, value) = computation(stored)
        stored = next
        return value
    }
}
