/// A computation in continuation-passing style: instead of returning a `Value`, it is handed the
/// rest of the program (the continuation, `(Value) -> Answer`) and decides how, and how often, to
/// call it.
///
/// `Cont` turns callbacks into something you can `map`, `flatMap` and `zip`, and
/// `callCC(_:)` gives early exit. A continuation may call its continuation once (the usual case),
/// never (an early exit) or many times.
///
/// `Cont` is lazy: nothing runs until ``run(_:)`` is called with a final continuation, and every run
/// runs the computation again. It is always `Sendable`, because it holds only a `@Sendable` function.
///
/// Unlike `IO`, `Reader`, `State` and `Deferred`, whose `flatMap` runs in a loop, `Cont` is not
/// stack-safe: each step of a run is a call nested in the one before (the continuation is called,
/// not returned to), so a run of tens of thousands of `map`s and `flatMap`s — a loop written as
/// recursion through `flatMap` — can overflow the stack. That is inherent to continuation-passing
/// with a plain `Answer`; use `IO` or `Deferred` for long or unbounded chains.
///
/// ```swift
/// let three = Cont<Int, String>.pure(3)
/// let described = three.map { $0 * 2 }.flatMap { n in Cont { finish in finish(n + 1) } }
/// described.run { "got \($0)" }   // "got 7"
/// ```
public struct Cont<Value, Answer>: Sendable {
    /// The rest of the program, as a cont sees it: a function from its value to the final answer.
    public typealias Continuation = @Sendable (Value) -> Answer

    @usableFromInline
    let computation: @Sendable (_ continuation: @escaping Continuation) -> Answer

    /// Wraps a function that receives the continuation.
    ///
    /// ```swift
    /// let twice = Cont<Int, [Int]> { continuation in continuation(1) + continuation(2) }
    /// twice.run { [$0 * 10] }   // [10, 20]
    /// ```
    /// - Parameter run: The function called with the continuation on every run.
    @inlinable
    public init(_ run: @escaping @Sendable (_ continuation: @escaping Continuation) -> Answer) {
        self.computation = run
    }

    /// Runs the computation with a final continuation.
    ///
    /// ```swift
    /// Cont<Int, String>.pure(5).run { "five is \($0)" }   // "five is 5"
    /// ```
    /// - Parameter continuation: The function that turns the value into the answer.
    /// - Returns: The answer.
    @inlinable
    public func run(_ continuation: @escaping Continuation) -> Answer {
        computation(continuation)
    }
}

extension Cont {
    /// Transforms the value before it reaches the continuation; `cont <&> transform` is its second
    /// spelling.
    ///
    /// ```swift
    /// Cont<Int, String>.pure(4).map { $0 * $0 }.run { "\($0)" }   // "16"
    /// ```
    /// - Parameter transform: The function applied to every value the computation produces.
    /// - Returns: A computation of the transformed value.
    @inlinable
    public func map<NewValue>(
        _ transform: @escaping @Sendable (Value) -> NewValue
    ) -> Cont<NewValue, Answer> {
        Cont<NewValue, Answer> { continuation in
            computation { value in continuation(transform(value)) }
        }
    }

    /// Chains a computation that depends on this one's value; `cont >>- transform` is its second
    /// spelling.
    ///
    /// ```swift
    /// let both = Cont<Int, [Int]> { continuation in continuation(1) + continuation(2) }
    /// both.flatMap { n in Cont { continuation in continuation(n) + continuation(n * 10) } }.run { [$0] }
    /// // [1, 10, 2, 20]
    /// ```
    /// - Parameter transform: The function from the value to the next computation.
    /// - Returns: A computation that passes each value to `transform`'s computation.
    @inlinable
    public func flatMap<NewValue>(
        _ transform: @escaping @Sendable (Value) -> Cont<NewValue, Answer>
    ) -> Cont<NewValue, Answer> {
        Cont<NewValue, Answer> { continuation in
            computation { value in transform(value).computation(continuation) }
        }
    }
}

extension Cont where Value: Sendable {
    /// A computation that passes `value` to its continuation once.
    ///
    /// ```swift
    /// Cont<Int, Int>.pure(20).run { $0 + 1 }   // 21
    /// ```
    /// - Parameter value: The value. It is `Sendable` because the computation keeps it.
    /// - Returns: A computation of `value`.
    @inlinable
    public static func pure(_ value: Value) -> Cont<Value, Answer> {
        Cont { continuation in continuation(value) }
    }
}

/// Call with current continuation: gives `body` an `exit` function that, when its cont is run,
/// abandons the rest of `body` and delivers a value straight to the continuation of the whole.
///
/// Funswift had `callCC` but kept it internal; it is public here.
///
/// ```swift
/// func safeDivide(_ a: Int, by b: Int) -> Cont<Int, String> {
///     callCC { exit in
///         (b == 0 ? exit(0) : .pure(b)).map { a / $0 }
///     }
/// }
/// safeDivide(10, by: 2).run { "\($0)" }   // "5"
/// safeDivide(10, by: 0).run { "\($0)" }   // "0": after `exit(0)` the division never runs
/// ```
/// - Parameter body: A function that receives `exit` and returns the computation. `exit(value)` is a
///   computation of any type (`Discarded`) whose continuation is never called.
/// - Returns: A computation that gives either `body`'s value or the value passed to `exit`.
@inlinable
public func callCC<Value: Sendable, Discarded, Answer>(
    _ body: @escaping @Sendable (_ exit: @escaping @Sendable (Value) -> Cont<Discarded, Answer>) -> Cont<Value, Answer>
) -> Cont<Value, Answer> {
    Cont { continuation in
        body { value in Cont<Discarded, Answer> { _ in continuation(value) } }.computation(continuation)
    }
}
