/// A value together with a flag that says whether anything changed it.
///
/// Build a changeable from an original value, apply writes with `write(_:at:)`, and
/// look at ``hasChanges`` at the end to decide whether to save. A write of an equal value does not
/// count as a change, and once a change is recorded no later step forgets it: ``flatMap(_:)``,
/// `apply(_:_:)` and `zip` OR the flags. (Funswift's `write` reset the flag on an equal write, and
/// its `<*>` dropped the function's flag.)
///
/// `Changeable` is not lazy: it holds a value, not a function. It is `Sendable`, `Equatable` and
/// `Hashable` when `Value` is.
///
/// ```swift
/// struct Person { var name: String; var city: String }
///
/// let edited = Changeable(Person(name: "Jane", city: "Oslo"))
///     .write("Joe", at: \.name)    // a change
///     .write("Oslo", at: \.city)   // equal: no change, and the earlier change is kept
/// edited.hasChanges    // true
/// edited.value.name    // "Joe"
/// ```
public struct Changeable<Value> {
    /// The current value.
    public let value: Value
    /// Whether any step changed the value.
    public let hasChanges: Bool

    /// Wraps a value.
    ///
    /// ```swift
    /// Changeable(5).hasChanges                     // false
    /// Changeable(5, hasChanges: true).hasChanges   // true
    /// ```
    /// - Parameters:
    ///   - value: The value.
    ///   - hasChanges: Whether it already counts as changed; `false` by default.
    @inlinable
    public init(_ value: Value, hasChanges: Bool = false) {
        self.value = value
        self.hasChanges = hasChanges
    }
}

extension Changeable: Sendable where Value: Sendable {}
extension Changeable: Equatable where Value: Equatable {}
extension Changeable: Hashable where Value: Hashable {}

extension Changeable {
    /// Transforms the value and keeps the flag; `changeable <&> transform` is its second spelling.
    ///
    /// A map is not a change: it converts the value, it does not edit it. (An early Funswift `map`
    /// set the flag, which broke the functor identity law.)
    ///
    /// ```swift
    /// Changeable(10).map(String.init).value        // "10"
    /// Changeable(10).map(String.init).hasChanges   // false
    /// ```
    /// - Parameter transform: The function applied to the value, at once.
    /// - Returns: The transformed value with the same flag.
    @inlinable
    public func map<NewValue>(_ transform: (Value) -> NewValue) -> Changeable<NewValue> {
        Changeable<NewValue>(transform(value), hasChanges: hasChanges)
    }

    /// Chains a step that may change the value; the result has changes when either has.
    /// `changeable >>- transform` is its second spelling.
    ///
    /// ```swift
    /// let bump = { (n: Int) in Changeable(n + 1, hasChanges: true) }
    /// Changeable(1).flatMap(bump).hasChanges                          // true
    /// Changeable(1, hasChanges: true).flatMap { Changeable($0) }.hasChanges   // true
    /// ```
    /// - Parameter transform: The step, applied at once.
    /// - Returns: The step's value; its flag is the OR of both flags.
    @inlinable
    public func flatMap<NewValue>(
        _ transform: (Value) -> Changeable<NewValue>
    ) -> Changeable<NewValue> {
        let next = transform(value)
        return Changeable<NewValue>(next.value, hasChanges: hasChanges || next.hasChanges)
    }

    /// A changeable of `value` with no changes.
    ///
    /// ```swift
    /// Changeable.pure(3).hasChanges   // false
    /// ```
    /// - Parameter value: The value.
    /// - Returns: An unchanged changeable.
    @inlinable
    public static func pure(_ value: Value) -> Changeable<Value> {
        Changeable(value, hasChanges: false)
    }

    /// Writes `newValue` at a key path, and records a change only when the field's value actually
    /// changes. An earlier change is never forgotten.
    ///
    /// ```swift
    /// struct Person { var name: String }
    /// let person = Changeable(Person(name: "Jane"))
    /// person.write("Jane", at: \.name).hasChanges   // false: equal value
    /// person.write("Joe", at: \.name).hasChanges    // true
    /// person.write("Joe", at: \.name).write("Joe", at: \.name).hasChanges   // true: kept
    /// ```
    /// - Parameters:
    ///   - newValue: The value to write.
    ///   - keyPath: Where to write it.
    /// - Returns: The updated changeable; unchanged (the same value and flag) when the field already
    ///   equals `newValue`.
    @inlinable
    public func write<Field: Equatable>(
        _ newValue: Field,
        at keyPath: WritableKeyPath<Value, Field>
    ) -> Changeable<Value> {
        guard value[keyPath: keyPath] != newValue else { return self }
        var copy = value
        copy[keyPath: keyPath] = newValue
        return Changeable(copy, hasChanges: true)
    }

    /// Writes `newValue` at a key path whose field is not `Equatable`: the write always counts as a
    /// change, because it cannot be compared with the old value.
    ///
    /// ```swift
    /// struct Box { var action: () -> Void }
    /// Changeable(Box(action: {})).write({ print("hi") }, at: \.action).hasChanges   // true
    /// ```
    /// - Parameters:
    ///   - newValue: The value to write.
    ///   - keyPath: Where to write it.
    /// - Returns: The updated changeable, marked as changed.
    @inlinable
    public func write<Field>(
        _ newValue: Field,
        at keyPath: WritableKeyPath<Value, Field>
    ) -> Changeable<Value> {
        var copy = value
        copy[keyPath: keyPath] = newValue
        return Changeable(copy, hasChanges: true)
    }
}
