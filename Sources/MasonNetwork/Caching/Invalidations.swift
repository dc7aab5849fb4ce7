import Mason

/// The URLs a ``CachingTransport`` has seen changed (a `PUT`, `POST`, `PATCH` or `DELETE` that
/// succeeded), on a counter: an answer to a request sent before its URL changed is out of date, and
/// must not be stored after the change removed what was stored.
final class Invalidations: Sendable {
    private struct State {
        /// How many changes so far.
        var count = 0
        /// The count at each URL's last change.
        var changedAt: [String: Int] = [:]
        /// The count when `changedAt` was last emptied: an answer to a request sent before it may be
        /// out of date, whatever its URL.
        var forgottenBefore = 0
    }

    /// How many URLs are remembered; past this many they are forgotten, and every request still in
    /// flight counts as out of date (its answer is not stored, the next one is).
    private static let remembered = 1_024

    private let state = Locked(State())

    /// The moment a request is sent, to compare with its URL's changes once its answer has come.
    var now: Int {
        state.withLock { $0.count }
    }

    /// Records that `urls` changed.
    func changed(_ urls: [String]) {
        state.withLock { state in
            state.count += 1
            if state.changedAt.count + urls.count > Self.remembered {
                state.changedAt = [:]
                state.forgottenBefore = state.count
            }
            for url in urls { state.changedAt[url] = state.count }
        }
    }

    /// Whether `url` may have changed since `moment` (a ``now`` read before its request was sent).
    func hasChanged(_ url: String, since moment: Int) -> Bool {
        state.withLock { state in moment < state.forgottenBefore || (state.changedAt[url] ?? 0) > moment }
    }
}
