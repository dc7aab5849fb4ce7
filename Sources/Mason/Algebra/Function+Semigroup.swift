// Functions as semigroups: Funswift's three `<>` overloads on functions, each with a named twin
// `concat(_:_:)`. A function type cannot conform to a protocol, so these are free functions rather than
// `Semigroup` conformances; `Endo` is the conforming wrapper for `(Value) -> Value`. Each combination is
// associative, and `{ $0 }` / `{ _ in }` are its identities.

/// Combines two endofunctions by running `first`, then `second` on its result; `first <> second` is its
/// second spelling.
///
/// This is `compose(_:_:)` restricted to functions from a type to itself, the combination ``Endo``
/// wraps.
///
/// ```swift
/// let incrementThenDouble = concat({ (n: Int) in n + 1 }, { $0 * 2 })
/// incrementThenDouble(3)   // 8
/// ```
/// - Parameters:
///   - first: The function that runs first.
///   - second: The function that receives `first`'s result.
/// - Returns: A function running both, in order.
@inlinable
public func concat<Value>(
    _ first: @escaping @Sendable (Value) -> Value,
    _ second: @escaping @Sendable (Value) -> Value
) -> @Sendable (Value) -> Value {
    { second(first($0)) }
}

/// Combines two actions on an object by running both on the same object, `first` then `second`;
/// `first <> second` is its second spelling.
///
/// ```swift
/// final class Label { var text = "" }
/// let configure = concat({ (label: Label) in label.text = "Mason" }, { $0.text += "!" })
/// let label = Label()
/// configure(label)
/// label.text   // "Mason!"
/// ```
/// - Parameters:
///   - first: The action that runs first.
///   - second: The action that runs second, on the same object.
/// - Returns: An action running both, in order.
@inlinable
public func concat<Value: AnyObject>(
    _ first: @escaping @Sendable (Value) -> Void,
    _ second: @escaping @Sendable (Value) -> Void
) -> @Sendable (Value) -> Void {
    { object in
        first(object)
        second(object)
    }
}

/// Combines two mutations by running both on the same value, `first` then `second`;
/// `first <> second` is its second spelling.
///
/// ```swift
/// let normalize = concat({ (name: inout String) in name = name.lowercased() }, { $0.append("!") })
/// var name = "MASON"
/// normalize(&name)
/// name   // "mason!"
/// ```
/// - Parameters:
///   - first: The mutation that runs first.
///   - second: The mutation that runs second, on the already mutated value.
/// - Returns: A mutation running both, in order.
@inlinable
public func concat<Value>(
    _ first: @escaping @Sendable (inout Value) -> Void,
    _ second: @escaping @Sendable (inout Value) -> Void
) -> @Sendable (inout Value) -> Void {
    { value in
        first(&value)
        second(&value)
    }
}

/// Runs `first`, then `second` on its result: `first <> second` is `concat(_:_:)` on
/// endofunctions, the same as `first >>> second`.
///
/// ```swift
/// let trim: @Sendable (String) -> String = { String($0.drop { $0 == " " }) }
/// let shout: @Sendable (String) -> String = { $0.uppercased() }
/// (trim <> shout)("  mason")   // "MASON"
/// ```
/// - Parameters:
///   - first: The endofunction that runs first.
///   - second: The endofunction that runs second.
/// - Returns: `concat(first, second)`.
@inlinable
public func <> <Value>(
    first: @escaping @Sendable (Value) -> Value,
    second: @escaping @Sendable (Value) -> Value
) -> @Sendable (Value) -> Value {
    concat(first, second)
}

/// Runs both actions on the same object: `first <> second` is `concat(_:_:)` on actions on an
/// object.
///
/// ```swift
/// final class Counter { var count = 0 }
/// let bump: @Sendable (Counter) -> Void = { $0.count += 1 }
/// let counter = Counter()
/// (bump <> bump)(counter)
/// counter.count   // 2
/// ```
/// - Parameters:
///   - first: The action that runs first.
///   - second: The action that runs second.
/// - Returns: `concat(first, second)`.
@inlinable
public func <> <Value: AnyObject>(
    first: @escaping @Sendable (Value) -> Void,
    second: @escaping @Sendable (Value) -> Void
) -> @Sendable (Value) -> Void {
    concat(first, second)
}

/// Runs both mutations on the same value: `first <> second` is `concat(_:_:)` on mutations.
///
/// ```swift
/// let addOne: @Sendable (inout Int) -> Void = { $0 += 1 }
/// let double: @Sendable (inout Int) -> Void = { $0 *= 2 }
/// var n = 3
/// (addOne <> double)(&n)
/// n   // 8
/// ```
/// - Parameters:
///   - first: The mutation that runs first.
///   - second: The mutation that runs second.
/// - Returns: `concat(first, second)`.
@inlinable
public func <> <Value>(
    first: @escaping @Sendable (inout Value) -> Void,
    second: @escaping @Sendable (inout Value) -> Void
) -> @Sendable (inout Value) -> Void {
    concat(first, second)
}
