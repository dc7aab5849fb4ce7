/// A test on values: a `@Sendable (Value) -> Bool` that can be adapted, combined and inverted.
///
/// Build small predicates and compose them with ``union(_:)`` (or), ``intersect(_:)`` (and),
/// ``inverted()`` (not), `contraMap(_:)` (test a derived value), or the free functions
/// `anyOf(_:)`, `allOf(_:)` and
/// `noneOf(_:)`.
///
/// ```swift
/// let isEven = Predicate<Int> { $0.isMultiple(of: 2) }
/// let isPositive = Predicate<Int> { $0 > 0 }
/// isEven.intersect(isPositive)(4)          // true
/// isEven.union(isPositive)(-3)             // false
/// let hasEvenLength = isEven.contraMap { (s: String) in s.count }
/// hasEvenLength("mason")                   // false
/// [1, 2, 3, 4].filter(isEven.contains)     // [2, 4]
/// ```
///
/// `Predicate` is `Sendable`: it holds a `@Sendable` function. A test that is not `@Sendable` goes in
/// `sending` (to the initializer or to `contraMap`), and its calls take turns under a lock.
///
/// - Note: Foundation has its own `Predicate`, the type the `#Predicate` macro builds. Where a file
///   imports both Foundation and Mason and the name is ambiguous (on Apple platforms), write
///   `Mason.Predicate`.
public struct Predicate<Value>: Sendable {
    /// The test: `true` when the value satisfies the predicate.
    public let contains: @Sendable (Value) -> Bool

    /// Wraps a test.
    ///
    /// ```swift
    /// let isEmpty = Predicate<String> { $0.isEmpty }
    /// isEmpty("")   // true
    /// ```
    /// - Parameter contains: The test.
    @inlinable
    public init(_ contains: @escaping @Sendable (Value) -> Bool) { self.contains = contains }

    /// Tests a value: `predicate(x)` is `predicate.contains(x)`.
    ///
    /// ```swift
    /// Predicate<Int> { $0 > 0 }(3)   // true
    /// ```
    /// - Parameter value: The value to test.
    /// - Returns: Whether `value` satisfies the predicate.
    @inlinable
    public func callAsFunction(_ value: Value) -> Bool { contains(value) }

    /// Adapts the predicate to another type by transforming its input first.
    ///
    /// The predicate is contravariant: to test `NewValue`s with a test on `Value`s you need a function
    /// from `NewValue` to `Value`.
    ///
    /// ```swift
    /// let isLong = Predicate<Int> { $0 > 3 }.contraMap { (s: String) in s.count }
    /// isLong("mason")   // true
    /// isLong("ok")      // false
    /// ```
    /// - Parameter transform: Turns the new input into the value this predicate tests.
    /// - Returns: A predicate on `NewValue`.
    @inlinable
    public func contraMap<NewValue>(
        _ transform: @escaping @Sendable (NewValue) -> Value
    ) -> Predicate<NewValue> {
        let contains = self.contains
        return Predicate<NewValue> { contains(transform($0)) }
    }

    /// A predicate satisfied when this one or `other` is (logical or; `other` is not run when this one
    /// is satisfied).
    ///
    /// ```swift
    /// let small = Predicate<Int> { $0 < 10 }
    /// let even = Predicate<Int> { $0.isMultiple(of: 2) }
    /// small.union(even)(12)   // true
    /// small.union(even)(13)   // false
    /// ```
    /// - Parameter other: The other predicate.
    /// - Returns: The union of both predicates.
    @inlinable
    public func union(_ other: Predicate) -> Predicate {
        let first = contains, second = other.contains
        return Predicate { first($0) || second($0) }
    }

    /// A predicate satisfied when both this one and `other` are (logical and; `other` is not run when
    /// this one fails).
    ///
    /// ```swift
    /// let small = Predicate<Int> { $0 < 10 }
    /// let even = Predicate<Int> { $0.isMultiple(of: 2) }
    /// small.intersect(even)(4)    // true
    /// small.intersect(even)(12)   // false
    /// ```
    /// - Parameter other: The other predicate.
    /// - Returns: The intersection of both predicates.
    @inlinable
    public func intersect(_ other: Predicate) -> Predicate {
        let first = contains, second = other.contains
        return Predicate { first($0) && second($0) }
    }

    /// A predicate satisfied exactly when this one is not (logical not).
    ///
    /// ```swift
    /// let isEmpty = Predicate<String> { $0.isEmpty }
    /// isEmpty.inverted()("mason")   // true
    /// ```
    /// - Returns: The complement of this predicate.
    @inlinable
    public func inverted() -> Predicate {
        let contains = self.contains
        return Predicate { !contains($0) }
    }
}

// Plain twins: `Predicate` is `Sendable`, so it holds a `@Sendable` function. A function that is not
// goes in `sending` and calls of it take turns under a lock, as in `IO`, `Reader` and `State` (see
// `SerialFunction`); Swift prefers the `@Sendable` overloads above whenever the function is `@Sendable`.
extension Predicate where Value: Sendable {
    /// Wraps a test that is not `@Sendable`; calls of it take turns.
    ///
    /// ```swift
    /// let seen = Seen()                           // a class that is not Sendable
    /// let isNew: (Int) -> Bool = { seen.insert($0) }
    /// [1, 2, 1, 3].filter(Predicate(isNew).contains)   // [1, 2, 3]
    /// ```
    /// - Parameter contains: The test; the predicate takes it over.
    @_disfavoredOverload
    public init(_ contains: sending @escaping (Value) -> Bool) {
        let serial = SerialFunction(contains)
        self.init { serial($0) }
    }
}

extension Predicate {
    /// `contraMap(_:)` with a transformation that is not `@Sendable`; calls of it take turns.
    ///
    /// ```swift
    /// let length: (String) -> Int = { $0.count }
    /// Predicate<Int> { $0 > 3 }.contraMap(length)("mason")   // true
    /// ```
    /// - Parameter transform: Turns the new input into the value this predicate tests; the predicate
    ///   takes it over.
    /// - Returns: A predicate on `NewValue`.
    @_disfavoredOverload
    public func contraMap<NewValue: Sendable>(
        _ transform: sending @escaping (NewValue) -> Value
    ) -> Predicate<NewValue> where Value: Sendable {
        let serial = SerialFunction(transform)
        return contraMap { serial($0) }
    }
}

/// A predicate satisfied when at least one of `predicates` is; with no predicates, never satisfied.
///
/// The predicates are tried in order and the test stops at the first that is satisfied.
///
/// ```swift
/// let isVowel = anyOf([Predicate<Character> { $0 == "a" }, Predicate { $0 == "o" }])
/// isVowel("o")   // true
/// ```
/// - Parameter predicates: The predicates, in the order they are tried.
/// - Returns: Their union.
/// - Complexity: Testing a value runs at most `predicates.count` predicates.
@inlinable
public func anyOf<Value>(_ predicates: [Predicate<Value>]) -> Predicate<Value> {
    Predicate { value in predicates.contains { $0.contains(value) } }
}

/// A predicate satisfied when at least one of `predicates` is; with no predicates, never satisfied.
///
/// ```swift
/// let isVowel = anyOf(Predicate<Character> { $0 == "a" }, Predicate { $0 == "o" })
/// isVowel("x")   // false
/// ```
/// - Parameter predicates: The predicates, in the order they are tried.
/// - Returns: Their union.
@inlinable
public func anyOf<Value>(_ predicates: Predicate<Value>...) -> Predicate<Value> {
    anyOf(predicates)
}

/// A predicate satisfied when every one of `predicates` is; with no predicates, always satisfied.
///
/// The predicates are tried in order and the test stops at the first that fails.
///
/// ```swift
/// let isSmallEven = allOf([Predicate<Int> { $0 < 10 }, Predicate { $0.isMultiple(of: 2) }])
/// isSmallEven(4)   // true
/// ```
/// - Parameter predicates: The predicates, in the order they are tried.
/// - Returns: Their intersection.
/// - Complexity: Testing a value runs at most `predicates.count` predicates.
@inlinable
public func allOf<Value>(_ predicates: [Predicate<Value>]) -> Predicate<Value> {
    Predicate { value in predicates.allSatisfy { $0.contains(value) } }
}

/// A predicate satisfied when every one of `predicates` is; with no predicates, always satisfied.
///
/// ```swift
/// let isSmallEven = allOf(Predicate<Int> { $0 < 10 }, Predicate { $0.isMultiple(of: 2) })
/// isSmallEven(12)   // false
/// ```
/// - Parameter predicates: The predicates, in the order they are tried.
/// - Returns: Their intersection.
@inlinable
public func allOf<Value>(_ predicates: Predicate<Value>...) -> Predicate<Value> {
    allOf(predicates)
}

/// A predicate satisfied when none of `predicates` is; with no predicates, always satisfied.
///
/// `noneOf(ps)` is `anyOf(ps).inverted()`.
///
/// ```swift
/// let isConsonant = noneOf([Predicate<Character> { $0 == "a" }, Predicate { $0 == "o" }])
/// isConsonant("m")   // true
/// ```
/// - Parameter predicates: The predicates, in the order they are tried.
/// - Returns: The complement of their union.
/// - Complexity: Testing a value runs at most `predicates.count` predicates.
@inlinable
public func noneOf<Value>(_ predicates: [Predicate<Value>]) -> Predicate<Value> {
    anyOf(predicates).inverted()
}

/// A predicate satisfied when none of `predicates` is; with no predicates, always satisfied.
///
/// ```swift
/// let isConsonant = noneOf(Predicate<Character> { $0 == "a" }, Predicate { $0 == "o" })
/// isConsonant("a")   // false
/// ```
/// - Parameter predicates: The predicates, in the order they are tried.
/// - Returns: The complement of their union.
@inlinable
public func noneOf<Value>(_ predicates: Predicate<Value>...) -> Predicate<Value> {
    noneOf(predicates)
}
