/// A lazy, cold, cancellable asynchronous effect: a description of work that produces a `Value`.
///
/// Nothing runs when a deferred is created, mapped or combined. Each ``run(_:)`` (the seed's
/// callback form), `await` ``value`` or `try await` ``run()`` runs the work again.
///
/// ```swift
/// let greeting = Deferred { await fetchName() }   // nothing has run yet
///     .map { "Hello, \($0)" }
/// greeting.run { print($0) }                       // runs now; prints "Hello, Ada"
/// let again = await greeting.value                 // runs again
/// ```
///
/// **Cancellation is real.** ``cancel()`` (the seed's API), cancelling a ``DeferredRun`` and Swift
/// `Task` cancellation all cancel the Swift task that executes the work, so the work stops where it
/// can observe cancellation (a clock's sleep throws, a URL task is cancelled, children of `zip` are
/// cancelled). `map` and `flatMap` keep cancellation: cancelling a deferred cancels every run in
/// flight of it and of the deferreds made from it with `map`/`flatMap`, as in Funswift.
/// A cancelled ``run(_:)`` completes at most once and never delivers a value produced after the
/// cancel; see ``run(_:)`` for what its callback receives.
///
/// `Deferred` is `Sendable`: it holds only `@Sendable` closures.
public struct Deferred<Value>: Sendable {
    /// What a run does: the work and its steps.
    @usableFromInline
    let program: DeferredProgram<Value>
    /// How many steps the program nests as closures.
    @usableFromInline
    let depth: Int
    /// The runs in flight of this deferred's family.
    @usableFromInline
    let scope: CancellationScope

    /// How many steps a deferred nests as closures before it freezes them into a segment.
    @usableFromInline
    static var segmentDepth: Int { 256 }

    @usableFromInline
    init(program: DeferredProgram<Value>, depth: Int, scope: CancellationScope) {
        self.program = program
        self.depth = depth
        self.scope = scope
    }

    /// Creates a deferred from asynchronous work; the work runs on each run, never now.
    ///
    /// The work runs in a Swift task that is cancelled when the run is: check `Task.isCancelled`,
    /// or sleep on a clock, to stop early.
    ///
    /// ```swift
    /// let answer = Deferred { () async -> Int in
    ///     try? await Task.sleep(for: .milliseconds(10))
    ///     return 42
    /// }
    /// await answer.value   // 42
    /// ```
    /// - Parameter work: The work to describe.
    @inlinable
    public init(_ work: @escaping @Sendable () async -> Value) {
        self.init(program: .compact(work), depth: 0, scope: CancellationScope())
    }

    /// The value of a deferred made by `pure` with no steps after it: known without running anything,
    /// so combinators such as `traverse` need no task for it.
    var readyValue: Value? {
        guard case .erased(.value(let value), nil, nil) = program else { return nil }
        return value as? Value
    }

    /// Runs the whole program in the current task, with its work registered in ``scope`` so that
    /// ``cancel()`` reaches it however the program was started.
    ///
    /// Work always shares this deferred's scope: steps appended to a deferred keep its scope
    /// (`forDerivedDeferred` makes a new one only for a `pure` value, which has no work to register).
    @inlinable
    func execute() async -> Value {
        await execute(registered: false)
    }

    /// Runs the whole program in the current task; `registered` says the caller has already registered
    /// the current task (or its run) in ``scope`` for the whole run, as ``value`` and ``run(_:)`` do,
    /// so the program need not register again.
    @inlinable
    func execute(registered: Bool) async -> Value {
        switch program {
        case .compact(let run):
            return registered ? await run() : await scope.executing(run)
        case .erased(let head, let frozen, let last):
            var value: Any
            switch head {
            case .value(let pure): value = pure
            case .work(let work): value = registered ? await work() : await scope.executing(work)
            }
            if let frozen {
                for step in frozen.stepsInOrder() {
                    value = await step(value)
                }
            }
            if let last { return await last(value) }
            return value as! Value
        }
    }

    /// Adds a step at the end of the program, freezing the nested steps when they get deep.
    @inlinable
    func appending<NewValue>(
        _ step: @escaping @Sendable (Value) async -> NewValue
    ) -> Deferred<NewValue> {
        appending(in: scope.forDerivedDeferred, step)
    }

    /// Adds a synchronous step at the end of the program: one async call per step fewer than
    /// ``appending(_:)``, which is what `map` costs.
    @inlinable
    func appendingSync<NewValue>(
        _ step: @escaping @Sendable (Value) -> NewValue
    ) -> Deferred<NewValue> {
        let scope = self.scope.forDerivedDeferred
        if case .compact(let run) = program, depth < Self.segmentDepth {
            return Deferred<NewValue>(program: .compact { step(await run()) }, depth: depth + 1, scope: scope)
        }
        let (head, frozen, last, depth) = erasedParts
        if depth < Self.segmentDepth {
            // Decided here, not on every run: with no steps yet, the head's value is cast directly.
            let newLast: @Sendable (Any) async -> NewValue
            if let last { newLast = { step(await last($0)) } } else { newLast = { step($0 as! Value) } }
            return Deferred<NewValue>(
                program: .erased(head: head, frozen: frozen, last: newLast), depth: depth + 1, scope: scope
            )
        }
        return Deferred<NewValue>(
            program: .erased(head: head, frozen: Self.frozen(frozen, then: last), last: { step($0 as! Value) }),
            depth: 1, scope: scope
        )
    }

    /// The program as an erased one, with the depth of its nested steps: a compact program (too deep
    /// to nest more steps in) becomes the head, with no steps after it.
    @inlinable
    var erasedParts:
        (
            head: DeferredHead, frozen: Segment<@Sendable (Any) async -> Any>?,
            last: (@Sendable (Any) async -> Value)?, depth: Int
        )
    {
        switch program {
        case .compact(let run): (.work { await run() }, nil, nil, 0)
        case .erased(let head, let frozen, let last): (head, frozen, last, depth)
        }
    }

    /// The frozen segments `frozen` with the newest steps, `last`, frozen after them.
    @inlinable
    static func frozen(
        _ frozen: Segment<@Sendable (Any) async -> Any>?, then last: (@Sendable (Any) async -> Value)?
    ) -> Segment<@Sendable (Any) async -> Any>? {
        guard let last else { return frozen }
        return Segment(step: { await last($0) as Any }, previous: frozen)
    }

    /// Runs `next` — built by a `flatMap` step of this family — registered in `scope`, so that
    /// cancelling the family reaches it; work with nothing to cancel runs unregistered. Static, so
    /// that a step's closure never captures the deferred it extends (that would nest the whole chain).
    @inlinable
    static func executing<NewValue>(_ next: Deferred<NewValue>, in scope: CancellationScope) async -> NewValue {
        if next.scope.isInert { return await next.execute() }
        return await scope.executing { await next.execute() }
    }

    /// Adds a step at the end of the program; the new deferred belongs to `scope`.
    @inlinable
    func appending<NewValue>(
        in scope: CancellationScope,
        _ step: @escaping @Sendable (Value) async -> NewValue
    ) -> Deferred<NewValue> {
        if case .compact(let run) = program, depth < Self.segmentDepth {
            return Deferred<NewValue>(program: .compact { await step(await run()) }, depth: depth + 1, scope: scope)
        }
        let (head, frozen, last, depth) = erasedParts
        if depth < Self.segmentDepth {
            let newLast: @Sendable (Any) async -> NewValue
            if let last {
                newLast = { await step(await last($0)) }
            } else {
                newLast = { await step($0 as! Value) }
            }
            return Deferred<NewValue>(
                program: .erased(head: head, frozen: frozen, last: newLast), depth: depth + 1, scope: scope
            )
        }
        return Deferred<NewValue>(
            program: .erased(head: head, frozen: Self.frozen(frozen, then: last), last: { await step($0 as! Value) }),
            depth: 1, scope: scope
        )
    }
}

extension Deferred where Value: Sendable {
    /// A deferred that produces `value` at once, without a task hop.
    ///
    /// ```swift
    /// await Deferred.pure(42).value   // 42
    /// ```
    /// - Parameter value: The value to produce.
    /// - Returns: A deferred that always produces `value`.
    @inlinable
    public static func pure(_ value: Value) -> Deferred {
        Deferred(program: .erased(head: .value(value), frozen: nil, last: nil), depth: 0, scope: .inert)
    }
}

/// What a deferred runs.
///
/// A program built from work keeps its steps nested in one typed closure, so that no value is boxed
/// as `Any` and cast back on the way; once the steps get deep (`segmentDepth` of them), that closure
/// becomes the erased head of a program whose older steps freeze into segments run in a loop, which
/// keeps a chain of any length within a bounded stack. A `pure` value starts erased: it is stored
/// without a closure.
@usableFromInline
enum DeferredProgram<Value>: Sendable {
    /// Work and every step after it, as one closure.
    case compact(@Sendable () async -> Value)
    /// An erased head (the source work or a `pure` value), the frozen steps after it, and the newest
    /// steps as nested typed closures (`nil` when there are none: the value is the head's).
    case erased(
        head: DeferredHead,
        frozen: Segment<@Sendable (Any) async -> Any>?,
        last: (@Sendable (Any) async -> Value)?
    )
}

/// The first step of an erased program: a value known at once (`pure`), or work to run.
@usableFromInline
enum DeferredHead: Sendable {
    case value(any Sendable)
    case work(@Sendable () async -> Any)
}
