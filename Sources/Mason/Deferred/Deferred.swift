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
    /// The first step: the source work (or, for `pure`, its value), erased.
    @usableFromInline
    let head: DeferredHead
    /// Frozen steps between `head` and `last`, if the chain is long.
    @usableFromInline
    let frozen: Segment<@Sendable (Any) async -> Any>?
    /// The newest steps, as nested typed closures; `nil` when there are none (the value is the head's).
    @usableFromInline
    let last: (@Sendable (Any) async -> Value)?
    /// How many steps `last` nests.
    @usableFromInline
    let depth: Int
    /// The runs in flight of this deferred's family.
    @usableFromInline
    let scope: CancellationScope

    /// How many steps a deferred nests as closures before it freezes them into a segment.
    @usableFromInline
    static var segmentDepth: Int { 256 }

    @usableFromInline
    init(
        head: DeferredHead,
        frozen: Segment<@Sendable (Any) async -> Any>?,
        last: (@Sendable (Any) async -> Value)?,
        depth: Int,
        scope: CancellationScope
    ) {
        self.head = head
        self.frozen = frozen
        self.last = last
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
    public init(_ work: @escaping @Sendable () async -> Value) {
        self.init(
            head: .work { await work() },
            frozen: nil,
            last: nil,
            depth: 0,
            scope: CancellationScope()
        )
    }

    /// Runs the whole program in the current task, with the work at its head registered in ``scope``
    /// so that ``cancel()`` reaches it however the program was started.
    ///
    /// A `.work` head always shares this deferred's scope: steps appended to a deferred keep its scope
    /// (`forDerivedDeferred` makes a new one only for a `.value` head, which has no work to register).
    @inlinable
    func execute() async -> Value {
        await execute(registered: false)
    }

    /// Runs the whole program in the current task; `registered` says the caller has already registered
    /// the current task (or its run) in ``scope`` for the whole run, as ``value`` and ``run(_:)`` do,
    /// so the head need not register again.
    @inlinable
    func execute(registered: Bool) async -> Value {
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
        if depth < Self.segmentDepth {
            // Decided here, not on every run: with no steps yet, the head's value is cast directly.
            let newLast: @Sendable (Any) async -> NewValue
            if let last { newLast = { step(await last($0)) } } else { newLast = { step($0 as! Value) } }
            return Deferred<NewValue>(head: head, frozen: frozen, last: newLast, depth: depth + 1, scope: scope)
        }
        return Deferred<NewValue>(
            head: head, frozen: frozenLast(), last: { step($0 as! Value) }, depth: 1, scope: scope
        )
    }

    /// The frozen segments with this deferred's newest steps frozen after them.
    @inlinable
    func frozenLast() -> Segment<@Sendable (Any) async -> Any>? {
        guard let last else { return frozen }
        return Segment(step: { await last($0) as Any }, previous: frozen)
    }

    /// Runs `next` — built by a `flatMap` step of this family — registered in `scope`, so that
    /// cancelling the family reaches it; work with nothing to cancel runs unregistered. Static, so
    /// that a step's closure never captures the deferred it extends (that would nest the whole chain).
    @inlinable
    static func executing<NewValue>(_ next: Deferred<NewValue>, in scope: CancellationScope) async -> NewValue {
        if next.scope === CancellationScope.inert { return await next.execute() }
        return await scope.executing { await next.execute() }
    }

    /// Adds a step at the end of the program; the new deferred belongs to `scope`.
    @inlinable
    func appending<NewValue>(
        in scope: CancellationScope,
        _ step: @escaping @Sendable (Value) async -> NewValue
    ) -> Deferred<NewValue> {
        if depth < Self.segmentDepth {
            let newLast: @Sendable (Any) async -> NewValue
            if let last {
                newLast = { await step(await last($0)) }
            } else {
                newLast = { await step($0 as! Value) }
            }
            return Deferred<NewValue>(head: head, frozen: frozen, last: newLast, depth: depth + 1, scope: scope)
        }
        return Deferred<NewValue>(
            head: head, frozen: frozenLast(), last: { await step($0 as! Value) }, depth: 1, scope: scope
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
        Deferred(head: .value(value), frozen: nil, last: nil, depth: 0, scope: .inert)
    }
}

/// The first step of a deferred's program: a value known at once (`pure`), or work to run.
@usableFromInline
enum DeferredHead: Sendable {
    case value(any Sendable)
    case work(@Sendable () async -> Any)
}
