/// Map: `changeable <&> transform` is ``Changeable/map(_:)``; the flag is kept.
///
/// ```swift
/// (Changeable(10) <&> String.init).value   // "10"
/// ```
@inlinable
public func <&> <Value, NewValue>(
    changeable: Changeable<Value>,
    transform: (Value) -> NewValue
) -> Changeable<NewValue> {
    changeable.map(transform)
}

/// Map, function form: `first <&> second` is `compose(_:mapping:)` for changeable-returning functions.
///
/// ```swift
/// let clamp: @Sendable (Int) -> Changeable<Int> = { Changeable(min($0, 10), hasChanges: $0 > 10) }
/// (clamp <&> { "\($0)" })(12).value   // "10"
/// ```
@inlinable
public func <&> <Input, Middle, Output>(
    first: @escaping @Sendable (Input) -> Changeable<Middle>,
    second: @escaping @Sendable (Middle) -> Output
) -> @Sendable (Input) -> Changeable<Output> {
    compose(first, mapping: second)
}

/// Bind: `changeable >>- transform` is ``Changeable/flatMap(_:)``; the flags are ORed.
///
/// ```swift
/// struct Person: Sendable { var name: String }
/// (Changeable(Person(name: "Jane")) >>- write("Joe", at: \.name)).hasChanges   // true
/// ```
@inlinable
public func >>- <Value, NewValue>(
    changeable: Changeable<Value>,
    transform: (Value) -> Changeable<NewValue>
) -> Changeable<NewValue> {
    changeable.flatMap(transform)
}

/// Kleisli composition: `first >=> second` is `compose(_:flatMapping:)` for changeable-returning
/// functions.
///
/// ```swift
/// let clamp: @Sendable (Int) -> Changeable<Int> = { Changeable(min($0, 10), hasChanges: $0 > 10) }
/// let floor: @Sendable (Int) -> Changeable<Int> = { Changeable(max($0, 0), hasChanges: $0 < 0) }
/// (clamp >=> floor)(12).value   // 10
/// ```
@inlinable
public func >=> <Input, Middle, Output>(
    first: @escaping @Sendable (Input) -> Changeable<Middle>,
    second: @escaping @Sendable (Middle) -> Changeable<Output>
) -> @Sendable (Input) -> Changeable<Output> {
    compose(first, flatMapping: second)
}

/// Apply: `function <*> changeable` is `apply(_:_:)`; the flags are ORed.
///
/// ```swift
/// let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
/// (Changeable(1) <&> add <*> Changeable(2, hasChanges: true))   // Changeable(3, hasChanges: true)
/// ```
@inlinable
public func <*> <Value, NewValue>(
    function: Changeable<@Sendable (Value) -> NewValue>,
    changeable: Changeable<Value>
) -> Changeable<NewValue> {
    apply(function, changeable)
}

// Plain twins, for functions that are not `@Sendable` (see `compose(_:_:)`'s): Swift prefers the
// `@Sendable` overloads above when both functions are `@Sendable`; these answer otherwise.

/// `first <&> second` for `Changeable` when `first` or `second` is not `@Sendable`; the result is a
/// plain function.
///
/// ```swift
/// let load: (String) -> Changeable<Int> = { Changeable(Int($0) ?? 0, hasChanges: true) }
/// (load <&> { $0 + 1 })("41")   // Changeable(42, hasChanges: true)
/// ```
@inlinable
@_disfavoredOverload
public func <&> <Input, Middle, Output>(
    first: @escaping (Input) -> Changeable<Middle>,
    second: @escaping (Middle) -> Output
) -> (Input) -> Changeable<Output> {
    compose(first, mapping: second)
}

/// `first >=> second` for `Changeable` when `first` or `second` is not `@Sendable`; the result is a
/// plain function.
///
/// ```swift
/// let load: (String) -> Changeable<Int> = { Changeable(Int($0) ?? 0, hasChanges: true) }
/// let keep: (Int) -> Changeable<Int> = { Changeable($0, hasChanges: false) }
/// (load >=> keep)("42")   // Changeable(42, hasChanges: true)
/// ```
@inlinable
@_disfavoredOverload
public func >=> <Input, Middle, Output>(
    first: @escaping (Input) -> Changeable<Middle>,
    second: @escaping (Middle) -> Changeable<Output>
) -> (Input) -> Changeable<Output> {
    compose(first, flatMapping: second)
}

/// `function <*> changeable` for `Changeable` when the function is not `@Sendable`: `apply(_:_:)`'s
/// plain twin.
///
/// ```swift
/// let add: (Int) -> (Int) -> Int = { a in { b in a + b } }
/// (Changeable(1) <&> add <*> Changeable(2, hasChanges: true))   // Changeable(3, hasChanges: true)
/// ```
@inlinable
@_disfavoredOverload
public func <*> <Value, NewValue>(
    function: Changeable<(Value) -> NewValue>,
    changeable: Changeable<Value>
) -> Changeable<NewValue> {
    apply(function, changeable)
}
