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
/// `Endo` is `Sendable`: it holds only a `@Sendable` function.
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
