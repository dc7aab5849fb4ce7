/// Runs deferreds in parallel; the first to finish wins and the others are cancelled. They run in
/// child tasks, which the race waits for once it has cancelled them: a loser that does not stop when
/// cancelled (a callback deferred without `onCancel`) holds the answer until it ends. A child whose
/// own deferred is cancelled drops out of the race: the others run on, and its value is the answer
/// only if every child dropped out.
///
/// ```swift
/// let fastest = race(mirrorA.download(), mirrorB.download())
/// await fastest.value   // whichever finished first; the other download is cancelled
/// ```
/// - Parameter deferreds: At least one deferred.
/// - Returns: A deferred producing the first value; cancelling it cancels them all.
public func race<Value: Sendable>(_ deferreds: Deferred<Value>...) -> Deferred<Value> {
    race(deferreds)
}

/// Runs deferreds in parallel; the first to finish wins and the others are cancelled. They run in
/// child tasks, which the race waits for once it has cancelled them: a loser that does not stop when
/// cancelled (a callback deferred without `onCancel`) holds the answer until it ends. A child whose
/// own deferred is cancelled drops out of the race: the others run on, and its value is the answer
/// only if every child dropped out.
///
/// ```swift
/// let fastest = race([primary, secondary, tertiary])
/// ```
/// - Parameter deferreds: At least one deferred.
/// - Returns: A deferred producing the first value; cancelling it cancels them all.
public func race<Value: Sendable>(_ deferreds: [Deferred<Value>]) -> Deferred<Value> {
    precondition(!deferreds.isEmpty, "race needs at least one deferred")
    return Deferred {
        await withTaskGroup(of: (value: Value, cancelled: Bool).self, returning: Value.self) { group in
            for deferred in deferreds {
                group.addTask {
                    let value = await deferred.execute()
                    return (value, Task.isCancelled)
                }
            }
            // A child cancelled on its own (its deferred's `cancel()`) drops out; the race goes on
            // without it, and ends with its value only if every child dropped out.
            var dropped: Value?
            while let child = await group.next() {
                guard child.cancelled, !Task.isCancelled else {
                    group.cancelAll()
                    return child.value
                }
                dropped = child.value
            }
            return dropped!
        }
    }
}
