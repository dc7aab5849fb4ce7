// swift-format-ignore-file
// (the curried signatures and nested closures are laid out by arity, by hand)
// Currying for 2…6 arguments.
//
// These are the one place in Mason where arities are written out by hand. A parameter pack can stand for
// a list of parameters, `(repeat each Input) -> Output`, but not for the nested function type that
// currying produces, `(First) -> (Second) -> … -> Output`: a pack cannot be folded into a chain of
// function types. Funswift went to 8; past 6 arguments a function is better served by a struct.
//
// The curried functions are `@Sendable`, so every argument but the last, which they capture, must be
// `Sendable`. Every arity of `curry` and of `uncurry` has a plain twin, marked `@_disfavoredOverload`,
// for a function that is not `@Sendable`: it returns plain functions and asks nothing to be `Sendable`.
// Swift takes the `@Sendable` form whenever the function is `@Sendable`.

/// Turns a function of 2 arguments into a chain of 2 functions of one argument each.
///
/// `curry(f)(a)(b)…` is `f(a, b, …)`. Currying lets you supply arguments one at a time: to `map`, to
/// `<*>` (`Optional.pure(curry(f)) <*> a <*> b`), or to `flip`, as in
/// `flip(curry(URLRequest.init(url:cachePolicy:timeoutInterval:)))`. Initializers, static methods and
/// functions can be passed by name; give the type when the name is overloaded or generic:
/// `curry(Int.init(_:radix:) as @Sendable (String, Int) -> Int?)`.
///
/// ```swift
/// let add = curry { (a: Int, b: Int) in a + b }
/// add(1)(2)   // 3
/// ```
/// - Parameter function: A function of 2 arguments.
/// - Returns: The curried function; every function in the chain is `@Sendable`.
@inlinable
public func curry<First: Sendable, Second, Output>(
    _ function: @escaping @Sendable (First, Second) -> Output
) -> @Sendable (First) -> @Sendable (Second) -> Output {
    { first in { second in function(first, second) } }
}

/// Curries a function of 2 arguments that is not `@Sendable`: `curry(f)(a)(b)` is `f(a, b)`, and
/// every function in the chain is a plain function.
///
/// ```swift
/// let log = Log()                                    // a class that is not Sendable
/// let add: (Int, Int) -> Int = { log.append($0); return $0 + $1 }
/// curry(add)(1)(2)   // 3
/// ```
/// - Parameter function: A function of 2 arguments.
/// - Returns: The curried function, as plain functions.
@inlinable
@_disfavoredOverload
public func curry<First, Second, Output>(
    _ function: @escaping (First, Second) -> Output
) -> (First) -> (Second) -> Output {
    { first in { second in function(first, second) } }
}

/// Turns a function of 3 arguments into a chain of 3 functions of one argument each.
///
/// `curry(f)(a)(b)…` is `f(a, b, …)`. Currying lets you supply arguments one at a time: to `map`, to
/// `<*>` (`Optional.pure(curry(f)) <*> a <*> b`), or to `flip`, as in
/// `flip(curry(URLRequest.init(url:cachePolicy:timeoutInterval:)))`. Initializers, static methods and
/// functions can be passed by name; give the type when the name is overloaded or generic:
/// `curry(Int.init(_:radix:) as @Sendable (String, Int) -> Int?)`.
///
/// ```swift
/// let clamp = curry { (low: Int, high: Int, n: Int) in min(max(n, low), high) }
/// clamp(0)(10)(42)   // 10
/// ```
/// - Parameter function: A function of 3 arguments.
/// - Returns: The curried function; every function in the chain is `@Sendable`.
@inlinable
public func curry<First: Sendable, Second: Sendable, Third, Output>(
    _ function: @escaping @Sendable (First, Second, Third) -> Output
) -> @Sendable (First) -> @Sendable (Second) -> @Sendable (Third) -> Output {
    { first in { second in { third in function(first, second, third) } } }
}

/// Curries a function of 3 arguments that is not `@Sendable`: `curry(f)(a)(b)…` is `f(a, b, …)`, and
/// every function in the chain is a plain function.
///
/// ```swift
/// let log = Log()                                    // a class that is not Sendable
/// let clamp: (Int, Int, Int) -> Int = { low, high, n in log.append(n); return min(max(n, low), high) }
/// curry(clamp)(0)(10)(42)   // 10
/// ```
/// - Parameter function: A function of 3 arguments.
/// - Returns: The curried function, as plain functions.
@inlinable
@_disfavoredOverload
public func curry<First, Second, Third, Output>(
    _ function: @escaping (First, Second, Third) -> Output
) -> (First) -> (Second) -> (Third) -> Output {
    { first in { second in { third in function(first, second, third) } } }
}

/// Turns a function of 4 arguments into a chain of 4 functions of one argument each.
///
/// `curry(f)(a)(b)…` is `f(a, b, …)`. Currying lets you supply arguments one at a time: to `map`, to
/// `<*>` (`Optional.pure(curry(f)) <*> a <*> b`), or to `flip`, as in
/// `flip(curry(URLRequest.init(url:cachePolicy:timeoutInterval:)))`. Initializers, static methods and
/// functions can be passed by name; give the type when the name is overloaded or generic:
/// `curry(Int.init(_:radix:) as @Sendable (String, Int) -> Int?)`.
///
/// ```swift
/// let sum = curry { (a: Int, b: Int, c: Int, d: Int) in a + b + c + d }
/// sum(1)(2)(3)(4)   // 10
/// ```
/// - Parameter function: A function of 4 arguments.
/// - Returns: The curried function; every function in the chain is `@Sendable`.
@inlinable
public func curry<First: Sendable, Second: Sendable, Third: Sendable, Fourth, Output>(
    _ function: @escaping @Sendable (First, Second, Third, Fourth) -> Output
) -> @Sendable (First) -> @Sendable (Second) -> @Sendable (Third) -> @Sendable (Fourth) -> Output {
    { first in { second in { third in { fourth in function(first, second, third, fourth) } } } }
}

/// Curries a function of 4 arguments that is not `@Sendable`: `curry(f)(a)(b)…` is `f(a, b, …)`, and
/// every function in the chain is a plain function.
///
/// ```swift
/// let log = Log()                                    // a class that is not Sendable
/// let sum: (Int, Int, Int, Int) -> Int = { log.append($0); return $0 + $1 + $2 + $3 }
/// curry(sum)(1)(2)(3)(4)   // 10
/// ```
/// - Parameter function: A function of 4 arguments.
/// - Returns: The curried function, as plain functions.
@inlinable
@_disfavoredOverload
public func curry<First, Second, Third, Fourth, Output>(
    _ function: @escaping (First, Second, Third, Fourth) -> Output
) -> (First) -> (Second) -> (Third) -> (Fourth) -> Output {
    { first in { second in { third in { fourth in function(first, second, third, fourth) } } } }
}

/// Turns a function of 5 arguments into a chain of 5 functions of one argument each.
///
/// `curry(f)(a)(b)…` is `f(a, b, …)`. Currying lets you supply arguments one at a time: to `map`, to
/// `<*>` (`Optional.pure(curry(f)) <*> a <*> b`), or to `flip`, as in
/// `flip(curry(URLRequest.init(url:cachePolicy:timeoutInterval:)))`. Initializers, static methods and
/// functions can be passed by name; give the type when the name is overloaded or generic:
/// `curry(Int.init(_:radix:) as @Sendable (String, Int) -> Int?)`.
///
/// ```swift
/// let join = curry { (a: String, b: String, c: String, d: String, e: String) in a + b + c + d + e }
/// join("m")("a")("s")("o")("n")   // "mason"
/// ```
/// - Parameter function: A function of 5 arguments.
/// - Returns: The curried function; every function in the chain is `@Sendable`.
@inlinable
public func curry<First: Sendable, Second: Sendable, Third: Sendable, Fourth: Sendable, Fifth, Output>(
    _ function: @escaping @Sendable (First, Second, Third, Fourth, Fifth) -> Output
) -> @Sendable (First) -> @Sendable (Second) -> @Sendable (Third) -> @Sendable (Fourth) -> @Sendable (Fifth) -> Output {
    { first in { second in { third in { fourth in { fifth in function(first, second, third, fourth, fifth) } } } } }
}

/// Curries a function of 5 arguments that is not `@Sendable`: `curry(f)(a)(b)…` is `f(a, b, …)`, and
/// every function in the chain is a plain function.
///
/// ```swift
/// let log = Log()                                    // a class that is not Sendable
/// let join: (String, String, String, String, String) -> String = { log.append($0); return $0 + $1 + $2 + $3 + $4 }
/// curry(join)("m")("a")("s")("o")("n")   // "mason"
/// ```
/// - Parameter function: A function of 5 arguments.
/// - Returns: The curried function, as plain functions.
@inlinable
@_disfavoredOverload
public func curry<First, Second, Third, Fourth, Fifth, Output>(
    _ function: @escaping (First, Second, Third, Fourth, Fifth) -> Output
) -> (First) -> (Second) -> (Third) -> (Fourth) -> (Fifth) -> Output {
    { first in { second in { third in { fourth in { fifth in function(first, second, third, fourth, fifth) } } } } }
}

/// Turns a function of 6 arguments into a chain of 6 functions of one argument each.
///
/// `curry(f)(a)(b)…` is `f(a, b, …)`. Currying lets you supply arguments one at a time: to `map`, to
/// `<*>` (`Optional.pure(curry(f)) <*> a <*> b`), or to `flip`, as in
/// `flip(curry(URLRequest.init(url:cachePolicy:timeoutInterval:)))`. Initializers, static methods and
/// functions can be passed by name; give the type when the name is overloaded or generic:
/// `curry(Int.init(_:radix:) as @Sendable (String, Int) -> Int?)`.
///
/// ```swift
/// let sum = curry { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) in a + b + c + d + e + f }
/// sum(1)(2)(3)(4)(5)(6)   // 21
/// ```
/// - Parameter function: A function of 6 arguments.
/// - Returns: The curried function; every function in the chain is `@Sendable`.
@inlinable
public func curry<
    First: Sendable, Second: Sendable, Third: Sendable, Fourth: Sendable, Fifth: Sendable, Sixth, Output
>(
    _ function: @escaping @Sendable (First, Second, Third, Fourth, Fifth, Sixth) -> Output
) -> @Sendable (First) -> @Sendable (Second) -> @Sendable (Third) -> @Sendable (Fourth) -> @Sendable (Fifth)
    -> @Sendable (Sixth) -> Output
{
    { first in { second in { third in { fourth in { fifth in { sixth in
        function(first, second, third, fourth, fifth, sixth)
    } } } } } }
}

/// Curries a function of 6 arguments that is not `@Sendable`: `curry(f)(a)(b)…` is `f(a, b, …)`, and
/// every function in the chain is a plain function.
///
/// ```swift
/// let log = Log()                                    // a class that is not Sendable
/// let sum: (Int, Int, Int, Int, Int, Int) -> Int = { log.append($0); return $0 + $1 + $2 + $3 + $4 + $5 }
/// curry(sum)(1)(2)(3)(4)(5)(6)   // 21
/// ```
/// - Parameter function: A function of 6 arguments.
/// - Returns: The curried function, as plain functions.
@inlinable
@_disfavoredOverload
public func curry<First, Second, Third, Fourth, Fifth, Sixth, Output>(
    _ function: @escaping (First, Second, Third, Fourth, Fifth, Sixth) -> Output
) -> (First) -> (Second) -> (Third) -> (Fourth) -> (Fifth) -> (Sixth) -> Output {
    { first in { second in { third in { fourth in { fifth in { sixth in
        function(first, second, third, fourth, fifth, sixth)
    } } } } } }
}

/// Turns a chain of 2 one-argument functions back into one function of 2 arguments.
///
/// `uncurry(f)(a, b, …)` is `f(a)(b)…`, and `uncurry(curry(f))` behaves like `f`. Unapplied instance
/// methods are curried already (`String.hasPrefix` is `(String) -> (String) -> Bool`), so `uncurry`
/// turns a method into a plain function of the instance and the method's arguments.
///
/// ```swift
/// let add = uncurry { (a: Int) in { (b: Int) in a + b } }
/// add(1, 2)   // 3
/// ```
/// - Parameter function: A chain of 2 functions of one argument.
/// - Returns: A `@Sendable` function of 2 arguments.
@inlinable
public func uncurry<First, Second, Output>(
    _ function: @escaping @Sendable (First) -> (Second) -> Output
) -> @Sendable (First, Second) -> Output {
    { first, second in function(first)(second) }
}

/// Uncurries a chain of 2 one-argument functions that is not `@Sendable`: `uncurry(f)(a, b, …)` is
/// `f(a)(b)…`, as a plain function.
///
/// ```swift
/// let log = Log()                                    // a class that is not Sendable
/// let add: (Int) -> (Int) -> Int = { a in log.append(a); return { b in a + b } }
/// uncurry(add)(1, 2)   // 3
/// ```
/// - Parameter function: A chain of 2 functions of one argument.
/// - Returns: A plain function of 2 arguments.
@inlinable
@_disfavoredOverload
public func uncurry<First, Second, Output>(
    _ function: @escaping (First) -> (Second) -> Output
) -> (First, Second) -> Output {
    { first, second in function(first)(second) }
}

/// Turns a chain of 3 one-argument functions back into one function of 3 arguments.
///
/// `uncurry(f)(a, b, …)` is `f(a)(b)…`, and `uncurry(curry(f))` behaves like `f`. Unapplied instance
/// methods are curried already (`String.hasPrefix` is `(String) -> (String) -> Bool`), so `uncurry`
/// turns a method into a plain function of the instance and the method's arguments.
///
/// ```swift
/// let sum = uncurry { (a: Int) in { (b: Int) in { (c: Int) in a + b + c } } }
/// sum(1, 2, 3)   // 6
/// ```
/// - Parameter function: A chain of 3 functions of one argument.
/// - Returns: A `@Sendable` function of 3 arguments.
@inlinable
public func uncurry<First, Second, Third, Output>(
    _ function: @escaping @Sendable (First) -> (Second) -> (Third) -> Output
) -> @Sendable (First, Second, Third) -> Output {
    { first, second, third in function(first)(second)(third) }
}

/// Uncurries a chain of 3 one-argument functions that is not `@Sendable`: `uncurry(f)(a, b, …)` is
/// `f(a)(b)…`, as a plain function.
///
/// ```swift
/// let log = Log()                                    // a class that is not Sendable
/// let sum: (Int) -> (Int) -> (Int) -> Int = { a in log.append(a); return { b in { c in a + b + c } } }
/// uncurry(sum)(1, 2, 3)   // 6
/// ```
/// - Parameter function: A chain of 3 functions of one argument.
/// - Returns: A plain function of 3 arguments.
@inlinable
@_disfavoredOverload
public func uncurry<First, Second, Third, Output>(
    _ function: @escaping (First) -> (Second) -> (Third) -> Output
) -> (First, Second, Third) -> Output {
    { first, second, third in function(first)(second)(third) }
}

/// Turns a chain of 4 one-argument functions back into one function of 4 arguments.
///
/// `uncurry(f)(a, b, …)` is `f(a)(b)…`, and `uncurry(curry(f))` behaves like `f`. Unapplied instance
/// methods are curried already (`String.hasPrefix` is `(String) -> (String) -> Bool`), so `uncurry`
/// turns a method into a plain function of the instance and the method's arguments.
///
/// ```swift
/// let sum = uncurry(curry { (a: Int, b: Int, c: Int, d: Int) in a + b + c + d })
/// sum(1, 2, 3, 4)   // 10
/// ```
/// - Parameter function: A chain of 4 functions of one argument.
/// - Returns: A `@Sendable` function of 4 arguments.
@inlinable
public func uncurry<First, Second, Third, Fourth, Output>(
    _ function: @escaping @Sendable (First) -> (Second) -> (Third) -> (Fourth) -> Output
) -> @Sendable (First, Second, Third, Fourth) -> Output {
    { first, second, third, fourth in function(first)(second)(third)(fourth) }
}

/// Uncurries a chain of 4 one-argument functions that is not `@Sendable`: `uncurry(f)(a, b, …)` is
/// `f(a)(b)…`, as a plain function.
///
/// ```swift
/// let log = Log()                                    // a class that is not Sendable
/// let sum: (Int) -> (Int) -> (Int) -> (Int) -> Int = { a in
///     log.append(a); return { b in { c in { d in a + b + c + d } } }
/// }
/// uncurry(sum)(1, 2, 3, 4)   // 10
/// ```
/// - Parameter function: A chain of 4 functions of one argument.
/// - Returns: A plain function of 4 arguments.
@inlinable
@_disfavoredOverload
public func uncurry<First, Second, Third, Fourth, Output>(
    _ function: @escaping (First) -> (Second) -> (Third) -> (Fourth) -> Output
) -> (First, Second, Third, Fourth) -> Output {
    { first, second, third, fourth in function(first)(second)(third)(fourth) }
}

/// Turns a chain of 5 one-argument functions back into one function of 5 arguments.
///
/// `uncurry(f)(a, b, …)` is `f(a)(b)…`, and `uncurry(curry(f))` behaves like `f`. Unapplied instance
/// methods are curried already (`String.hasPrefix` is `(String) -> (String) -> Bool`), so `uncurry`
/// turns a method into a plain function of the instance and the method's arguments.
///
/// ```swift
/// let join = uncurry(curry { (a: String, b: String, c: String, d: String, e: String) in a + b + c + d + e })
/// join("m", "a", "s", "o", "n")   // "mason"
/// ```
/// - Parameter function: A chain of 5 functions of one argument.
/// - Returns: A `@Sendable` function of 5 arguments.
@inlinable
public func uncurry<First, Second, Third, Fourth, Fifth, Output>(
    _ function: @escaping @Sendable (First) -> (Second) -> (Third) -> (Fourth) -> (Fifth) -> Output
) -> @Sendable (First, Second, Third, Fourth, Fifth) -> Output {
    { first, second, third, fourth, fifth in function(first)(second)(third)(fourth)(fifth) }
}

/// Uncurries a chain of 5 one-argument functions that is not `@Sendable`: `uncurry(f)(a, b, …)` is
/// `f(a)(b)…`, as a plain function.
///
/// ```swift
/// let log = Log()                                    // a class that is not Sendable
/// let join: (String, String, String, String, String) -> String = { log.append($0); return $0 + $1 + $2 + $3 + $4 }
/// uncurry(curry(join))("m", "a", "s", "o", "n")   // "mason"
/// ```
/// - Parameter function: A chain of 5 functions of one argument.
/// - Returns: A plain function of 5 arguments.
@inlinable
@_disfavoredOverload
public func uncurry<First, Second, Third, Fourth, Fifth, Output>(
    _ function: @escaping (First) -> (Second) -> (Third) -> (Fourth) -> (Fifth) -> Output
) -> (First, Second, Third, Fourth, Fifth) -> Output {
    { first, second, third, fourth, fifth in function(first)(second)(third)(fourth)(fifth) }
}

/// Turns a chain of 6 one-argument functions back into one function of 6 arguments.
///
/// `uncurry(f)(a, b, …)` is `f(a)(b)…`, and `uncurry(curry(f))` behaves like `f`. Unapplied instance
/// methods are curried already (`String.hasPrefix` is `(String) -> (String) -> Bool`), so `uncurry`
/// turns a method into a plain function of the instance and the method's arguments.
///
/// ```swift
/// let sum = uncurry(curry { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) in a + b + c + d + e + f })
/// sum(1, 2, 3, 4, 5, 6)   // 21
/// ```
/// - Parameter function: A chain of 6 functions of one argument.
/// - Returns: A `@Sendable` function of 6 arguments.
@inlinable
public func uncurry<First, Second, Third, Fourth, Fifth, Sixth, Output>(
    _ function: @escaping @Sendable (First) -> (Second) -> (Third) -> (Fourth) -> (Fifth) -> (Sixth) -> Output
) -> @Sendable (First, Second, Third, Fourth, Fifth, Sixth) -> Output {
    { first, second, third, fourth, fifth, sixth in function(first)(second)(third)(fourth)(fifth)(sixth) }
}

/// Uncurries a chain of 6 one-argument functions that is not `@Sendable`: `uncurry(f)(a, b, …)` is
/// `f(a)(b)…`, as a plain function.
///
/// ```swift
/// let log = Log()                                    // a class that is not Sendable
/// let sum: (Int, Int, Int, Int, Int, Int) -> Int = { log.append($0); return $0 + $1 + $2 + $3 + $4 + $5 }
/// uncurry(curry(sum))(1, 2, 3, 4, 5, 6)   // 21
/// ```
/// - Parameter function: A chain of 6 functions of one argument.
/// - Returns: A plain function of 6 arguments.
@inlinable
@_disfavoredOverload
public func uncurry<First, Second, Third, Fourth, Fifth, Sixth, Output>(
    _ function: @escaping (First) -> (Second) -> (Third) -> (Fourth) -> (Fifth) -> (Sixth) -> Output
) -> (First, Second, Third, Fourth, Fifth, Sixth) -> Output {
    { first, second, third, fourth, fifth, sixth in function(first)(second)(third)(fourth)(fifth)(sixth) }
}
