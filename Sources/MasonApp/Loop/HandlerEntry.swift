/// A handler with its type erased, as the app's loop holds it: its kind, its policy, and how to hand
/// it an output. The runtime's own; public only because `IOHandling._entry(for:)` returns it, and
/// nothing in it can be used from outside.
///
/// ```swift
/// let entry = TimerIOHandler._entry(for: TimerIOHandler())   // what `createMain` does, once
/// ```
public struct _HandlerEntry: Sendable {
    @usableFromInline let kind: ObjectIdentifier
    @usableFromInline let policy: OutputPolicy
    /// Performs an output (of the handler's kind) for `run`, whose `send` delivers an input back.
    @usableFromInline let perform: @Sendable (ErasedValue, OutputRun) async throws -> Void
    /// A ``SynchronousIOHandling`` handler's `handle`, called in turn by the task of its kind; `nil`
    /// for the others, whose outputs each run `perform` in a task of their own.
    @usableFromInline let performNow: (@Sendable (ErasedValue, SynchronousRun) throws -> Void)?

    /// The entry for `handler`: made where the handler's type is known, so the loop never casts
    /// through generic metadata to call it. The input closure the handler gets holds the run, which
    /// keeps the output in flight while it lives.
    ///
    /// Called from `IOHandling._entry(for:)`, whose witness the compiler emits in the module that
    /// declares the handler type, and so specialises for it. (Called directly from `createMain`, it
    /// ran unspecialised: the handlers are a parameter pack there, and pack-generic code is not
    /// specialised — each output then looked the handler's types up, cast its value dynamically, and
    /// allocated a context for the input closure to carry them.)
    @inlinable
    init<H: IOHandling>(_ handler: H) {
        self.init(
            kind: ObjectIdentifier(H.IO.self), policy: H.outputPolicy, perform: Self.perform(handler), performNow: nil)
    }

    /// The entry for a handler whose outputs are performed in turn by one task of its kind, not each
    /// in a task of its own (``SynchronousIOHandling``); specialised as the one above is.
    @inlinable
    init<H: SynchronousIOHandling>(synchronous handler: H) {
        self.init(
            kind: ObjectIdentifier(H.IO.self), policy: H.outputPolicy, perform: Self.perform(handler),
            performNow: { value, run in
                guard let output = value.value(as: H.IO.Output.self) else { return }
                try handler.handle(
                    output: output, token: IOToken(id: run.tokenID), inputClosure: { run.send(ErasedValue($0)) })
            })
    }

    /// `handler`'s `handle` for an output in a task of its own.
    @inlinable
    static func perform<H: IOHandling>(_ handler: H) -> @Sendable (ErasedValue, OutputRun) async throws -> Void {
        { value, run in
            guard let output = value.value(as: H.IO.Output.self) else { return }
            try await handler.handle(
                output: output, token: IOToken(id: run.tokenID), inputClosure: { run.send(ErasedValue($0)) })
        }
    }

    @usableFromInline
    init(
        kind: ObjectIdentifier, policy: OutputPolicy,
        perform: @escaping @Sendable (ErasedValue, OutputRun) async throws -> Void,
        performNow: (@Sendable (ErasedValue, SynchronousRun) throws -> Void)?
    ) {
        self.kind = kind
        self.policy = policy
        self.perform = perform
        self.performNow = performNow
    }
}

/// What one run of the pure function asked for.
@usableFromInline
struct StepOutcome {
    @usableFromInline var outputs: OutputList
    @usableFromInline var cancellations: [(kind: ObjectIdentifier, tokenID: UInt64)]

    @usableFromInline
    init(outputs: OutputList, cancellations: [(kind: ObjectIdentifier, tokenID: UInt64)]) {
        self.outputs = outputs
        self.cancellations = cancellations
    }
}
