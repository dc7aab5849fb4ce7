/// Chains two functions: the result is `inner`, then `outer` on its result; Sundell's `chain(_:to:)`.
///
/// `chain(f, to: g)` is `compose(_:_:)` with Sundell's names: `chain(f, to: g)(x)` is `g(f(x))`.
///
/// ```swift
/// let loadProduct = chain(Endpoint.product(withID:), to: networking)   // (Product.ID) -> Future<Data>
///
/// let describeLength = chain({ (s: String) in s.count }, to: String.init(describing:))
/// describeLength("mason")   // "5"
/// ```
/// - Parameters:
///   - inner: The function that runs first.
///   - outer: The function that receives `inner`'s result.
/// - Returns: A `@Sendable` function from `inner`'s input to `outer`'s output.
@inlinable
public func chain<Input, Middle, Output>(
    _ inner: @escaping @Sendable (Input) -> Middle,
    to outer: @escaping @Sendable (Middle) -> Output
) -> @Sendable (Input) -> Output {
    compose(inner, outer)
}

/// Chains a function to an unapplied instance method without arguments: the result runs `inner`, then
/// calls the method on its result.
///
/// An unapplied method such as `String.uppercased` or Sundell's `Future.decoded` has the type
/// `(Instance) -> () -> Output`; this overload calls the method too, so
/// `chain(networking, to: Future.decoded)` is a function from an endpoint to a decoded future.
///
/// ```swift
/// let loadProduct: @Sendable (Endpoint) -> Future<Product> = chain(networking, to: Future.decoded)
///
/// let shoutName = chain({ (user: User) in user.name }, to: String.uppercased)
/// shoutName(User(name: "mason"))   // "MASON"
/// ```
/// - Parameters:
///   - inner: The function that runs first.
///   - outer: An unapplied method (or any function returning a function without arguments), applied to
///     `inner`'s result and then called.
/// - Returns: A `@Sendable` function from `inner`'s input to the method's result.
@inlinable
public func chain<Input, Middle, Output>(
    _ inner: @escaping @Sendable (Input) -> Middle,
    to outer: @escaping @Sendable (Middle) -> () -> Output
) -> @Sendable (Input) -> Output {
    { outer(inner($0))() }
}

// Plain twins, for functions that are not `@Sendable` (see `compose(_:_:)`'s): Swift prefers the
// `@Sendable` overloads above when both functions are `@Sendable`; these answer otherwise.

/// Chains two plain functions: `chain(_:to:)` when `inner` or `outer` is not `@Sendable`.
///
/// ```swift
/// let log = Log()                                      // a class that is not Sendable
/// let record: (String) -> String = { log.append($0); return $0 }
/// chain(record, to: { $0.count })("mason")             // 5, and "mason" is logged
/// ```
/// - Parameters:
///   - inner: The function that runs first.
///   - outer: The function that receives `inner`'s result.
/// - Returns: A plain function from `inner`'s input to `outer`'s output.
@inlinable
@_disfavoredOverload
public func chain<Input, Middle, Output>(
    _ inner: @escaping (Input) -> Middle,
    to outer: @escaping (Middle) -> Output
) -> (Input) -> Output {
    compose(inner, outer)
}

/// Chains a plain function to an unapplied method without arguments: `chain(_:to:)` when `inner` is
/// not `@Sendable`.
///
/// ```swift
/// let networking: (Endpoint) -> Future<Data> = session.request   // not @Sendable
/// let loadProduct: (Endpoint) -> Future<Product> = chain(networking, to: Future.decoded)
/// ```
/// - Parameters:
///   - inner: The function that runs first.
///   - outer: An unapplied method, applied to `inner`'s result and then called.
/// - Returns: A plain function from `inner`'s input to the method's result.
@inlinable
@_disfavoredOverload
public func chain<Input, Middle, Output>(
    _ inner: @escaping (Input) -> Middle,
    to outer: @escaping (Middle) -> () -> Output
) -> (Input) -> Output {
    { outer(inner($0))() }
}
