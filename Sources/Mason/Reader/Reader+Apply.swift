/// Applies the function a reader returns to the output of another reader; both read the same
/// environment. `function <*> reader` is its second spelling.
///
/// The function reader runs first. Lazy: nothing runs until the result runs.
///
/// ```swift
/// let scale = Reader<Int, @Sendable (Int) -> Int> { factor in { $0 * factor } }
/// let offset = Reader<Int, Int> { $0 + 1 }
/// apply(scale, offset).run(3)   // 12, that is (3 + 1) * 3
/// ```
/// - Parameters:
///   - function: A reader of a function.
///   - reader: A reader of the function's input.
/// - Returns: A reader of the function's output.
@inlinable
public func apply<Environment, Value, NewValue>(
    _ function: Reader<Environment, @Sendable (Value) -> NewValue>,
    _ reader: Reader<Environment, Value>
) -> Reader<Environment, NewValue> {
    Reader { environment in function.run(environment)(reader.run(environment)) }
}
