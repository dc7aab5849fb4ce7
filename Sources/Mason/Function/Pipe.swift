/// Applies a function to a value: `pipe(x, f)` is `f(x)`; `x |> f` is its second spelling.
///
/// ```swift
/// let length = pipe("mason", \.count)   // 5
/// ```
/// - Parameters:
///   - value: The input.
///   - transform: The function to apply.
/// - Returns: `transform(value)`.
/// - Throws: Whatever `transform` throws.
@inlinable
public func pipe<Input, Output, Failure: Error>(
    _ value: Input, _ transform: (Input) throws(Failure) -> Output
) throws(Failure) -> Output {
    try transform(value)
}

/// Applies a mutation to a copy of a value and returns the copy: `x |> { $0.field = … }`.
///
/// Funswift's `inout` pipe returned the function's result; Mason returns the mutated copy, which is
/// what a configuring closure is for.
///
/// ```swift
/// let sorted = pipe([3, 1, 2]) { $0.sort() }   // [1, 2, 3]
/// ```
/// - Parameters:
///   - value: The value to copy.
///   - mutate: The mutation applied to the copy.
/// - Returns: The mutated copy; `value` itself is unchanged.
/// - Throws: Whatever `mutate` throws.
@inlinable
public func pipe<Value, Failure: Error>(
    _ value: Value, _ mutate: (inout Value) throws(Failure) -> Void
) throws(Failure) -> Value {
    var copy = value
    try mutate(&copy)
    return copy
}

/// Pipe: `x |> f` is ``pipe(_:_:)-(Input,_)`` — `f(x)`.
///
/// ```swift
/// "42" |> Int.init   // Optional(42)
/// ```
@inlinable
public func |> <Input, Output, Failure: Error>(
    value: Input, transform: (Input) throws(Failure) -> Output
) throws(Failure) -> Output {
    try transform(value)
}

/// Pipe into a mutation: `x |> { $0.append(4) }` returns a mutated copy of `x`.
///
/// ```swift
/// [1, 2, 3] |> { $0.append(4) }   // [1, 2, 3, 4]
/// ```
@inlinable
public func |> <Value, Failure: Error>(
    value: Value, mutate: (inout Value) throws(Failure) -> Void
) throws(Failure) -> Value {
    try pipe(value, mutate)
}
