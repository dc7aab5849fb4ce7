/// Applies a function to a value: `pipe(x, f)` is `f(x)`; `x |> f` is its second spelling.
///
/// The value is handed over, not shared: a function that takes its input `consuming` (as MasonNetwork's
/// request builders do) can change a temporary in place, with no copy-on-write copy. Any other
/// function of the input works as well.
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
    _ value: consuming Input, _ transform: (consuming Input) throws(Failure) -> Output
) throws(Failure) -> Output {
    try transform(value)
}

/// Applies a mutation to a copy of a value and returns the copy: `x |> { $0.field = … }`.
///
/// Funswift's `inout` pipe returned the function's result; Mason returns the mutated copy, which is
/// what a configuring closure is for. A temporary (`[1, 2] |> { $0.append(3) }`) is mutated in place,
/// not copied first.
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
    _ value: consuming Value, _ mutate: (inout Value) throws(Failure) -> Void
) throws(Failure) -> Value {
    try mutate(&value)
    return value
}

/// Pipe: `x |> f` is `pipe(_:_:)` — `f(x)`.
///
/// ```swift
/// "42" |> Int.init   // Optional(42)
/// ```
@inlinable
public func |> <Input, Output, Failure: Error>(
    value: consuming Input, transform: (consuming Input) throws(Failure) -> Output
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
    value: consuming Value, mutate: (inout Value) throws(Failure) -> Void
) throws(Failure) -> Value {
    try pipe(value, mutate)
}
