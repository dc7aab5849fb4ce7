/// Combines any number of readers into one reader of a tuple; every reader gets the same environment.
///
/// The readers run left to right. Lazy: nothing runs until the result runs.
///
/// ```swift
/// let host = Reader<[String: String], String> { $0["host"] ?? "localhost" }
/// let port = Reader<[String: String], Int> { Int($0["port"] ?? "") ?? 80 }
/// let secure = Reader<[String: String], Bool> { $0["tls"] == "on" }
/// zip(host, port, secure).run(["host": "example.com", "tls": "on"])   // ("example.com", 80, true)
/// ```
/// - Parameter readers: The readers, of any arity.
/// - Returns: A reader of the tuple of their outputs.
@inlinable
public func zip<Environment, each Output>(
    _ readers: repeat Reader<Environment, each Output>
) -> Reader<Environment, (repeat each Output)> {
    Reader { environment in (repeat (each readers).run(environment)) }
}

/// Combines any number of readers with a function of their outputs; every reader gets the same
/// environment.
///
/// ```swift
/// let host = Reader<(String, Int), String> { $0.0 }
/// let port = Reader<(String, Int), Int> { $0.1 }
/// zip(with: { "\($0):\($1)" }, host, port).run(("example.com", 443))   // "example.com:443"
/// ```
/// - Parameters:
///   - transform: The function that combines the outputs.
///   - readers: The readers, of any arity; they run left to right.
/// - Returns: A reader of `transform`'s result.
@inlinable
public func zip<Environment, each Output, Combined>(
    with transform: @escaping @Sendable (repeat each Output) -> Combined,
    _ readers: repeat Reader<Environment, each Output>
) -> Reader<Environment, Combined> {
    Reader { environment in transform(repeat (each readers).run(environment)) }
}
