/// Composes a changeable-returning function with a plain function on its value:
/// `first <&> second`, the function form of map, is its second spelling.
///
/// ```swift
/// let clamp: @Sendable (Int) -> Changeable<Int> = { Changeable(min($0, 10), hasChanges: $0 > 10) }
/// compose(clamp, mapping: { "\($0)" })(12).value   // "10"
/// ```
/// - Parameters:
///   - first: The function that returns a changeable.
///   - second: The function applied to that changeable's value.
/// - Returns: A function that returns the mapped changeable, with `first`'s flag.
@inlinable
public func compose<Input, Middle, Output>(
    _ first: @escaping @Sendable (Input) -> Changeable<Middle>,
    mapping second: @escaping @Sendable (Middle) -> Output
) -> @Sendable (Input) -> Changeable<Output> {
    { input in first(input).map(second) }
}

/// Kleisli composition of changeable-returning functions: `first`, then `second` on its value; the
/// result has changes when either step has. `first >=> second` is its second spelling.
///
/// ```swift
/// let clamp: @Sendable (Int) -> Changeable<Int> = { Changeable(min($0, 10), hasChanges: $0 > 10) }
/// let floor: @Sendable (Int) -> Changeable<Int> = { Changeable(max($0, 0), hasChanges: $0 < 0) }
/// compose(clamp, flatMapping: floor)(12).hasChanges   // true
/// compose(clamp, flatMapping: floor)(5).hasChanges    // false
/// ```
/// - Parameters:
///   - first: The step that runs first.
///   - second: The step that receives `first`'s value.
/// - Returns: A function returning `second`'s value with the OR of both flags.
@inlinable
public func compose<Input, Middle, Output>(
    _ first: @escaping @Sendable (Input) -> Changeable<Middle>,
    flatMapping second: @escaping @Sendable (Middle) -> Changeable<Output>
) -> @Sendable (Input) -> Changeable<Output> {
    { input in first(input).flatMap(second) }
}

// Plain twins, for functions that are not `@Sendable` (see `compose(_:_:)`'s): Swift prefers the
// `@Sendable` overloads above when both functions are `@Sendable`; these answer otherwise.

/// Map composition of plain functions: `compose(_:mapping:)` for `Changeable` when `first` or `second` is
/// not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let load: (String) -> Changeable<Int> = { Changeable(Int($0) ?? 0, hasChanges: true) }
/// compose(load, mapping: { $0 + 1 })("41")   // Changeable(42, hasChanges: true)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s value.
/// - Returns: A plain function from `first`'s input to the mapped result.
@inlinable
@_disfavoredOverload
public func compose<Input, Middle, Output>(
    _ first: @escaping (Input) -> Changeable<Middle>,
    mapping second: @escaping (Middle) -> Output
) -> (Input) -> Changeable<Output> {
    { first($0).map(second) }
}

/// Kleisli composition of plain functions: `compose(_:flatMapping:)` for `Changeable` when `first` or
/// `second` is not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let load: (String) -> Changeable<Int> = { Changeable(Int($0) ?? 0, hasChanges: true) }
/// let keep: (Int) -> Changeable<Int> = { Changeable($0, hasChanges: false) }
/// compose(load, flatMapping: keep)("42")   // Changeable(42, hasChanges: true)
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s value.
/// - Returns: A plain function from `first`'s input to `second`'s result.
@inlinable
@_disfavoredOverload
public func compose<Input, Middle, Output>(
    _ first: @escaping (Input) -> Changeable<Middle>,
    flatMapping second: @escaping (Middle) -> Changeable<Output>
) -> (Input) -> Changeable<Output> {
    { first($0).flatMap(second) }
}
