/// Partially applies a function to its argument, giving a function without arguments: Sundell's
/// `combine(_:with:)`.
///
/// `combine(x, with: f)()` is `f(x)`; nothing runs until the result is called, and every call runs `f`
/// again. It lets a dependency-injected function be bound to its input ahead of time.
///
/// ```swift
/// let networking: @Sendable (Endpoint) -> Future<Data> = URLSession.shared.request
/// let loadProduct = combine(.product(withID: 7), with: networking)
/// let product: Future<Product> = loadProduct().decoded()
///
/// let count = combine("mason", with: \.count)
/// count()   // 5
/// ```
/// - Parameters:
///   - value: The argument, captured (so it must be `Sendable`).
///   - function: The function to apply to it.
/// - Returns: A `@Sendable` function without arguments that returns `function(value)`.
@inlinable
public func combine<Value: Sendable, Output>(
    _ value: Value,
    with function: @escaping @Sendable (Value) -> Output
) -> @Sendable () -> Output {
    { function(value) }
}

/// Partially applies a plain function: `combine(_:with:)` when `function` is not `@Sendable`, giving a
/// plain function without arguments (Sundell's `typealias Loading = () -> Future<Product>`).
///
/// ```swift
/// let productNetworking: (Product.ID) -> Future<Product> = session.productNetworking
/// let loading = combine(7, with: productNetworking)   // () -> Future<Product>
/// ```
/// - Parameters:
///   - value: The argument, captured.
///   - function: The function to apply to it.
/// - Returns: A plain function without arguments that returns `function(value)`.
@inlinable
@_disfavoredOverload
public func combine<Value, Output>(
    _ value: Value,
    with function: @escaping (Value) -> Output
) -> () -> Output {
    { function(value) }
}
