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

// Plain twins, for a field that is not `Sendable` (or a key path value that is not): the functions
// above are `@Sendable`, so they can keep only `Sendable` values; these return plain functions. They
// are not `@_disfavoredOverload`: Swift does not rule an overload out for a missing `Sendable`
// conformance, it only ranks it lower, and below a disfavored overload too. So where both fit, the
// `@Sendable` forms win by being more constrained, and a field or key path that is not `Sendable`
// leaves only these. As above, the `(Value) -> Changeable<Value>` forms are disfavored, so a bare
// `let f = write(…)` is the function of changeables.

/// `write(_:at:)` as a plain function of changeables, for a field that is not `Sendable`: it records
/// a change only when the field actually changes, and keeps an earlier change.
///
/// ```swift
/// final class Tag: Equatable { … }                 // a class that is not Sendable
/// struct Post { var tag: Tag }
/// let retag = write(Tag("swift"), at: \Post.tag)
/// (Changeable(Post(tag: Tag("draft"))) |> retag).hasChanges   // true
/// ```
/// - Parameters:
///   - newValue: The value to write; the returned function keeps it.
///   - keyPath: Where to write it.
/// - Returns: A plain function that performs the write on a changeable.
@inlinable
public func write<Value, Field: Equatable>(
    _ newValue: Field,
    at keyPath: WritableKeyPath<Value, Field>
) -> (Changeable<Value>) -> Changeable<Value> {
    { changeable in changeable.write(newValue, at: keyPath) }
}

/// `write(_:at:)` of a field that is neither `Equatable` nor `Sendable`, as a plain function of
/// changeables: it always records a change.
///
/// ```swift
/// struct Job { var run: () -> Int }
/// let two: () -> Int = { 2 }
/// let replace = write(two, at: \Job.run)
/// (Changeable(Job { 1 }) |> replace).hasChanges   // true
/// ```
/// - Parameters:
///   - newValue: The value to write; the returned function keeps it.
///   - keyPath: Where to write it.
/// - Returns: A plain function that performs the write on a changeable.
@inlinable
public func write<Value, Field>(
    _ newValue: Field,
    at keyPath: WritableKeyPath<Value, Field>
) -> (Changeable<Value>) -> Changeable<Value> {
    { changeable in changeable.write(newValue, at: keyPath) }
}

/// Funswift's write, for `>>-` and `flatMap` chains, of a field that is not `Sendable`: a plain
/// function from a value to a changeable that records a change only when the field actually changes.
///
/// ```swift
/// final class Tag: Equatable { … }                 // a class that is not Sendable
/// struct Post { var tag: Tag }
/// let swift = Tag("swift")
/// (Changeable(Post(tag: swift)) >>- write(swift, at: \.tag)).hasChanges   // false: the same tag
/// ```
/// - Parameters:
///   - newValue: The value to write; the returned function keeps it.
///   - keyPath: Where to write it.
/// - Returns: A plain function from a value to the written changeable.
@inlinable
@_disfavoredOverload
public func write<Value, Field: Equatable>(
    _ newValue: Field,
    at keyPath: WritableKeyPath<Value, Field>
) -> (Value) -> Changeable<Value> {
    { value in Changeable(value).write(newValue, at: keyPath) }
}

/// Funswift's write, for `>>-` and `flatMap` chains, of a field that is neither `Equatable` nor
/// `Sendable`: a plain function from a value to a changeable that always records a change.
///
/// ```swift
/// struct Job { var run: () -> Int }
/// let two: () -> Int = { 2 }
/// (Changeable(Job { 1 }) >>- write(two, at: \Job.run)).hasChanges   // true
/// ```
/// - Parameters:
///   - newValue: The value to write; the returned function keeps it.
///   - keyPath: Where to write it.
/// - Returns: A plain function from a value to the written changeable.
@inlinable
@_disfavoredOverload
public func write<Value, Field>(
    _ newValue: Field,
    at keyPath: WritableKeyPath<Value, Field>
) -> (Value) -> Changeable<Value> {
    { value in Changeable(value).write(newValue, at: keyPath) }
}
