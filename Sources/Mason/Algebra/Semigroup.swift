/// A type with an associative way to combine two values.
///
/// Law (associativity): `combine(combine(a, b), c) == combine(a, combine(b, c))`.
///
/// ```swift
/// let greeting = "Hello, " <> "Mason"   // "Hello, Mason"
/// let merged = [1, 2] <> [3]            // [1, 2, 3]
/// ```
public protocol Semigroup {
    /// Combines two values; the operator `<>` is its second spelling.
    ///
    /// - Parameters:
    ///   - lhs: The first value.
    ///   - rhs: The second value.
    /// - Returns: The combination of both.
    static func combine(_ lhs: Self, _ rhs: Self) -> Self
}

extension Semigroup {
    /// Combines two values: `a <> b` is `Self.combine(a, b)`.
    ///
    /// ```swift
    /// ["a"] <> ["b"]   // ["a", "b"]
    /// ```
    @inlinable
    public static func <> (lhs: Self, rhs: Self) -> Self { combine(lhs, rhs) }
}
