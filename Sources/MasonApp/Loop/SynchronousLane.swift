/// The outputs of one ``SynchronousIOHandling`` handler waiting for their turn, and whether its task
/// is at work. Under the loop's lock.
///
/// The loop appends; the handler's task takes one output at a time, so an output that waits can still
/// be cancelled until the moment `handle` is called for it. The taken ones are not removed one by one
/// (that would move the rest): `head` walks past them, and the array is emptied when it is reached —
/// or, for a queue never empty when the task looks, compacted once they are most of it.
struct SynchronousLane {
    /// An output waiting for its turn; its value is taken out when its turn comes.
    struct Waiting {
        let tokenID: UInt64
        var value: ErasedValue?
    }

    private var outputs: [Waiting] = []
    /// The first output not yet taken.
    private var head = 0
    /// Whether the handler's task exists: performing an output, or about to take the next — so
    /// whether an output of the kind waits or is performed (what `.dropNew` drops for).
    private(set) var isWorking = false

    /// Queues an output; returns whether the handler's task must be started for it.
    mutating func append(tokenID: UInt64, value: ErasedValue) -> Bool {
        outputs.append(Waiting(tokenID: tokenID, value: value))
        defer { isWorking = true }
        return !isWorking
    }

    /// The next output to perform, taken out; `nil` when none waits — the task then ends, and the next
    /// output starts another.
    mutating func next() -> (tokenID: UInt64, value: ErasedValue)? {
        guard head < outputs.count else {
            outputs.removeAll(keepingCapacity: outputs.capacity <= 4_096)
            head = 0
            isWorking = false
            return nil
        }
        defer {
            head += 1
            if head >= 1_024, head * 2 >= outputs.count {
                outputs.removeFirst(head)
                head = 0
            }
        }
        return (outputs[head].tokenID, outputs[head].value.take()!)
    }

    /// Takes the waiting output numbered `tokenID` out of the queue, if it waits there.
    mutating func removeWaiting(tokenID: UInt64) -> Bool {
        guard let index = outputs[head...].firstIndex(where: { $0.tokenID == tokenID }) else { return false }
        outputs.remove(at: index)
        return true
    }

    /// Empties the queue (`.latestWins`), returning the token numbers of what waited.
    mutating func removeAllWaiting() -> [UInt64] {
        defer { outputs.removeSubrange(head...) }
        return outputs[head...].map(\.tokenID)
    }
}
