/// An effect's program with the type of its value erased: what the run loop of ``IOBind`` steps through.
@usableFromInline
enum ErasedIO: Sendable {
    /// A program without a `flatMap`, run to its value in one call.
    case run(@Sendable () -> Any)
    /// A program that ends in a continuation.
    case bind(IOBind)
}

/// A program and what follows it: a `flatMap`'s transform, or a step appended after one.
///
/// `flatMap` does not run the effect its transform returns inside the step when that effect has a
/// `flatMap` of its own: the run loop in ``run()`` takes it as the next program and keeps the
/// continuations still to come in an array on the heap. (An effect without one, such as `.pure`, runs
/// at once, in a stack its own steps already bound.) So recursion through `flatMap` (a loop written as
/// `IO { … }.flatMap { $0 == 0 ? .pure(0) : countDown($0 - 1) }`) runs in a bounded stack however deep
/// it goes, and so does a chain of `flatMap`s of any length, which nests programs one inside another.
@usableFromInline
final class IOBind: @unchecked Sendable {
    // @unchecked Sendable: `continuation` is immutable and Sendable; `source` is read while the node is
    // shared and written only in `deinit`, when no other reference to the node exists.

    /// What to do with the value of the program before it.
    @usableFromInline
    enum Continuation: Sendable {
        /// A step that turns the value into the next value.
        case map(@Sendable (Any) -> Any)
        /// A transform that turns the value into the next program to run.
        case flatMap(@Sendable (Any) -> Next)
    }

    /// What a `flatMap`'s transform leads to: the value of an effect without a `flatMap`, which it ran at
    /// once, or the next program for the loop.
    @usableFromInline
    enum Next {
        case value(Any)
        case program(IOBind)
    }

    /// The program whose value goes to `continuation`; `nil` only once `deinit` has unlinked it.
    private var source: ErasedIO?
    private let continuation: Continuation

    @usableFromInline
    init(_ source: ErasedIO, then continuation: Continuation) {
        self.source = source
        self.continuation = continuation
    }

    /// Runs the program and every continuation after it, in a loop: a continuation that yields a program
    /// makes it the next one to run, and a program that ends in continuations adds them to those waiting.
    @usableFromInline
    func run() -> Any {
        // Room for sixteen at once: one allocation for the usual depth of continuations waiting.
        var waiting: [Continuation] = []
        waiting.reserveCapacity(16)
        waiting.append(continuation)
        var program = source.unsafelyUnwrapped
        next: while true {
            var value: Any
            switch program {
            case .run(let work):
                value = work()
            case .bind(let bind):
                waiting.append(bind.continuation)
                program = bind.source.unsafelyUnwrapped
                continue next
            }
            while let continuation = waiting.popLast() {
                switch continuation {
                case .map(let step):
                    value = step(value)
                case .flatMap(let transform):
                    switch transform(value) {
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
        // Unlink the nested programs one at a time while this is their only owner, so that releasing a
        // long chain does not recurse once per node.
        guard case .bind(var next)? = source else { return }
        source = nil
        while isKnownUniquelyReferenced(&next), case .bind(let after)? = next.source {
            next.source = nil
            next = after
        }
    }
}
