import Mason
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The part of a loop that senders and handlers reach: the queue of inputs, the outputs in flight and
/// their lanes, under one lock. Not generic at all, so nothing a sender or an output does looks generic
/// metadata up at run time.
///
/// `@unchecked Sendable`: `shared` is read and written only inside `withShared`, between
/// `pthread_mutex_lock` and `pthread_mutex_unlock` on `mutex`; both are allocated once and never move.
/// (Not `Locked`: its `withLock` is a generic call into another module on every send, and its value a
/// class property with a dynamic exclusivity check; a spin lock measured slower, an output 3.5-4.7 µs
/// against 2.3-2.6, its spinning taking the core the holder needed.)
@usableFromInline
final class LoopCore: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let shared = UnsafeMutablePointer<LoopShared>.allocate(capacity: 1)
    /// Outputs whose handler is running, waiting to, or whose input closure is still held. Atomic, so
    /// that an output settles without the lock unless it was the last one (the loop, asleep, may end).
    let outputsInFlight = Atomic<Int>(0)

    /// The kind of each handler, by its lane's number: what a run's `lane` names.
    let kinds: [ObjectIdentifier]

    /// A core for handlers of `kinds`, one lane each, numbered in that order.
    init(kinds: [ObjectIdentifier]) {
        self.kinds = kinds
        shared.initialize(
            to: LoopShared(
                lanes: Array(repeating: Lane(), count: kinds.count),
                synchronousLanes: Array(repeating: SynchronousLane(), count: kinds.count)))
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        shared.deinitialize(count: 1)
        shared.deallocate()
    }

    /// Runs `body` with the shared state, under the lock. Never resume, cancel or wait in `body`.
    func withShared<Result>(_ body: (inout LoopShared) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&shared.pointee)
    }

    /// Queues an input for the loop, unless the app has ended; wakes the loop if it sleeps.
    @usableFromInline
    func deliver(_ delivery: Delivery) -> Bool {
        // The loop is woken outside the lock (the rule in `Locked`'s docs). Two optionals, not an
        // optional tuple: that one's tag was read through run-time tuple metadata on every send.
        var sleeper: UnsafeContinuation<[Delivery], Never>?
        var batch: [Delivery] = []
        let accepted = withShared { shared in
            guard !shared.ended else { return false }
            shared.queue.append(delivery)
            if shared.sleeper != nil {
                swap(&sleeper, &shared.sleeper)
                batch = shared.takeQueue()
            }
            return true
        }
        guard accepted else {
            note("an input arrived after the app ended and was ignored: \(delivery.value)")
            return false
        }
        sleeper?.resume(returning: batch)
        return true
    }

    /// Starts `run`, queues it behind the outputs of its kind, or drops it, as `policy` says.
    func dispatch(_ run: OutputRun, policy: OutputPolicy) {
        outputsInFlight.add(1, ordering: .relaxed)
        let admission = withShared { shared in admit(run, policy: policy, into: &shared) }
        if admission.started { run.start() }
        for running in admission.cancelled { running.cancel() }
        for superseded in admission.superseded { fail(superseded, with: CancellationError()) }
        if admission.dropped { fail(run, with: OutputDropped()) }
    }

    /// Every change to a lane is made in place: a copy would copy its queue. A run that may start is
    /// registered here, and started by the caller outside the lock.
    private func admit(_ run: OutputRun, policy: OutputPolicy, into shared: inout LoopShared) -> Admission {
        let lane = run.lane
        var admission = Admission()
        switch policy {
        case .dropNew where shared.lanes[lane].running > 0 || !shared.lanes[lane].isWaitingEmpty:
            admission.dropped = true
            return admission
        case .latestWins:
            admission.cancelled = shared.running.runs.filter { $0.lane == lane }
            admission.superseded = shared.lanes[lane].removeAllWaiting()
        default:
            break
        }
        if shared.lanes[lane].admit(run) {
            shared.running.insert(run)
            admission.started = true
        }
        return admission
    }

    /// An output's handler returned: forgets its task and starts the outputs of its kind that may now run.
    func finish(_ run: OutputRun) {
        let ready = withShared { shared in
            shared.running.remove(run.tokenID)
            let ready = shared.lanes[run.lane].release()
            for next in ready { shared.running.insert(next) }
            return ready
        }
        for next in ready { next.start() }
    }

    /// Cancels the output numbered `tokenID`: its running task, or its place in a queue (a synchronous
    /// handler's too). (Taking a
    /// waiting run out of its lane lets nothing start: no waiting run fits, and it frees no room.)
    func cancel(tokenID: UInt64) -> Bool {
        let (running, waiting): (OutputRun?, OutputRun?) = withShared { shared in
            if let running = shared.running[tokenID] { return (running, nil) }
            for lane in shared.lanes.indices {
                guard let waiting = shared.lanes[lane].removeWaiting(tokenID: tokenID) else { continue }
                return (nil, waiting)
            }
            return (nil, nil)
        }
        running?.cancel()
        if let waiting { fail(waiting, with: CancellationError()) }
        return running != nil || waiting != nil || cancelWaiting(tokenID: tokenID)
    }

    /// Tells the pure function that `run` will never start; letting it go then settles its output.
    private func fail(_ run: OutputRun, with error: any Error) {
        _ = deliver(Delivery(kind: run.kind, tokenID: run.tokenID, value: .failure(error)))
    }

    /// An output is no longer in flight: its handler returned and its input closure was released.
    /// Wakes the loop, which may now end.
    func settle() {
        // The loop sleeps only while an output is in flight, and checks the count under the lock
        // before it does: the last output to settle takes the lock after its decrement, so it finds
        // the sleeper, or the loop finds the count at zero.
        guard outputsInFlight.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 else { return }
        let sleeper: UnsafeContinuation<[Delivery], Never>? = withShared { shared in
            defer { shared.sleeper = nil }
            return shared.sleeper
        }
        sleeper?.resume(returning: [])
    }

    func note(_ diagnostic: String) {
        withShared { shared in
            shared.diagnostics.append(diagnostic)
            if shared.diagnostics.count > 100 { shared.diagnostics.removeFirst() }
        }
    }
}

/// What the loop, the senders and the handlers share, under one lock.
struct LoopShared {
    var started = false
    /// Set when the app ends, and never again.
    var ended = false
    /// Inputs sent and not yet taken by the loop, in arrival order.
    var queue: [Delivery] = []
    /// The loop, suspended until an input arrives or an output settles. An unsafe continuation, whose
    /// layout is known where it is used (a checked one's test for `nil` went through a witness on
    /// every send): it is taken out under the lock before it is resumed, so it is resumed once.
    var sleeper: UnsafeContinuation<[Delivery], Never>?
    var endWaiters: [CheckedContinuation<Void, Never>] = []
    var diagnostics: [String] = []
    /// Each output whose handler is running (or about to), by token number: what `cancel` reaches.
    var running = RunRegistry()
    /// The outputs of each kind running or waiting to, for the policies: one lane per handler, in the
    /// order of `LoopCore.kinds` (an index, not a hash, on the way of every output).
    var lanes: [Lane]
    /// The outputs of each ``SynchronousIOHandling`` handler waiting for its task, by lane (the lanes
    /// of the other handlers stay empty).
    var synchronousLanes: [SynchronousLane]
    /// An empty array with the capacity of a batch the loop has run: the next queue, so that a steady
    /// stream of inputs does not grow a new array for every batch.
    var spare: [Delivery] = []

    /// The queue, taken; the spare array is the queue now.
    mutating func takeQueue() -> [Delivery] {
        var batch: [Delivery] = []
        swap(&batch, &spare)
        swap(&batch, &queue)
        return batch
    }
}

/// The outputs of one kind whose handler runs, and those waiting for their policy's limit.
///
/// The rule (``OutputPolicy``'s): an output starts as soon as fewer outputs of its kind run than its
/// limit allows, whatever waits — so a `.concurrent` one never queues behind a `.serial` one — and the
/// outputs that wait start in the order they came, each as soon as it fits. Every waiting run is
/// therefore one that does not fit: `takeReady()` restores that after a change.
struct Lane {
    /// The outputs started and not yet finished (a cancelled one counts until its handler returns).
    var running = 0
    /// The outputs that did not fit, in arrival order, from `head` on. Those that start from the
    /// front are not removed one by one (for a queue of `.serial` outputs that would move the rest
    /// each time): `head` walks past them, and the array is compacted now and then.
    private var waiting: [OutputRun?] = []
    /// The first waiting output.
    private var head = 0
    /// At least the largest limit in `waiting`, 0 when it is empty: no waiting run fits once `running`
    /// reaches it, so a lane with nothing waiting (the common case) is done in one comparison, and a
    /// queue of `.serial` outputs is not walked to its end for each one that starts.
    private var waitingLimit = 0

    /// Whether no output waits.
    var isWaitingEmpty: Bool { head == waiting.count }

    /// Whether `run` may start now (it is then counted); if not, it waits, in order.
    mutating func admit(_ run: OutputRun) -> Bool {
        guard running < run.limit else {
            waiting.append(run)
            waitingLimit = max(waitingLimit, run.limit)
            return false
        }
        running += 1
        return true
    }

    /// An output of the lane ended: the waiting runs that may start now (counted).
    mutating func release() -> [OutputRun] {
        running -= 1
        return takeReady()
    }

    /// The waiting runs that fit now, in order, taken out of the queue and counted.
    /// - Complexity: O(1) when nothing waits or nothing fits, amortized O(1) for each run taken from
    ///   the front; O(*n*) in the queue's length for one that starts from the middle (outputs of
    ///   different limits in one lane).
    private mutating func takeReady() -> [OutputRun] {
        guard running < waitingLimit else { return [] }
        var ready: [OutputRun] = []
        var index = head
        while index < waiting.count, running < waitingLimit {
            guard let run = waiting[index], running < run.limit else {
                index += 1
                continue
            }
            if index == head {
                waiting[index] = nil
                head += 1
                index += 1
            } else {
                waiting.remove(at: index)
            }
            ready.append(run)
            running += 1
        }
        compact()
        return ready
    }

    /// Drops the entries before `head` once they are most of the array, or all of it.
    private mutating func compact() {
        if isWaitingEmpty {
            waiting.removeAll(keepingCapacity: waiting.capacity <= 4_096)
            head = 0
            waitingLimit = 0
        } else if head >= 1_024, head * 2 >= waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
    }

    /// Takes the waiting run numbered `tokenID` out of the queue, if it is there.
    mutating func removeWaiting(tokenID: UInt64) -> OutputRun? {
        guard let index = waiting[head...].firstIndex(where: { $0?.tokenID == tokenID }) else { return nil }
        defer { compact() }
        return waiting.remove(at: index)
    }

    /// Empties the queue (`.latestWins`), returning what waited.
    mutating func removeAllWaiting() -> [OutputRun] {
        defer {
            waiting = []
            head = 0
            waitingLimit = 0
        }
        return waiting[head...].compactMap { $0 }
    }
}

/// What admitting an output asks the loop to do outside the lock.
struct Admission {
    var started = false
    var cancelled: [OutputRun] = []
    var superseded: [OutputRun] = []
    var dropped = false
}
