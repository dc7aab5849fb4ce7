/// A value together with an accumulated output (a log): `(Value, Output)`, where the output is a
/// ``Monoid`` so that chaining writers can combine their logs.
///
/// ``flatMap(_:)`` keeps both logs, this writer's first, by ``Semigroup/combine(_:_:)``; ``pure(_:)``
/// starts with ``Monoid/empty``.
///
/// `Writer` is not lazy: it holds a computed value and output, not a function. It is `Sendable`,
/// `Equatable` and `Hashable` when both `Value` and `Output` are.
///
/// ```swift
/// // With `[String]` as the Monoid:
/// let parsed = Writer(value: 42, output: ["parsed 42"])
/// let doubled = parsed.flatMap { Writer(value: $0 * 2, output: ["doubled"]) }
/// doubled.run()   // (value: 84, output: ["parsed 42", "doubled"])
/// ```
public struct Writer<Value, Output: Monoid> {
    /// The value.
    public let value: Value
    /// The accumulated output.
    public let output: Output

    /// Creates a writer from a value and its output.
    ///
    /// ```swift
    /// Writer(value: 1, output: ["one"]).output   // ["one"]
    /// ```
    /// - Parameters:
    ///   - value: The value.
    ///   - output: The output written so far.
    @inlinable
    public init(value: Value, output: Output) {
        self.value = value
        self.output = output
    }

    /// The value and the output.
    ///
    /// ```swift
    /// Writer(value: 1, output: ["one"]).run()   // (value: 1, output: ["one"])
    /// ```
    /// - Returns: The value and the output, value first.
    @inlinable
    public func run() -> (value: Value, output: Output) {
        (value, output)
    }
}

extension Writer: Sendable where Value: Sendable, Output: Sendable {}
extension Writer: Equatable where Value: Equatable, Output: Equatable {}
extension Writer: Hashable where Value: Hashable, Output: Hashable {}

extension Writer {
    /// Transforms the value and keeps the output; `writer <&> transform` is its second spelling.
    ///
    /// ```swift
    /// Writer(value: 2, output: ["two"]).map { $0 * 10 }.run()   // (value: 20, output: ["two"])
    /// ```
    /// - Parameter transform: The function applied to the value, at once.
    /// - Returns: A writer of the transformed value with the same output.
    @inlinable
    public func map<NewValue>(_ transform: (Value) -> NewValue) -> Writer<NewValue, Output> {
        Writer<NewValue, Output>(value: transform(value), output: output)
    }

    /// Chains a writer that depends on this writer's value, appending its output to this writer's
    /// output with ``Semigroup/combine(_:_:)``. `writer >>- transform` is its second spelling.
    ///
    /// ```swift
    /// let half = { (n: Int) in Writer(value: n / 2, output: ["halved \(n)"]) }
    /// Writer(value: 8, output: ["start"]).flatMap(half).run()   // (value: 4, output: ["start", "halved 8"])
    /// ```
    /// - Parameter transform: The function from the value to the next writer, applied at once.
    /// - Returns: The next writer's value with both outputs combined, this writer's first.
    @inlinable
    public func flatMap<NewValue>(
        _ transform: (Value) -> Writer<NewValue, Output>
    ) -> Writer<NewValue, Output> {
        let next = transform(value)
        return Writer<NewValue, Output>(value: next.value, output: Output.combine(output, next.output))
    }

    /// A writer of `value` with an empty output (``Monoid/empty``).
    ///
    /// ```swift
    /// Writer<Int, [String]>.pure(3).run()   // (value: 3, output: [])
    /// ```
    /// - Parameter value: The value.
    /// - Returns: A writer that has written nothing.
    @inlinable
    public static func pure(_ value: Value) -> Writer<Value, Output> {
        Writer(value: value, output: Output.empty)
    }
}

extension Writer where Output: Sendable {
    /// A function that wraps a value in a writer with the output `output`: Funswift's `tell(m:)`.
    ///
    /// Handy as the right side of `>>-` or `map`-then-`flatMap` chains.
    ///
    /// ```swift
    /// let logged = Writer<Int, [String]>.tell(m: ["saw a value"])
    /// logged(5).run()   // (value: 5, output: ["saw a value"])
    /// ```
    /// - Parameter output: The output every returned writer carries. It is `Sendable` because the
    ///   returned function keeps it.
    /// - Returns: A function from a value to a writer of that value with `output`.
    @inlinable
    public static func tell(m output: Output) -> @Sendable (Value) -> Writer<Value, Output> {
        { value in Writer(value: value, output: output) }
    }
}

extension Writer {
    /// `tell(m:)` with an output that is not `Sendable`: the function it returns is a plain one.
    ///
    /// Swift takes the `@Sendable` form whenever the output is `Sendable`: it is the more constrained.
    /// (This twin is not `@_disfavoredOverload`: Swift ranks a missing `Sendable` conformance below a
    /// disfavored overload, so a disfavored twin would never be chosen.)
    ///
    /// ```swift
    /// let entries = Entries(["saw a value"])          // a Monoid class that is not Sendable
    /// let logged = Writer<Int, Entries>.tell(m: entries)
    /// logged(5).output.lines   // ["saw a value"]
    /// ```
    /// - Parameter output: The output every returned writer carries.
    /// - Returns: A plain function from a value to a writer of that value with `output`.
    @inlinable
    public static func tell(m output: Output) -> (Value) -> Writer<Value, Output> {
        { value in Writer(value: value, output: output) }
    }
}

extension Writer where Value == Void {
    /// A writer that only writes `output`.
    ///
    /// Chain it with `flatMap` to add a line to the log in the middle of a computation.
    ///
    /// ```swift
    /// Writer.tell(["hello"]).output   // ["hello"]
    /// Writer(value: 1, output: ["one"]).flatMap { n in Writer.tell(["saw \(n)"]).map { n } }.run()
    /// // (value: 1, output: ["one", "saw 1"])
    /// ```
    /// - Parameter output: The output to write.
    /// - Returns: A writer of `()` with `output`.
    @inlinable
    public static func tell(_ output: Output) -> Writer<Void, Output> {
        Writer(value: (), output: output)
    }
}
