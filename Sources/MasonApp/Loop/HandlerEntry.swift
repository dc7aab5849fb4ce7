/// A handler with its type erased: its kind, its policy, and how to hand it an output.
@usableFromInline
struct HandlerEntry: Sendable {
    let kind: ObjectIdentifier
    let policy: OutputPolicy
    /// Performs an output (of the handler's kind) for `run`, whose `send` delivers an input back.
    let perform: @Sendable (any Sendable, OutputRun) async throws -> Void

    /// The entry for `handler`: made where the handler's type is known (specialised in the caller's
    /// module), so the loop never casts through generic metadata to call it. The input closure the
    /// handler gets holds the run, which keeps the output in flight while it lives.
    @inlinable
    init<H: IOHandling>(_ handler: H) {
        self.init(kind: ObjectIdentifier(H.IO.self), policy: H.outputPolicy) { value, run in
            guard let output = value as? H.IO.Output else { return }
            try await handler.handle(output: output, token: IOToken(id: run.tokenID), inputClosure: { run.send($0) })
        }
    }

    @usableFromInline
    init(
        kind: ObjectIdentifier, policy: OutputPolicy,
        perform: @escaping @Sendable (any Sendable, OutputRun) async throws -> Void
    ) {
        self.kind = kind
        self.policy = policy
        self.perform = perform
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
