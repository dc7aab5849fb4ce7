/// A number combined by multiplication: the monoid `(*, 1)` under a name.
///
/// Numbers have two lawful monoids (addition and multiplication), so Mason conforms neither `Int` nor
/// `Double` directly; wrap the value to say which one you mean. ``Sum`` is the other.
///
/// ```swift
/// concat([2, 3, 4].map(Product.init)).value   // 24
/// concat([] as [Product<Int>]).value           // 1
/// ```
///
/// Floating-point multiplication rounds, so for `Double` the associativity law holds only up to
/// rounding; integer overflow traps as `*` does. `Product` is `Sendable`, `Hashable` and `Comparable`
/// when `Value` is.
public struct Product<Value: Numeric>: Monoid {
    /// The wrapped number.
    public var value: Value

    /// Wraps a number to be combined by multiplication.
    ///
    /// ```swift
    /// Product(3).value   // 3
    /// ```
    /// - Parameter value: The number.
    @inlinable
    public init(_ value: Value) { self.value = value }

    /// Multiplies two products.
    ///
    /// ```swift
    /// Product.combine(Product(2), Product(5))   // Product(10)
    /// ```
    /// - Parameters:
    ///   - lhs: The first product.
    ///   - rhs: The second product.
    /// - Returns: `Product(lhs.value * rhs.value)`.
    @inlinable
    public static func combine(_ lhs: Product, _ rhs: Product) -> Product { Product(lhs.value * rhs.value) }

    /// `Product(1)`, the identity of multiplication.
    ///
    /// ```swift
    /// Product<Int>.empty.value   // 1
    /// ```
    @inlinable
    public static var empty: Product { Product(1) }
}

extension Product: Sendable where Value: Sendable {}
extension Product: Equatable {}
extension Product: Hashable where Value: Hashable {}
extension Product: Comparable where Value: Comparable {
    /// Orders products by their values.
    ///
    /// ```swift
    /// Product(1) < Product(2)   // true
    /// ```
    /// - Parameters:
    ///   - lhs: A product.
    ///   - rhs: Another product.
    /// - Returns: `lhs.value < rhs.value`.
    @inlinable
    public static func < (lhs: Product, rhs: Product) -> Bool { lhs.value < rhs.value }
}
