/// Map: `cont <&> transform` is ``Cont/map(_:)``.
///
/// ```swift
/// (Cont<Int, String>.pure(4) <&> { $0 * $0 }).run { "\($0)" }   // "16"
/// ```
@inlinable
public func <&> <Value, NewValue, Answer>(
    cont: Cont<Value, Answer>,
    transform: @escaping @Sendable (Value) -> NewValue
) -> Cont<NewValue, Answer> {
    cont.map(transform)
}

/// Map, function form: `first <&> second` is `compose(_:mapping:)` for cont-returning functions.
///
/// ```swift
/// let lift: @Sendable (Int) -> Cont<Int, String> = { n in Cont { $0(n + 1) } }
/// (lift <&> { $0 * 2 })(20).run { "\($0)" }   // "42"
/// ```
@inlinable
public func <&> <Input, Middle, Output, Answer>(
    first: @escaping @Sendable (Input) -> Cont<Middle, Answer>,
    second: @escaping @Sendable (Middle) -> Output
) -> @Sendable (Input) -> Cont<Output, Answer> {
    compose(first, mapping: second)
}

/// Bind: `cont >>- transform` is ``Cont/flatMap(_:)``.
///
/// ```swift
/// (Cont<Int, String>.pure(2) >>- { n in .pure(n * 21) }).run { "\($0)" }   // "42"
/// ```
@inlinable
public func >>- <Value, NewValue, Answer>(
    cont: Cont<Value, Answer>,
    transform: @escaping @Sendable (Value) -> Cont<NewValue, Answer>
) -> Cont<NewValue, Answer> {
    cont.flatMap(transform)
}

/// Kleisli composition: `first >=> second` is `compose(_:flatMapping:)` for cont-returning functions.
///
/// ```swift
/// let lift: @Sendable (Int) -> Cont<Int, String> = { n in Cont { $0(n + 1) } }
/// (lift >=> lift)(40).run { "\($0)" }   // "42"
/// ```
@inlinable
public func >=> <Input, Middle, Output, Answer>(
    first: @escaping @Sendable (Input) -> Cont<Middle, Answer>,
    second: @escaping @Sendable (Middle) -> Cont<Output, Answer>
) -> @Sendable (Input) -> Cont<Output, Answer> {
    compose(first, flatMapping: second)
}

/// Apply: `function <*> cont` is `apply(_:_:)`; the function's computation runs first.
///
/// ```swift
/// let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
/// (Cont<Int, String>.pure(1) <&> add <*> .pure(2)).run { "\($0)" }   // "3"
/// ```
@inlinable
public func <*> <Value, NewValue, Answer>(
    function: Cont<@Sendable (Value) -> NewValue, Answer>,
    cont: Cont<Value, Answer>
) -> Cont<NewValue, Answer> {
    apply(function, cont)
}
