/// How the core hands the outputs of a ``SynchronousIOHandling`` handler to the one task of its kind.
extension LoopCore {
    /// Queues `output` for the task of its lane, starting the task if none works, or drops it, as
    /// `policy` says (in flight from here, until the task has performed it or it is dropped). A
    /// `cancelled` output (its run cancelled it, or a later `.latestWins` output of the run supersedes
    /// it) is never queued: the task could take it before the run's cancellations are applied. Under
    /// `.latestWins` it still supersedes the outputs that wait, as an `IOHandling` handler's does.
    func enqueue(
        _ output: consuming PendingOutput, lane: Int, policy: OutputPolicy, cancelled: Bool,
        performNow: @escaping @Sendable (ErasedValue, SynchronousRun) throws -> Void
    ) {
        outputsInFlight.add(1, ordering: .relaxed)
        let tokenID = output.tokenID
        if cancelled {
            if case .latestWins = policy {
                for superseded in withShared({ $0.synchronousLanes[lane].removeAllWaiting() }) {
                    failWaiting(superseded, lane: lane, with: CancellationError())
                }
            }
            failWaiting(tokenID, lane: lane, with: CancellationError())
            return
        }
        let value = output.value
        var superseded: [UInt64] = []
        let (start, dropped) = withShared { shared -> (Bool, Bool) in
            switch policy {
            case .dropNew where shared.synchronousLanes[lane].isWorking:
                return (false, true)
            case .latestWins:
                superseded = shared.synchronousLanes[lane].removeAllWaiting()
            default:
                break
            }
            return (shared.synchronousLanes[lane].append(tokenID: tokenID, value: value), false)
        }
        if start { Task.detached { self.performInTurn(lane: lane, performNow) } }
        for tokenID in superseded { failWaiting(tokenID, lane: lane, with: CancellationError()) }
        if dropped { failWaiting(tokenID, lane: lane, with: OutputDropped()) }
    }

    /// The task of a lane: performs its outputs one at a time, in order, until none waits.
    private func performInTurn(lane: Int, _ performNow: @Sendable (ErasedValue, SynchronousRun) throws -> Void) {
        while let output = withShared({ $0.synchronousLanes[lane].next() }) {
            // The run settles the output when it goes: here, unless the handler kept its input closure.
            let run = SynchronousRun(tokenID: output.tokenID, lane: lane, core: self)
            do {
                try performNow(output.value, run)
            } catch {
                _ = deliver(Delivery(kind: kinds[lane], tokenID: output.tokenID, value: .failure(error)))
            }
        }
    }

    /// Takes the output numbered `tokenID` out of its lane's queue, if it waits there: it then never
    /// runs, and the pure function gets `CancellationError` for it.
    func cancelWaiting(tokenID: UInt64) -> Bool {
        let lane: Int? = withShared { shared in
            shared.synchronousLanes.indices.first { shared.synchronousLanes[$0].removeWaiting(tokenID: tokenID) }
        }
        guard let lane else { return false }
        failWaiting(tokenID, lane: lane, with: CancellationError())
        return true
    }

    /// Tells the pure function that a queued output will never be performed, and settles it.
    private func failWaiting(_ tokenID: UInt64, lane: Int, with error: any Error) {
        _ = deliver(Delivery(kind: kinds[lane], tokenID: tokenID, value: .failure(error)))
        settle()
    }
}
