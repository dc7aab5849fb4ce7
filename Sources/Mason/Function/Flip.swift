/// Swaps the order of the two arguments of a curried function.
///
/// `flip(f)(b)(a)` is `f(a)(b)`. This fixes the *second* argument first — useful with `curry`'d
/// initializers and with unapplied instance methods, which take the instance first:
///
/// ```swift
/// let startsWith = flip(String.hasPrefix)   // (prefix) -> (string) -> Bool
/// ["mason", "brick"].filter(startsWith("ma"))   // ["mason"]
///
/// // FunNetworking's shape: fix the cache policy, then take the URL.
/// let request = flip(curry(URLRequest.init(url:cachePolicy:timeoutInterval:)))
/// request(.reloadIgnoringLocalCacheData)(url)(30)   // URLRequest
/// ```
/// - Parameter function: A curried function of two arguments.
/// - Returns: The same function taking its arguments in the other order; `@Sendable` at every step,
///   which is why the second argument, captured first, must be `Sendable`.
@inlinable
public func flip<First, Second: Sendable, Output>(
    _ function: @escaping @Sendable (First) -> (Second) -> Output
) -> @Sendable (Second) -> @Sendable (First) -> Output {
    { second in { first in function(first)(second) } }
}

/// Turns an unapplied instance method without arguments inside out: `flip(Type.method)()` is a function
/// from an instance to the method's result.
///
/// An unapplied method such as `String.uppercased` has the type `(String) -> () -> String`; flipping it
/// moves the empty argument list to the front, and calling that gives a plain `(String) -> String` to
/// pass to `map` or `>>>`.
///
/// ```swift
/// let shout = flip(String.uppercased)()
/// ["brick", "mortar"].map(shout)   // ["BRICK", "MORTAR"]
/// ```
/// - Parameter function: An unapplied method, or any function returning a function without arguments.
/// - Returns: A function without arguments that returns the flipped function. Both are `@Sendable`.
@inlinable
public func flip<Value, Output>(
    _ function: @escaping @Sendable (Value) -> () -> Output
) -> @Sendable () -> @Sendable (Value) -> Output {
    { { value in function(value)() } }
}

/// Swaps the two arguments of a function of two arguments.
///
/// `flip(f)(b, a)` is `f(a, b)`.
///
/// ```swift
/// let subtract: @Sendable (Int, Int) -> Int = { $0 - $1 }
/// flip(subtract)(1, 10)   // 9
/// ```
/// - Parameter function: A function of two arguments.
/// - Returns: A `@Sendable` function taking the same arguments in the other order.
@inlinable
public func flip<First, Second, Output>(
    _ function: @escaping @Sendable (First, Second) -> Output
) -> @Sendable (Second, First) -> Output {
    { second, first in function(first, second) }
}

// Plain twins, for functions that are not `@Sendable` (see `compose(_:_:)`'s): Swift prefers the
// `@Sendable` overloads above when the function is `@Sendable`; these answer otherwise and return
// plain functions.

/// Swaps the order of the two arguments of a curried function that is not `@Sendable`: `flip(f)(b)(a)`
/// is `f(a)(b)`.
///
/// ```swift
/// let divide: (Int) -> (Int) -> Int = { a in { b in a / b } }
/// flip(divide)(2)(10)   // 5
/// ```
/// - Parameter function: A curried function of two arguments.
/// - Returns: The same function taking its arguments in the other order, as a plain function.
@inlinable
@_disfavoredOverload
public func flip<First, Second, Output>(
    _ function: @escaping (First) -> (Second) -> Output
) -> (Second) -> (First) -> Output {
    { second in { first in function(first)(second) } }
}

/// `flip(Type.method)()` for a function that is not `@Sendable`: a function from an instance to the
/// method's result.
///
/// ```swift
/// let describe: (Int) -> () -> String = { n in { "#\(n)" } }
/// [1, 2].map(flip(describe)())   // ["#1", "#2"]
/// ```
/// - Parameter function: Any function returning a function without arguments.
/// - Returns: A function without arguments that returns the flipped function, both plain.
@inlinable
@_disfavoredOverload
public func flip<Value, Output>(
    _ function: @escaping (Value) -> () -> Output
) -> () -> (Value) -> Output {
    { { value in function(value)() } }
}

/// Swaps the two arguments of a function of two arguments that is not `@Sendable`.
///
/// ```swift
/// let subtract: (Int, Int) -> Int = { $0 - $1 }
/// flip(subtract)(1, 10)   // 9
/// ```
/// - Parameter function: A function of two arguments.
/// - Returns: A plain function taking the same arguments in the other order.
@inlinable
@_disfavoredOverload
public func flip<First, Second, Output>(
    _ function: @escaping (First, Second) -> Output
) -> (Second, First) -> Output {
    { second, first in function(first, second) }
}
