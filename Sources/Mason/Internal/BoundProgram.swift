/// A program ending in a `flatMap` (and any steps after it), with its value's type erased: what the
/// run loops of `IO` and the store's `DataOperation` step through, so that recursion through `flatMap`
/// runs in a bounded stack.
///
/// A `flatMap` does not run the program its transform returns inside its own step when that program
/// has a `flatMap` of its own: ``run(in:)`` takes it as the next program and keeps the continuations
/// still to come in an array on the heap. (A program without one, such as `.pure`, runs at once, in a
/// stack its own steps already bound.) So a loop written as recursion
/// (`IO { n }.flatMap { $0 == 0 ? .pure(0) : countDown($0 - 1) }`) runs to any depth, and so does a
/// chain of `flatMap`s of any length, which nests programs one inside another.
///
/// `Context` is what every step is given (`Void` for `IO`, the database for an operation); `Failure`
/// what a step may throw (`Never` for `IO`).
@usableFromInline
package final class BoundProgram<Context, Failure: Error>: @unchecked Sendable {
    // @unchecked Sendable: `source` and `continuation` are Sendable, read while the node is shared and
    // written only in `deinit`, when no other reference to the node exists.

    /// A program: work run to its value in one call, or another node.
    @usableFromInline
    package enum Source: Sendable {
        case run(@Sendable (Context) throws(Failure) -> Any)
        case bind(BoundProgram)
    }

    /// What to do with the value of the program before it.
    @usableFromInline
    package enum Continuation: Sendable {
        /// A step that turns the value into the next value.
        case map(@Sendable (Any) throws(Failure) -> Any)
        /// A transform that turns the value into the next program to run.
        case flatMap(@Sendable (Any, Context) throws(Failure) -> Next)
    }

    /// What a `flatMap`'s transform leads to: the value of a program without a `flatMap`, which it ran
    /// at once, or the next program for the loop.
    @usableFromInline
    package enum Next {
        case value(Any)
        case program(BoundProgram)
    }

    /// The program whose value goes to `continuation`; `nil` only once `deinit` has unlinked it.
    /// (Not checked for exclusive access at run time: it is written only in `deinit`, when nothing
    /// else can read it.)
    @exclusivity(unchecked) @usableFromInline
    var source: Source?
    /// What follows the program; `nil` only once `deinit` has released it or handed it over.
    @exclusivity(unchecked) @usableFromInline
    var continuation: Continuation?

    @usableFromInline
    package init(_ source: Source, then continuation: Continuation) {
        self.source = source
        self.continuation = continuation
    }

    /// Runs the program and every continuation after it in `context`, in a loop; a throw anywhere ends
    /// the run with it.
    @inlinable
    package func run(in context: Context) throws(Failure) -> Any {
        // Room for sixteen at once: one allocation for the usual depth of continuations waiting.
        var waiting: [Continuation] = []
        waiting.reserveCapacity(16)
        waiting.append(continuation.unsafelyUnwrapped)
        var program = source.unsafelyUnwrapped
        next: while true {
            var value: Any
            switch program {
            case .run(let work):
                value = try work(context)
            case .bind(let bind):
                waiting.append(bind.continuation.unsafelyUnwrapped)
                program = bind.source.unsafelyUnwrapped
                continue next
            }
            while let continuation = waiting.popLast() {
                switch continuation {
                case .map(let step):
                    value = try step(value)
                case .flatMap(let transform):
                    switch try transform(value, context) {
                    case .value(let result):
                        value = result
                    case .program(let bind):
                        program = .bind(bind)
                        continue next
                    }
                }
            }
            return value
        }
    }

    deinit {
        // A chain nests programs in each other's sources (`a.flatMap(f).flatMap(g)`) and in what a
        // transform captures (`io.flatMap { _ in rest }`, a right fold): each would be freed from
        // inside the release of the one holding it. Sources are unlinked in a loop while this node is
        // their only owner. A transform is released now, or — past `ReleaseQueue.maximumDepth` nested
        // releases — handed to this thread's queue, which the outermost release empties in a loop: so
        // freeing a chain of any length takes a bounded stack.
        if case .bind(var next)? = source {
            source = nil
            while isKnownUniquelyReferenced(&next), case .bind(let after)? = next.source {
                next.source = nil
                next = after
            }
        }
        guard case .flatMap? = continuation else { return }
        ReleaseQueue.withCurrent { queue in
            let depth = queue.depth
            guard depth.pointee < ReleaseQueue.maximumDepth else {
                queue.hand(continuation as Any)
                continuation = nil
                return
            }
            depth.pointee += 1
            continuation = nil
            depth.pointee -= 1
            if depth.pointee == 0 { queue.drain() }
        }
    }
}
