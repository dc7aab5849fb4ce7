/// Combines any number of computations into one computation of a tuple: the first computation runs,
/// and for each value it delivers the second runs, and so on (nested, left to right).
///
/// When a computation calls its continuation several times, the result has every combination, as
/// in nested `flatMap`s; when one never calls it, neither does the result.
///
/// The values must be `Sendable`: a value is kept in the continuation of the computations after it.
///
/// ```swift
/// let digits = Cont<Int, [String]> { continuation in continuation(1) + continuation(2) }
/// let letters = Cont<String, [String]> { continuation in continuation("a") + continuation("b") }
/// zip(digits, letters).run { ["\($0.0)\($0.1)"] }   // ["1a", "1b", "2a", "2b"]
/// ```
/// - Parameter conts: The computations, of any arity.
/// - Returns: A computation of the tuple of their values.
/// - Complexity: O(n²) in the number of computations per delivered tuple (small for any written arity).
public func zip<Answer, each Value: Sendable>(
    _ conts: repeat Cont<each Value, Answer>
) -> Cont<(repeat each Value), Answer> {
    contZipSequence(repeat each conts).map { values in
        var index = 0
        return (repeat contZipTake(values, &index, as: (each Value).self))
    }
}

/// Combines any number of computations with a function of their values, nesting them left to right
/// as `zip(_:)` does.
///
/// ```swift
/// let one = Cont<Int, String>.pure(1)
/// let two = Cont<Int, String>.pure(2)
/// zip(with: +, one, two).run { "\($0)" }   // "3"
/// ```
/// - Parameters:
///   - transform: The function that combines the values.
///   - conts: The computations, of any arity.
/// - Returns: A computation of `transform`'s result.
public func zip<Answer, each Value: Sendable, Combined>(
    with transform: @escaping @Sendable (repeat each Value) -> Combined,
    _ conts: repeat Cont<each Value, Answer>
) -> Cont<Combined, Answer> {
    contZipSequence(repeat each conts).map { values in
        var index = 0
        return transform(repeat contZipTake(values, &index, as: (each Value).self))
    }
}

// A pack of computations cannot be nested by recursion over the pack, so `zip` erases each value to
// `any Sendable`, sequences the erased computations (an ordinary recursion over an array), and casts
// each value back by position. The casts cannot fail: position `i` of the array always holds the
// value of the `i`-th computation, whose type is the `i`-th element of the pack.

/// The computations of a pack, erased and chained left to right into one computation of an array.
private func contZipSequence<Answer, each Value: Sendable>(
    _ conts: repeat Cont<each Value, Answer>
) -> Cont<[any Sendable], Answer> {
    var erased: [Cont<any Sendable, Answer>] = []
    for cont in repeat each conts {
        erased.append(cont.map { value in value as any Sendable })
    }
    return contZipChain(erased[...])
}

/// Chains erased computations: each value is appended to the values of the ones before it.
private func contZipChain<Answer>(
    _ conts: ArraySlice<Cont<any Sendable, Answer>>
) -> Cont<[any Sendable], Answer> {
    guard let first = conts.first else { return .pure([]) }
    let rest = conts.dropFirst()
    return first.flatMap { head in
        contZipChain(rest).map { tail in [head] + tail }
    }
}

/// The value at `index`, cast back to its type, and moves `index` on.
private func contZipTake<Value>(_ values: [any Sendable], _ index: inout Int, as type: Value.Type) -> Value {
    defer { index += 1 }
    guard let value = values[index] as? Value else {
        preconditionFailure("Cont zip: value \(index) is not a \(Value.self); the erased chain is out of order")
    }
    return value
}
