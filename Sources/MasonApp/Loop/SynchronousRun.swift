/// One output of a ``SynchronousIOHandling`` handler while its `handle` runs, and after as long as the
/// input closure it was given is held: in flight — keeping the app running — until then; its `deinit`
/// settles it. Made by the task of its kind just before `handle`, so an output that waits costs no
/// object.
@usableFromInline
final class SynchronousRun: Sendable {
    @usableFromInline let tokenID: UInt64
    /// The number of its handler's lane in the core (`LoopCore.kinds`).
    private let lane: Int
    private let core: LoopCore

    init(tokenID: UInt64, lane: Int, core: LoopCore) {
        self.tokenID = tokenID
        self.lane = lane
        self.core = core
    }

    deinit {
        core.settle()
    }

    /// What the handler's input closure calls: the input goes to the pure function with this output's
    /// token.
    @usableFromInline
    func send(_ input: ErasedValue) {
        _ = core.deliver(Delivery(kind: core.kinds[lane], tokenID: tokenID, value: .input(input)))
    }
}
