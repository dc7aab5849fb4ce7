/// A function from a type to itself, combined by running one after the other.
///
/// `a <> b` runs `a`, then `b` on its result (left to right, like `>>>`); ``empty`` is the identity
/// function. Wrapping an endofunction in `Endo` lets it take part in anything generic over ``Monoid``,
/// such as `concat(_:)`. For plain functions, `f <> g` on `(Value) -> Value` does the same.
///
/// ```swift
/// let increment = Endo<Int> { $0 + 1 }
/// let double = Endo<Int> { $0 * 2 }
/// (increment <> double)(3)           // 8
/// concat([double, increment])(3)     // 7
/// Endo<Int>.empty(3)                 // 3
/// ```
///
/// `Endo` is `Sendable`: it holds a `@Sendable` function. A function that is not `@Sendable` goes in
/// `sending`, and its calls take turns under a lock.
public struct Endo<Value>: Monoid, Sendable {
    /// The wrapped function.
    public let call: @Sendable (Value) -> Value

    /// Wraps a function from `Value` to `Value`.
    ///
    /// ```swift
    /// let shout = Endo<String> { $0.uppercased() }
    /// shout("mason")   // "MASON"
    /// ```
    /// - Parameter call: The function.
    @inlinable
    public init(_ call: @escaping @Sendable (Value) -> Value) { self.call = call }

    /// Runs the wrapped function: `endo(x)` is `endo.call(x)`.
    ///
    /// ```swift
    /// Endo<Int> { $0 + 1 }(41)   // 42
    /// ```
    /// - Parameter value: The input.
    /// - Returns: The function's result.
    @inlinable
    public func callAsFunction(_ value: Value) -> Value { call(value) }

    /// Runs `lhs`, then `rhs` on its result.
    ///
    /// ```swift
    /// Endo.combine(Endo<Int> { $0 + 1 }, Endo { $0 * 2 })(3)   // 8
    /// ```
    /// - Parameters:
    ///   - lhs: The function that runs first.
    ///   - rhs: The function that runs second.
    /// - Returns: An `Endo` running both, in order.
    @inlinable
    public static func combine(_ lhs: Endo, _ rhs: Endo) -> Endo {
        let first = lhs.call, second = rhs.call
        return Endo { second(first($0)) }
    }

    /// The identity function, which returns its input unchanged.
    ///
    /// ```swift
    /// Endo<String>.empty("mason")   // "mason"
    /// ```
    @inlinable
    public static var empty: Endo { Endo { $0 } }
}

// Plain twin: `Endo` is `Sendable`, so it holds a `@Sendable` function. A function that is not goes in
// `sending` and calls of it take turns under a lock, as in `IO`, `Reader` and `State` (see
// `SerialFunction`); Swift prefers the `@Sendable` initializer above whenever the function is `@Sendable`.
extension Endo where Value: Sendable {
    /// Wraps a function from `Value` to `Value` that is not `@Sendable`; calls of it take turns.
    ///
    /// ```swift
    /// let counter = Counter()                      // a class that is not Sendable
    /// let addCount: (Int) -> Int = { counter.count += 1; return $0 + counter.count }
    /// let step = Endo(addCount)
    /// (step <> step)(0)   // 3: adds 1, then 2
    /// ```
    /// - Parameter call: The function; the `Endo` takes it over.
    @_disfavoredOverload
    public init(_ call: sending @escaping (Value) -> Value) {
        let serial = SerialFunction(call)
        self.init { serial($0) }
    }
}
