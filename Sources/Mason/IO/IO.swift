/// A lazy, synchronous effect: a description of work that produces a `Value` when run.
///
/// Nothing happens when an `IO` is created, mapped or composed; the work runs each time
/// ``unsafeRun()`` is called, on the calling thread. The name says "unsafe" because running an
/// effect is the one impure step — do it at the edge of your program.
///
/// ```swift
/// let readCount = IO { counter.increment() }   // nothing has run yet
///     .map { "count: \($0)" }
/// readCount.unsafeRun()   // "count: 1"
/// readCount.unsafeRun()   // "count: 2" — each run runs the effect again
/// ```
///
/// `IO` is `Sendable`: it holds only a `@Sendable` closure. It has no cancellation; for
/// asynchronous, cancellable work use `Deferred`.
public struct IO<Value>: Sendable {
    /// What a run does: the work and its steps.
    @usableFromInline
    let program: IOProgram<Value>
    /// How many steps the program nests as closures.
    @usableFromInline
    let depth: Int

    /// How many steps an effect nests as closures before it freezes them into a segment.
    @usableFromInline
    static var segmentDepth: Int { 256 }

    @usableFromInline
    init(program: IOProgram<Value>, depth: Int) {
        self.program = program
        self.depth = depth
    }

    /// Creates an effect that runs `work` each time it is run.
    ///
    /// ```swift
    /// let now = IO { ContinuousClock.now }
    /// ```
    /// - Parameter work: The work to describe; it does not run now.
    @inlinable
    public init(_ work: @escaping @Sendable () -> Value) {
        self.init(program: .compact(work), depth: 0)
    }

    /// Runs the effect on the calling thread and returns its value.
    ///
    /// ```swift
    /// IO.pure(42).unsafeRun()   // 42
    /// ```
    /// - Returns: The value the work produces; each call runs the work again.
    /// - Complexity: Runs in a bounded stack any number of `map`/`flatMap` steps appended to one effect
    ///   (a million), and recursion through `flatMap`'s transform to any depth: a loop written as
    ///   `countDown(n)` returning `IO { n }.flatMap { $0 == 0 ? .pure(0) : countDown($0 - 1) }` runs a
    ///   million levels; the continuations still to come wait on the heap, not the stack.
    @inlinable
    public func unsafeRun() -> Value {
        switch program {
        case .compact(let run):
            return run()
        case .erased(let head, let frozen, let last):
            var value = head()
            if let frozen {
                for step in frozen.stepsInOrder() {
                    value = step(value)
                }
            }
            return last(value)
        case .bound(let bind):
            return bind.run(in: ()) as! Value
        }
    }

    /// The program with its value's type erased, for a bound program's run loop.
    @usableFromInline
    var erased: IOBind.Source {
        switch program {
        case .compact(let run): .run { _ in run() }
        case .erased: .run { _ in unsafeRun() }
        case .bound(let bind): .bind(bind)
        }
    }

    /// The program as the next one for a bound program's run loop, run now if it has no `flatMap` (a
    /// stack its steps bound is enough for it) or else left to the loop.
    @usableFromInline
    func runUntilBound() -> IOBind.Next {
        switch program {
        case .compact(let run): .value(run())
        case .erased: .value(unsafeRun())
        case .bound(let bind): .program(bind)
        }
    }

    /// Adds a step at the end of the program, freezing the nested steps when they get deep.
    @usableFromInline
    func appending<NewValue>(_ step: @escaping @Sendable (Value) -> NewValue) -> IO<NewValue> {
        switch program {
        case .compact(let run) where depth < Self.segmentDepth:
            return IO<NewValue>(program: .compact { step(run()) }, depth: depth + 1)
        case .compact(let run):
            // Too deep to nest more: the nested closure becomes the erased head.
            return IO<NewValue>(
                program: .erased(head: { run() }, frozen: nil, last: { step($0 as! Value) }), depth: 1
            )
        case .erased(let head, let frozen, let last) where depth < Self.segmentDepth:
            return IO<NewValue>(
                program: .erased(head: head, frozen: frozen, last: { step(last($0)) }), depth: depth + 1)
        case .erased(let head, let frozen, let last):
            let segment = Segment<@Sendable (Any) -> Any>(step: { last($0) }, previous: frozen)
            return IO<NewValue>(program: .erased(head: head, frozen: segment, last: { step($0 as! Value) }), depth: 1)
        case .bound(let bind):
            return IO<NewValue>(program: .bound(IOBind(.bind(bind), then: .map { step($0 as! Value) })), depth: 0)
        }
    }
}

/// What an effect runs.
///
/// Work and its first steps nest in one typed closure, so that no value is boxed as `Any` and cast
/// back on the way; once the steps get deep (`segmentDepth` of them), that closure becomes the erased
/// head of a program whose older steps freeze into segments run in a loop, which keeps a chain of any
/// length appended to one effect within a bounded stack. A `flatMap` makes the program a bound one:
/// the effect its transform returns is the next program of a run loop, not a nested call, so recursion
/// through that transform runs in a bounded stack too.
@usableFromInline
enum IOProgram<Value>: Sendable {
    /// Work and every step after it, as one closure.
    case compact(@Sendable () -> Value)
    /// The erased head (the first 256 steps' closure), the frozen steps after it, and the newest steps
    /// as nested typed closures.
    case erased(head: @Sendable () -> Any, frozen: Segment<@Sendable (Any) -> Any>?, last: @Sendable (Any) -> Value)
    /// A program ending in a `flatMap` (and any steps after it), run by its run loop.
    case bound(IOBind)
}

/// The bound program of an effect: no context, nothing thrown.
@usableFromInline
typealias IOBind = BoundProgram<Void, Never>

extension IO where Value: Sendable {
    /// An effect that produces `value` without doing any work.
    ///
    /// ```swift
    /// IO.pure("mason").unsafeRun()   // "mason"
    /// ```
    /// - Parameter value: The value to produce.
    /// - Returns: An effect that always produces `value`.
    @inlinable
    public static func pure(_ value: Value) -> IO {
        IO { value }
    }
}

extension IO {
    /// Transforms the value the effect produces; lazy, like the effect. `io <&> f` is its second spelling.
    ///
    /// ```swift
    /// IO.pure(20).map { $0 + 1 }.unsafeRun()   // 21
    /// ```
    /// - Parameter transform: Applied to the value on each run.
    /// - Returns: A new effect.
    @inlinable
    public func map<NewValue>(_ transform: @escaping @Sendable (Value) -> NewValue) -> IO<NewValue> {
        appending(transform)
    }

    /// Chains an effect that depends on this one's value; lazy. `io >>- f` is its second spelling.
    ///
    /// A loop can be written as recursion through `transform`, to any depth: the effect it returns runs
    /// as the next step of one loop, not nested in this one's run.
    ///
    /// ```swift
    /// let greeting = IO.pure("Ada").flatMap { name in IO { "Hello, \(name)" } }
    /// greeting.unsafeRun()   // "Hello, Ada"
    ///
    /// func countDown(_ n: Int) -> IO<Int> {
    ///     IO { n }.flatMap { $0 == 0 ? .pure(0) : countDown($0 - 1) }
    /// }
    /// countDown(1_000_000).unsafeRun()   // 0, in a bounded stack
    /// ```
    /// - Parameter transform: Builds the next effect from this one's value, on each run.
    /// - Returns: An effect that runs this one, then the one `transform` returns.
    @inlinable
    public func flatMap<NewValue>(_ transform: @escaping @Sendable (Value) -> IO<NewValue>) -> IO<NewValue> {
        flatMapNext { transform($0).runUntilBound() }
    }

    /// This effect, then what `next` makes of its value: a value (as a `NewValue`) or the next program,
    /// for the run loop. `flatMap` and the transformers' `flatMapT` (whose skipped case is a value, not
    /// an effect that would have to capture it) are this.
    @inlinable
    func flatMapNext<NewValue>(_ next: @escaping @Sendable (Value) -> IOBind.Next) -> IO<NewValue> {
        let continuation = IOBind.Continuation.flatMap { value, _ in next(value as! Value) }
        return IO<NewValue>(program: .bound(IOBind(erased, then: continuation)), depth: 0)
    }
}

// Plain twins: `IO` is `Sendable`, so it holds `@Sendable` closures. A closure that is not — one that
// captures a non-Sendable object, or a `let f: (A) -> IO<B>` declared without the attribute — goes
// in `sending` (the caller gives it up) and is called under a lock, one run at a time (see
// `SerialFunction`). Swift prefers the `@Sendable` overloads above whenever the closure is
// `@Sendable`, so only these closures pay for the lock.
extension IO where Value: Sendable {
    /// Creates an effect from work that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let log = Log()                         // a class that is not Sendable
    /// let count: () -> Int = { log.count }
    /// let size = IO(count)                    // `count` is given up to the effect
    /// ```
    /// - Parameter work: The work to describe; the effect takes it over, and it does not run now.
    @_disfavoredOverload
    public init(_ work: sending @escaping () -> Value) {
        let serial = SerialFunction<Void, Value> { work() }
        self.init { serial(()) }
    }

    /// ``map(_:)`` with a transformation that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let describe: (Int) -> String = { "count: \($0)" }
    /// IO.pure(3).map(describe).unsafeRun()   // "count: 3"
    /// ```
    /// - Parameter transform: Applied to the value on each run; the effect takes it over.
    /// - Returns: A new effect.
    @_disfavoredOverload
    public func map<NewValue: Sendable>(_ transform: sending @escaping (Value) -> NewValue) -> IO<NewValue> {
        let serial = SerialFunction(transform)
        return map { serial($0) }
    }

    /// ``flatMap(_:)`` with a function that is not `@Sendable`, such as FunNetworking's
    /// `let fetchHostInfo: (Either<Error, Host>) -> IO<Either<Error, IpInfo>>`; runs of it take turns.
    ///
    /// ```swift
    /// let greet: (String) -> IO<String> = { name in IO { "Hello, \(name)" } }
    /// IO.pure("Ada").flatMap(greet).unsafeRun()   // "Hello, Ada"
    /// ```
    /// - Parameter transform: Builds the next effect on each run; the effect takes it over.
    /// - Returns: An effect that runs this one, then the one `transform` returns.
    @_disfavoredOverload
    public func flatMap<NewValue>(_ transform: sending @escaping (Value) -> IO<NewValue>) -> IO<NewValue> {
        let serial = SerialFunction(transform)
        return flatMap { serial($0) }
    }
}
