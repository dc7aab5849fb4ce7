import Synchronization

/// Where token numbers come from while an app runs: the loop's count, which only goes up, and which a
/// container built inside the pure function (`IOContainer()`) continues from — so that a run which
/// returns a container of its own never hands out a number the app has used.
///
/// The loop (or an `AppHarness`) binds one to ``current`` while it calls the pure function, and moves it
/// on after each run; a container built where none is bound (a test calling the function directly)
/// numbers from 0, as before.
package final class TokenNumbering: Sendable {
    /// The numbering of the app whose pure function is running on this task, if any.
    @TaskLocal package static var current: TokenNumbering?

    /// The first number not yet handed out. Atomic only so that the type is `Sendable`: the loop's
    /// task writes it, and the pure function, on the same task, reads it.
    private let next = Atomic<UInt64>(0)

    package init() {}

    /// The first number not yet handed out: what a fresh container starts from.
    package var nextTokenID: UInt64 {
        next.load(ordering: .relaxed)
    }

    /// Moves the count on to `nextTokenID`, never back.
    package func advance(to nextTokenID: UInt64) {
        next.max(nextTokenID, ordering: .relaxed)
    }

    /// Where a container built now starts numbering: the running app's count, or 0 outside an app.
    @usableFromInline
    package static var seed: UInt64 {
        current?.nextTokenID ?? 0
    }

    /// Gives every output of `outputs` a number the app has not used, and moves the count past them.
    ///
    /// A run's outputs are numbered in order from `floor` (the count when it began), by the container
    /// it was given or one it built: those keep their numbers, which are the tokens the pure function
    /// holds. An output numbered below `floor`, or out of order — from a container built outside the
    /// app, or kept from an earlier run — would reuse a number: it gets a new one above every other,
    /// and the returned diagnostic says so (its token, kept by the pure function, will match nothing).
    /// - Parameters:
    ///   - outputs: The run's outputs.
    ///   - floor: The count when the run began.
    ///   - nextTokenID: The count the returned container reached (below `floor` for a container built
    ///     outside the app); moved on to `floor` at least, and past every output.
    /// - Returns: A diagnostic per renumbered output.
    /// - Complexity: O(*n*) in the number of outputs.
    package static func claim(
        _ outputs: inout OutputList, from floor: UInt64, upTo nextTokenID: inout UInt64
    ) -> [String] {
        // The app owns the count: a container built outside it may have counted from 0.
        nextTokenID = max(nextTokenID, floor)
        var least = floor
        var diagnostics: [String] = []
        for index in outputs.indices {
            let tokenID = outputs.tokenID(at: index)
            if tokenID >= least, tokenID < nextTokenID {
                least = tokenID + 1
                continue
            }
            outputs.renumber(at: index, to: nextTokenID)
            diagnostics.append(
                "an output was numbered outside the running app (a container built before it ran, or kept "
                    + "from an earlier run?): its token #\(tokenID) became #\(nextTokenID), so the token "
                    + "the pure function holds for it matches no input: \(outputs[index].value)")
            nextTokenID += 1
        }
        return diagnostics
    }
}
