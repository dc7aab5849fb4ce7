/// Composes a writer-returning function with a plain function on its value:
/// `first <&> second`, the function form of map, is its second spelling.
///
/// ```swift
/// let parse: @Sendable (String) -> Writer<Int, [String]> = { Writer(value: Int($0) ?? 0, output: ["parsed \($0)"]) }
/// compose(parse, mapping: { $0 + 1 })("41").run()   // (value: 42, output: ["parsed 41"])
/// ```
/// `Output`'s metatype must be `Sendable` (true of every type without an isolated conformance) because the returned
/// `@Sendable` function combines outputs through `Output`'s conformance.
///
/// - Parameters:
///   - first: The function that returns a writer.
///   - second: The function applied to that writer's value.
/// - Returns: A function that returns the mapped writer.
@inlinable
public func compose<Input, Middle, NewValue, Output>(
    _ first: @escaping @Sendable (Input) -> Writer<Middle, Output>,
    mapping second: @escaping @Sendable (Middle) -> NewValue
) -> @Sendable (Input) -> Writer<NewValue, Output> where Output: SendableMetatype {
    { input in first(input).map(second) }
}

/// Kleisli composition of writer-returning functions: runs `first`, then `second` on its value, and
/// combines both outputs, `first`'s first. `first >=> second` is its second spelling.
///
/// ```swift
/// let parse: @Sendable (String) -> Writer<Int, [String]> = { Writer(value: Int($0) ?? 0, output: ["parsed \($0)"]) }
/// let half: @Sendable (Int) -> Writer<Int, [String]> = { Writer(value: $0 / 2, output: ["halved"]) }
/// compose(parse, flatMapping: half)("84").run()   // (value: 42, output: ["parsed 84", "halved"])
/// ```
/// `Output`'s metatype must be `Sendable` (true of every type without an isolated conformance) because the returned
/// `@Sendable` function combines outputs through `Output`'s conformance.
///
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function that receives `first`'s value.
/// - Returns: A function returning the second writer's value with both outputs.
@inlinable
public func compose<Input, Middle, NewValue, Output>(
    _ first: @escaping @Sendable (Input) -> Writer<Middle, Output>,
    flatMapping second: @escaping @Sendable (Middle) -> Writer<NewValue, Output>
) -> @Sendable (Input) -> Writer<NewValue, Output> where Output: SendableMetatype {
    { input in first(input).flatMap(second) }
}

// Plain twins, for functions that are not `@Sendable` (see `compose(_:_:)`'s): Swift prefers the
// `@Sendable` overloads above when both functions are `@Sendable`; these answer otherwise.

/// Map composition of plain functions: `compose(_:mapping:)` for `Writer` when `first` or `second` is
/// not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let parse: (String) -> Writer<Int, [String]> = { Writer(value: Int($0) ?? 0, output: ["parsed \($0)"]) }
/// compose(parse, mapping: { $0 + 1 })("41").run()   // (value: 42, output: ["parsed 41"])
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s value.
/// - Returns: A plain function from `first`'s input to the mapped result.
@inlinable
@_disfavoredOverload
public func compose<Input, Middle, NewValue, Output>(
    _ first: @escaping (Input) -> Writer<Middle, Output>,
    mapping second: @escaping (Middle) -> NewValue
) -> (Input) -> Writer<NewValue, Output> {
    { first($0).map(second) }
}

/// Kleisli composition of plain functions: `compose(_:flatMapping:)` for `Writer` when `first` or
/// `second` is not `@Sendable`; the result is a plain function.
///
/// ```swift
/// let parse: (String) -> Writer<Int, [String]> = { Writer(value: Int($0) ?? 0, output: ["parsed \($0)"]) }
/// let half: (Int) -> Writer<Int, [String]> = { Writer(value: $0 / 2, output: ["halved"]) }
/// compose(parse, flatMapping: half)("84").run()   // (value: 42, output: ["parsed 84", "halved"])
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function applied to `first`'s value.
/// - Returns: A plain function from `first`'s input to `second`'s result.
@inlinable
@_disfavoredOverload
public func compose<Input, Middle, NewValue, Output>(
    _ first: @escaping (Input) -> Writer<Middle, Output>,
    flatMapping second: @escaping (Middle) -> Writer<NewValue, Output>
) -> (Input) -> Writer<NewValue, Output> {
    { first($0).flatMap(second) }
}
