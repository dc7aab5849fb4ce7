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
