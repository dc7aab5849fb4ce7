/// Forward composition: `compose(f, g)` runs `f`, then `g` on its result; `f >>> g` is its second spelling.
///
/// ```swift
/// let describeLength = compose({ (s: String) in s.count }, String.init(describing:))
/// describeLength("mason")   // "5"
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function that receives `first`'s result.
/// - Returns: A function from `first`'s input to `second`'s output. It is `@Sendable`.
@inlinable
public func compose<Input, Middle, Output>(
    _ first: @escaping @Sendable (Input) -> Middle,
    _ second: @escaping @Sendable (Middle) -> Output
) -> @Sendable (Input) -> Output {
    { second(first($0)) }
}

/// Backward composition: `compose(g, after: f)` runs `f`, then `g`; `g <<< f` is its second spelling.
///
/// ```swift
/// let describeLength = compose(String.init(describing:), after: { (s: String) in s.count })
/// describeLength("mason")   // "5"
/// ```
/// - Parameters:
///   - second: The function that receives `first`'s result.
///   - first: The function that runs first.
/// - Returns: A function from `first`'s input to `second`'s output.
@inlinable
public func compose<Input, Middle, Output>(
    _ second: @escaping @Sendable (Middle) -> Output,
    after first: @escaping @Sendable (Input) -> Middle
) -> @Sendable (Input) -> Output {
    { second(first($0)) }
}

/// Forward composition: `f >>> g` is `compose(_:_:)` — `f` runs first.
///
/// ```swift
/// let f = { (x: Int) in x + 1 } >>> { $0 * 2 }
/// f(3)   // 8
/// ```
@inlinable
public func >>> <Input, Middle, Output>(
    first: @escaping @Sendable (Input) -> Middle,
    second: @escaping @Sendable (Middle) -> Output
) -> @Sendable (Input) -> Output {
    compose(first, second)
}

/// Backward composition: `g <<< f` is `compose(_:after:)` — `f` runs first.
///
/// ```swift
/// let f = { (x: Int) in x * 2 } <<< { $0 + 1 }
/// f(3)   // 8
/// ```
@inlinable
public func <<< <Input, Middle, Output>(
    second: @escaping @Sendable (Middle) -> Output,
    first: @escaping @Sendable (Input) -> Middle
) -> @Sendable (Input) -> Output {
    compose(second, after: first)
}

// Plain twins: the same compositions of functions that are not `@Sendable` (closures that capture a
// non-Sendable object, or a `let f: (A) -> B` declared without the attribute). Swift prefers the
// `@Sendable` overloads above whenever both functions are `@Sendable`, so such a composition stays
// `@Sendable`; these answer only when one of them is not, and return a plain function.

/// Forward composition of plain functions: `compose(_:_:)` for functions that are not `@Sendable`.
///
/// ```swift
/// let log = Log()                                              // a class that is not Sendable
/// let record: (Int) -> Int = { log.append($0); return $0 }
/// let recordThenDouble = compose(record, { $0 * 2 })            // (Int) -> Int, not @Sendable
/// recordThenDouble(21)   // 42
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function that receives `first`'s result.
/// - Returns: A function from `first`'s input to `second`'s output.
@inlinable
@_disfavoredOverload
public func compose<Input, Middle, Output>(
    _ first: @escaping (Input) -> Middle,
    _ second: @escaping (Middle) -> Output
) -> (Input) -> Output {
    { second(first($0)) }
}

/// Backward composition of plain functions: `compose(_:after:)` for functions that are not `@Sendable`.
///
/// ```swift
/// let describe: (Int) -> String = { "\($0)" }
/// compose(describe, after: { (s: String) in s.count })("mason")   // "5"
/// ```
/// - Parameters:
///   - second: The function that receives `first`'s result.
///   - first: The function that runs first.
/// - Returns: A function from `first`'s input to `second`'s output.
@inlinable
@_disfavoredOverload
public func compose<Input, Middle, Output>(
    _ second: @escaping (Middle) -> Output,
    after first: @escaping (Input) -> Middle
) -> (Input) -> Output {
    { second(first($0)) }
}

/// Forward composition of plain functions: `f >>> g` when `f` or `g` is not `@Sendable`.
///
/// ```swift
/// let increment: (Int) -> Int = { $0 + 1 }
/// (increment >>> { $0 * 2 })(3)   // 8
/// ```
@inlinable
@_disfavoredOverload
public func >>> <Input, Middle, Output>(
    first: @escaping (Input) -> Middle,
    second: @escaping (Middle) -> Output
) -> (Input) -> Output {
    compose(first, second)
}

/// Backward composition of plain functions: `g <<< f` when `f` or `g` is not `@Sendable`.
///
/// ```swift
/// let double: (Int) -> Int = { $0 * 2 }
/// (double <<< { $0 + 1 })(3)   // 8
/// ```
@inlinable
@_disfavoredOverload
public func <<< <Input, Middle, Output>(
    second: @escaping (Middle) -> Output,
    first: @escaping (Input) -> Middle
) -> (Input) -> Output {
    compose(second, after: first)
}
