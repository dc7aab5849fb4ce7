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
    /// The runs in flight of this deferred's family. (`var` only so that `executeBuilt()` can ask
    /// whether it is shared; never reassigned.)
    @usableFromInline
    var scope: CancellationScope

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
    @inlinable
    var readyValue: Value? {
        guard case .pure(let pure) = program else { return nil }
        return pure.value
    }

    /// Runs the whole program in the current task, with the task registered in ``scope`` so that
    /// ``cancel()`` reaches it however the program was started.
    ///
    /// Every step appended to a deferred keeps its scope (`forDerivedDeferred` makes a new one only for
    /// a `pure` value, which has no steps and no work to register), so one registration covers the
    /// whole program: a `flatMap` step runs its inner deferred without registering in the outer scope
    /// again, and the inner deferred registers only in its own, and only if another deferred shares it
    /// (``executeBuilt()``).
    @inlinable
    func execute() async -> Value {
        await execute(registered: false)
    }

    /// Runs the whole program in the current task; `registered` says the caller has already registered
    /// the current task (or its run) in ``scope`` for the whole run, as ``value`` and ``run(_:)`` do,
    /// so the program need not register again.
    @inlinable
    func execute(registered: Bool) async -> Value {
        if registered || scope.isInert { return await executeProgram() }
        return await scope.executing { await executeProgram() }
    }

    /// Runs a deferred a step has just built from a value (a `flatMap`'s inner one), in the current
    /// task, which the outer run has registered in its own scope.
    ///
    /// A ready value is taken without running anything. If no other deferred shares this one's scope,
    /// nothing can reach that scope — no `cancel()`, no `isRunning` — so the run skips registering in
    /// it: the outer run's registration already covers this task. (A deferred built once and returned
    /// from every step, or kept elsewhere, shares its scope and registers as before.)
    /// (`consuming`: the deferred just built is handed over, so this call is its one owner.)
    @inlinable
    @inline(__always)
    consuming func executeBuilt() async -> Value {
        if let ready = readyValue { return ready }
        guard scope.isUnshared() else { return await execute() }
        // Work with no steps after it (a `Deferred { … }`), the common case, is called in line.
        if case .compact(let run) = program { return await run() }
        return await executeProgram()
    }

    /// Runs the work and every step, in order, in the current task.
    @inlinable
    func executeProgram() async -> Value {
        switch program {
        case .pure(let pure):
            return pure.value
        case .compact(let run):
            return await run()
        case .erased(let head, let frozen, let last):
            var value: Any
            switch head {
            case .value(let pure): value = pure.value
            case .work(let work): value = await work()
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
    ///
    /// One builder for every kind of step (``DeferredStep``), specialised for each.
    @inlinable
    func appending<Step: DeferredStep>(_ step: Step) -> Deferred<Step.Output> where Step.Input == Value {
        typealias NewValue = Step.Output
        let scope = self.scope.forDerivedDeferred
        if case .compact(let run) = program, depth < Self.segmentDepth {
            return Deferred<NewValue>(
                program: .compact { await step.apply(to: await run()) }, depth: depth + 1, scope: scope
            )
        }
        let (head, frozen, last, depth) = erasedParts
        if depth < Self.segmentDepth {
            // Decided here, not on every run: with no steps yet, the head's value is cast directly.
            let newLast: @Sendable (Any) async -> NewValue
            if let last {
                newLast = { await step.apply(to: await last($0)) }
            } else {
                newLast = { await step.apply(to: $0 as! Value) }
            }
            return Deferred<NewValue>(
                program: .erased(head: head, frozen: frozen, last: newLast), depth: depth + 1, scope: scope
            )
        }
        return Deferred<NewValue>(
            program: .erased(
                head: head, frozen: Self.frozen(frozen, then: last), last: { await step.apply(to: $0 as! Value) }
            ),
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
        case .pure(let pure): (.value(ErasedPureValue(pure.value)), nil, nil, 0)
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
        Deferred(program: .pure(PureValue(value)), depth: 0, scope: .inert)
    }
}

/// A step appended to a deferred's program. One kind per conformance, so that ``Deferred``'s one
/// builder, specialised for each, inlines the step into its nested closure: a synchronous step costs
/// no async call of its own, and a `flatMap` into a ready value none at all.
@usableFromInline
protocol DeferredStep<Input, Output>: Sendable {
    associatedtype Input
    associatedtype Output

    /// Runs the step on `value`.
    func apply(to value: Input) async -> Output
}

/// A synchronous transform (`map`).
@usableFromInline
struct MapStep<Input, Output>: DeferredStep {
    @usableFromInline
    let transform: @Sendable (Input) -> Output

    @inlinable
    init(_ transform: @escaping @Sendable (Input) -> Output) {
        self.transform = transform
    }

    @inlinable
    @inline(__always)
    func apply(to value: Input) async -> Output {
        transform(value)
    }
}

/// Asynchronous work (the transformers' `flatMapT`).
@usableFromInline
struct WorkStep<Input, Output>: DeferredStep {
    @usableFromInline
    let work: @Sendable (Input) async -> Output

    @inlinable
    init(_ work: @escaping @Sendable (Input) async -> Output) {
        self.work = work
    }

    @inlinable
    @inline(__always)
    func apply(to value: Input) async -> Output {
        await work(value)
    }
}

/// A deferred built from the value and run in the same task (`flatMap`); a ready one is taken
/// without running anything.
@usableFromInline
struct FlatMapStep<Input, Output>: DeferredStep {
    @usableFromInline
    let transform: @Sendable (Input) -> Deferred<Output>

    @inlinable
    init(_ transform: @escaping @Sendable (Input) -> Deferred<Output>) {
        self.transform = transform
    }

    @inlinable
    @inline(__always)
    func apply(to value: Input) async -> Output {
        await transform(value).executeBuilt()
    }
}

/// What a deferred runs.
///
/// A program built from work keeps its steps nested in one typed closure, so that no value is boxed
/// as `Any` and cast back on the way; once the steps get deep (`segmentDepth` of them), that closure
/// becomes the erased head of a program whose older steps freeze into segments run in a loop, which
/// keeps a chain of any length within a bounded stack. A `pure` value is stored as it is, typed and
/// without a closure; a step appended to it starts an erased program with the value as its head.
@usableFromInline
enum DeferredProgram<Value>: Sendable {
    /// A value known at once (`pure`), with no steps: typed, so running it casts nothing.
    case pure(PureValue<Value>)
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
    case value(ErasedPureValue)
    case work(@Sendable () async -> Any)
}

/// A `pure` value erased to `Any`, as the head of an erased program: boxed, because an `Any` stored
/// in the enum would make every program address-only, so that each run copied it through value
/// witnesses looked up at run time. Made once, when a step is appended to a `pure` deferred.
@usableFromInline
final class ErasedPureValue: @unchecked Sendable {
    // @unchecked Sendable: made only from a `PureValue` (a value given to `Deferred.pure`, whose
    // signature requires `Value: Sendable`); never mutated.
    @usableFromInline
    let value: Any

    @inlinable
    init(_ value: Any) {
        self.value = value
    }
}

/// A value given to `Deferred.pure`, kept where the type cannot say it is `Sendable`.
@usableFromInline
struct PureValue<Value>: @unchecked Sendable {
    // @unchecked Sendable: made only from the value given to `Deferred.pure`, whose signature requires
    // `Value: Sendable`; never mutated.
    @usableFromInline
    let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}
