/// A write as a function of changeables: `changeable |> write(newValue, at: keyPath)` is
/// `Changeable.write(_:at:)`; it records a change only when the field actually changes,
/// and keeps an earlier change.
///
/// ```swift
/// struct Person: Sendable { var name: String }
/// let rename = write("Joe", at: \Person.name)
/// (Changeable(Person(name: "Jane")) |> rename).hasChanges   // true
/// (Changeable(Person(name: "Joe")) |> rename).hasChanges    // false
/// ```
/// - Parameters:
///   - newValue: The value to write. It is `Sendable` because the returned function keeps it.
///   - keyPath: Where to write it. A key path literal without captured values is `Sendable`.
/// - Returns: A function that performs the write on a changeable.
@inlinable
public func write<Value, Field: Equatable & Sendable>(
    _ newValue: Field,
    at keyPath: any WritableKeyPath<Value, Field> & Sendable
) -> @Sendable (Changeable<Value>) -> Changeable<Value> {
    { changeable in changeable.write(newValue, at: keyPath) }
}

/// A write of a non-`Equatable` field as a function of changeables: it always records a change.
///
/// ```swift
/// struct Job: Sendable { var run: @Sendable () -> Int }
/// let two: @Sendable () -> Int = { 2 }
/// (Changeable(Job { 1 }) |> write(two, at: \Job.run)).hasChanges   // true
/// ```
/// - Parameters:
///   - newValue: The value to write. It is `Sendable` because the returned function keeps it.
///   - keyPath: Where to write it.
/// - Returns: A function that performs the write on a changeable.
@inlinable
public func write<Value, Field: Sendable>(
    _ newValue: Field,
    at keyPath: any WritableKeyPath<Value, Field> & Sendable
) -> @Sendable (Changeable<Value>) -> Changeable<Value> {
    { changeable in changeable.write(newValue, at: keyPath) }
}

/// Funswift's write: a function from a plain value to a changeable, for `>>-` and `flatMap` chains.
/// It records a change only when the field actually changes; the chain's `flatMap` keeps earlier
/// changes.
///
/// Where both this and the `(Changeable<Value>) -> Changeable<Value>` form fit (a bare
/// `let f = write(…)`), the other form wins.
///
/// ```swift
/// struct Person: Sendable { var first: String; var last: String }
/// let edited = Changeable(Person(first: "Jane", last: "Doe"))
///     >>- write("Jane", at: \.first)     // equal: no change
///     >>- write("Doe Jr", at: \.last)    // a change
/// edited.hasChanges   // true
/// ```
/// - Parameters:
///   - newValue: The value to write. It is `Sendable` because the returned function keeps it.
///   - keyPath: Where to write it.
/// - Returns: A function from a value to the written changeable.
@inlinable
@_disfavoredOverload
public func write<Value, Field: Equatable & Sendable>(
    _ newValue: Field,
    at keyPath: any WritableKeyPath<Value, Field> & Sendable
) -> @Sendable (Value) -> Changeable<Value> {
    { value in Changeable(value).write(newValue, at: keyPath) }
}

/// Funswift's write of a non-`Equatable` field, for `>>-` and `flatMap` chains: it always records a
/// change.
///
/// ```swift
/// struct Job: Sendable { var run: @Sendable () -> Int }
/// let two: @Sendable () -> Int = { 2 }
/// (Changeable(Job { 1 }) >>- write(two, at: \Job.run)).hasChanges   // true
/// ```
/// - Parameters:
///   - newValue: The value to write. It is `Sendable` because the returned function keeps it.
///   - keyPath: Where to write it.
/// - Returns: A function from a value to the written changeable.
@inlinable
@_disfavoredOverload
public func write<Value, Field: Sendable>(
    _ newValue: Field,
    at keyPath: any WritableKeyPath<Value, Field> & Sendable
) -> @Sendable (Value) -> Changeable<Value> {
    { value in Changeable(value).write(newValue, at: keyPath) }
}
