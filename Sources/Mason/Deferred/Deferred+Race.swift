/// Runs deferreds in parallel; the first to finish wins and the others are cancelled. They run in
/// child tasks, which the race waits for once it has cancelled them: a loser that does not stop when
/// cancelled (a callback deferred without `onCancel`) holds the answer until it ends.
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
/// cancelled (a callback deferred without `onCancel`) holds the answer until it ends.
///
/// ```swift
/// let fastest = race([primary, secondary, tertiary])
/// ```
/// - Parameter deferreds: At least one deferred.
/// - Returns: A deferred producing the first value; cancelling it cancels them all.
public func race<Value: Sendable>(_ deferreds: [Deferred<Value>]) -> Deferred<Value> {
    precondition(!deferreds.isEmpty, "race needs at least one deferred")
    return Deferred {
        await withTaskGroup(of: Value.self, returning: Value.self) { group in
            for deferred in deferreds {
                group.addTask { await deferred.execute() }
            }
            let first = await group.next()!
            group.cancelAll()
            return first
        }
    }
}
