import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MasonNetwork
import Testing

/// `SessionDelegate`, driven by hand: which answer an exchange gets when a failure and a cancel meet.
/// (Through URLSession the two race: a sub-second deadline firing just after the task was cancelled.)
@Suite struct SessionDelegateTests {
    private static let timedOut = NetworkRequestError.failed(description: "The request timed out.", code: .timedOut)

    /// The answer of one exchange that `events` drive, in order, between its start and its URL task's
    /// end with `URLError(.cancelled)`; and what `fail` returned.
    private static func answer(
        after events: (SessionDelegate, Int) -> Bool
    ) async -> (failure: NetworkRequestError?, failAccepted: Bool) {
        let delegate = SessionDelegate()
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: NetworkTestSupport.url("http://127.0.0.1:9/never-sent"))
        let id = task.taskIdentifier
        delegate.prepare(id, limit: nil)
        var failAccepted = false
        let result = await withCheckedContinuation { continuation in
            _ = delegate.start(id, continuation: continuation)
            failAccepted = events(delegate, id)
            delegate.urlSession(session, task: task, didCompleteWithError: URLError(.cancelled))
        }
        guard case .failure(let failure) = result else { return (nil, failAccepted) }
        return (failure, failAccepted)
    }

    @Test func aFailureAfterTheCancelDoesNotReplaceIt() async {
        let (failure, failAccepted) = await Self.answer { delegate, id in
            _ = delegate.cancel(id)
            return delegate.fail(id, with: Self.timedOut)
        }
        #expect(failure == .canceledByUser)
        #expect(!failAccepted)
    }

    @Test func aFailureBeforeTheCancelIsTheAnswer() async {
        let (failure, failAccepted) = await Self.answer { delegate, id in
            defer { _ = delegate.cancel(id) }
            return delegate.fail(id, with: Self.timedOut)
        }
        #expect(failure == Self.timedOut)
        #expect(failAccepted)
    }
}
