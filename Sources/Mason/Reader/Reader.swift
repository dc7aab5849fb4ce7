/// A computation that reads a shared environment: a wrapped function `(Environment) -> Output`.
///
/// A reader is a way to pass configuration (a base URL, a session, a clock) through a pipeline
/// without threading it by hand: build the pipeline from readers, then run the whole thing once
/// with the environment.
///
/// `Reader` is lazy: nothing runs until ``run(_:)`` (or its Funswift spelling `apply(_:)`) is
/// called, and every run calls the wrapped function again. It is always `Sendable`, because it
/// holds only a `@Sendable` function.
///
/// Stack: a chain of `flatMap`s runs in one loop, at any depth. `map`, `contraMap` and `local` call
/// the reader below them, as composed functions do, so a chain of about 100,000 of them (fewer in a
/// debug build) overflows the stack: write such a chain with `flatMap`.
///
/// ```swift
/// struct Config { var host: String; var port: Int }
///
/// let address = Reader<Config, String> { "\($0.host):\($0.port)" }
/// let url = address.map { "https://" + $0 }
/// url.run(Config(host: "example.com", port: 443))   // "https://example.com:443"
/// ```
public struct Reader<Environment, Output>: Sendable {
    @usableFromInline
    let computation: @Sendable (Environment) -> Output
    /// The program `computation` runs when the reader ends in a `flatMap`: what a `flatMap` after this
    /// one hands to the run loop instead of calling `computation` nested (see `BoundProgram`).
    @usableFromInline
    let bound: BoundProgram<Environment, Never>?

    /// Wraps a function of the environment.
    ///
    /// ```swift
    /// let port = Reader<[String: Int], Int?> { $0["port"] }
    /// port.run(["port": 8080])   // Optional(8080)
    /// ```
    /// - Parameter run: The function called, with the environment, on every run.
    @inlinable
    public init(_ run: @escaping @Sendable (Environment) -> Output) {
        self.computation = run
        self.bound = nil
    }

    /// A reader that runs `bound` in its loop.
    @inlinable
    init(bound: BoundProgram<Environment, Never>) {
        self.computation = { environment in bound.run(in: environment) as! Output }
        self.bound = bound
    }

    /// The reader as the program of a run loop, its output's type erased.
    @usableFromInline
    var erased: BoundProgram<Environment, Never>.Source {
        if let bound { return .bind(bound) }
        return .run(computation)
    }

    /// The reader as the next one for a run loop: run now if it has no `flatMap` (a stack its steps
    /// bound is enough for it), or else left to the loop.
    @usableFromInline
    func runUntilBound(in environment: Environment) -> BoundProgram<Environment, Never>.Next {
        if let bound { return .program(bound) }
        return .value(computation(environment))
    }

    /// Runs the reader with an environment.
    ///
    /// ```swift
    /// Reader<Int, String> { String($0 * 2) }.run(21)   // "42"
    /// ```
    /// - Parameter environment: The environment passed to the wrapped function.
    /// - Returns: The wrapped function's result.
    @inlinable
    public func run(_ environment: Environment) -> Output {
        computation(environment)
    }

    /// Runs the reader with an environment: Funswift's name for ``run(_:)``.
    ///
    /// Not to be confused with the free function `apply(_:_:)`, the named twin of `<*>`.
    ///
    /// ```swift
    /// Reader<Int, String> { String($0 * 2) }.apply(21)   // "42"
    /// ```
    /// - Parameter environment: The environment passed to the wrapped function.
    /// - Returns: The wrapped function's result.
    @inlinable
    public func apply(_ environment: Environment) -> Output {
        computation(environment)
    }
}

extension Reader {
    /// Transforms the output; `reader <&> transform` is its second spelling.
    ///
    /// Lazy: `transform` runs each time the new reader runs.
    ///
    /// ```swift
    /// let length = Reader<String, Int> { $0.count }
    /// length.map { $0 * 10 }.run("mason")   // 50
    /// ```
    /// - Parameter transform: The function applied to the output.
    /// - Returns: A reader with the same environment and the transformed output.
    @inlinable
    public func map<NewOutput>(
        _ transform: @escaping @Sendable (Output) -> NewOutput
    ) -> Reader<Environment, NewOutput> {
        guard let bound else {
            return Reader<Environment, NewOutput> { environment in transform(computation(environment)) }
        }
        let next = BoundProgram<Environment, Never>.Continuation.map { transform($0 as! Output) }
        return Reader<Environment, NewOutput>(bound: BoundProgram(.bind(bound), then: next))
    }

    /// Adapts the environment: the new reader converts its environment with `transform`, then runs
    /// this reader.
    ///
    /// This is how a reader that needs a part of a bigger environment joins a pipeline over the whole.
    /// `local(_:)` is its alias.
    ///
    /// ```swift
    /// struct App { var name: String }
    /// let greeting = Reader<String, String> { "Hello, " + $0 }
    /// greeting.contraMap { (app: App) in app.name }.run(App(name: "Mason"))   // "Hello, Mason"
    /// ```
    /// - Parameter transform: The function from the new environment to this reader's environment.
    /// - Returns: A reader over the new environment.
    @inlinable
    public func contraMap<NewEnvironment>(
        _ transform: @escaping @Sendable (NewEnvironment) -> Environment
    ) -> Reader<NewEnvironment, Output> {
        Reader<NewEnvironment, Output> { environment in computation(transform(environment)) }
    }

    /// Runs this reader in a modified environment: Haskell's name for `contraMap(_:)`.
    ///
    /// ```swift
    /// let port = Reader<Int, String> { "port \($0)" }
    /// port.local { $0 + 1 }.run(8079)   // "port 8080"
    /// ```
    /// - Parameter transform: The function from the new environment to this reader's environment.
    /// - Returns: A reader over the new environment.
    @inlinable
    public func local<NewEnvironment>(
        _ transform: @escaping @Sendable (NewEnvironment) -> Environment
    ) -> Reader<NewEnvironment, Output> {
        contraMap(transform)
    }

    /// Chains a reader that depends on this reader's output; both read the same environment.
    /// `reader >>- transform` is its second spelling.
    ///
    /// A loop can be written as recursion through `transform`, to any depth: what it returns runs as
    /// the next step of one loop, not nested in this one's run, so the stack does not grow with it.
    ///
    /// ```swift
    /// let base = Reader<Int, Int> { $0 + 1 }
    /// let chained = base.flatMap { output in Reader<Int, String> { "\(output) of \($0)" } }
    /// chained.run(9)   // "10 of 9"
    /// ```
    /// - Parameter transform: The function from the output to the next reader.
    /// - Returns: A reader that runs this reader, then the reader `transform` returns, with one environment.
    @inlinable
    public func flatMap<NewOutput>(
        _ transform: @escaping @Sendable (Output) -> Reader<Environment, NewOutput>
    ) -> Reader<Environment, NewOutput> {
        let next = BoundProgram<Environment, Never>.Continuation.flatMap { output, environment in
            transform(output as! Output).runUntilBound(in: environment)
        }
        return Reader<Environment, NewOutput>(bound: BoundProgram(erased, then: next))
    }
}

extension Reader where Output: Sendable {
    /// A reader that ignores its environment and returns `output`.
    ///
    /// ```swift
    /// Reader<String, Int>.pure(42).run("ignored")   // 42
    /// ```
    /// - Parameter output: The value every run returns. It is `Sendable` because the reader keeps it.
    /// - Returns: A constant reader.
    @inlinable
    public static func pure(_ output: Output) -> Reader<Environment, Output> {
        Reader { _ in output }
    }
}

extension Reader where Output == Environment {
    /// The reader whose output is the environment itself.
    ///
    /// Start here to read a field: `Reader<Config, Config>.ask.map(\.host)`.
    ///
    /// ```swift
    /// Reader<Int, Int>.ask.run(7)                    // 7
    /// Reader<String, String>.ask.map(\.count).run("abc")   // 3
    /// ```
    @inlinable
    public static var ask: Reader<Environment, Environment> {
        Reader { environment in environment }
    }
}

// Plain twins: `Reader` is `Sendable`, so it holds `@Sendable` functions. A function that is not goes
// in `sending` and runs of it take turns under a lock, as in `IO` (see `SerialFunction`); Swift
// prefers the `@Sendable` overloads above whenever the function is `@Sendable`.
extension Reader where Environment: Sendable, Output: Sendable {
    /// Wraps a function of the environment that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let address: (Config) -> String = { "\($0.host):\($0.port)" }
    /// Reader(address).run(Config(host: "example.com", port: 443))   // "example.com:443"
    /// ```
    /// - Parameter run: The function called on every run; the reader takes it over.
    @_disfavoredOverload
    public init(_ run: sending @escaping (Environment) -> Output) {
        let serial = SerialFunction(run)
        self.init { serial($0) }
    }

    /// ``map(_:)`` with a transformation that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let tenfold: (Int) -> Int = { $0 * 10 }
    /// Reader<String, Int> { $0.count }.map(tenfold).run("mason")   // 50
    /// ```
    /// - Parameter transform: The function applied to the output; the reader takes it over.
    /// - Returns: A reader with the same environment and the transformed output.
    @_disfavoredOverload
    public func map<NewOutput: Sendable>(
        _ transform: sending @escaping (Output) -> NewOutput
    ) -> Reader<Environment, NewOutput> {
        let serial = SerialFunction(transform)
        return map { serial($0) }
    }

    /// ``flatMap(_:)`` with a function that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let describe: (Int) -> Reader<Int, String> = { output in Reader { "\(output) of \($0)" } }
    /// Reader<Int, Int> { $0 + 1 }.flatMap(describe).run(9)   // "10 of 9"
    /// ```
    /// - Parameter transform: The function from the output to the next reader; the reader takes it over.
    /// - Returns: A reader that runs this reader, then the reader `transform` returns.
    @_disfavoredOverload
    public func flatMap<NewOutput>(
        _ transform: sending @escaping (Output) -> Reader<Environment, NewOutput>
    ) -> Reader<Environment, NewOutput> {
        let serial = SerialFunction(transform)
        return flatMap { serial($0) }
    }
}

extension Reader where Environment: Sendable {
    /// `contraMap` with a function that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let name: (App) -> String = { $0.name }
    /// Reader<String, String> { "Hello, " + $0 }.contraMap(name).run(App(name: "Mason"))   // "Hello, Mason"
    /// ```
    /// - Parameter transform: The function from the new environment to this reader's environment; the
    ///   reader takes it over.
    /// - Returns: A reader over the new environment.
    @_disfavoredOverload
    public func contraMap<NewEnvironment: Sendable>(
        _ transform: sending @escaping (NewEnvironment) -> Environment
    ) -> Reader<NewEnvironment, Output> {
        let serial = SerialFunction(transform)
        return contraMap { serial($0) }
    }

    /// `local` with a function that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let next: (Int) -> Int = { $0 + 1 }
    /// Reader<Int, String> { "port \($0)" }.local(next).run(8079)   // "port 8080"
    /// ```
    /// - Parameter transform: The function from the new environment to this reader's environment; the
    ///   reader takes it over.
    /// - Returns: A reader over the new environment.
    @_disfavoredOverload
    public func local<NewEnvironment: Sendable>(
        _ transform: sending @escaping (NewEnvironment) -> Environment
    ) -> Reader<NewEnvironment, Output> {
        contraMap(transform)
    }
}
