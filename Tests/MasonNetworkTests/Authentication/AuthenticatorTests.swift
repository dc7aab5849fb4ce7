import Mason
import MasonNetwork
import Testing

/// `Authenticator`: refreshes are coalesced, failures reach every waiter, cancellation is per caller.
@Suite(.timeLimit(.minutes(5))) struct AuthenticatorTests {
    private struct RefreshFailed: Error, Equatable {}

    /// A gate a refresh waits at until the test opens it.
    private struct Gate: Sendable {
        let stream: AsyncStream<Void>
        let continuation: AsyncStream<Void>.Continuation

        init() {
            (stream, continuation) = AsyncStream<Void>.makeStream()
        }

        func pass() async {
            for await _ in stream { return }
        }

        func open() {
            continuation.yield()
            continuation.finish()
        }
    }

    @Test func aRefreshReceivesTheRejectedCredentialAndStoresItsResult() async throws {
        let rejected = Locked<[AuthorizationType?]>([])
        let authenticator = Authenticator(credential: .bearer("t1")) { old in
            rejected.withLock { $0.append(old) }
            return .bearer("t2")
        }
        #expect(try await authenticator.refreshedCredential(replacing: .bearer("t1")) == .bearer("t2"))
        #expect(authenticator.credential == .bearer("t2"))
        #expect(authenticator.refreshCount == 1)
        #expect(rejected.withLock { $0 } == [.bearer("t1")])
    }

    @Test func aCredentialReplacedSinceTheRejectionIsReusedWithoutRefreshing() async throws {
        let authenticator = Authenticator(credential: .bearer("t2")) { _ in .bearer("t3") }
        #expect(try await authenticator.refreshedCredential(replacing: .bearer("t1")) == .bearer("t2"))
        #expect(authenticator.refreshCount == 0)
    }

    @Test func withoutACredentialTheRefreshReceivesNil() async throws {
        let rejected = Locked<[AuthorizationType?]>([])
        let authenticator = Authenticator { old in
            rejected.withLock { $0.append(old) }
            return .bearer("first")
        }
        #expect(authenticator.credential == nil)
        #expect(try await authenticator.refreshedCredential(replacing: nil) == .bearer("first"))
        #expect(rejected.withLock { $0 } == [nil])
    }

    @Test func callersWaitingTogetherShareOneRefresh() async throws {
        let gate = Gate()
        let authenticator = Authenticator(credential: .bearer("t1")) { _ in
            await gate.pass()
            return .bearer("t2")
        }
        let results = try await withThrowingTaskGroup(of: AuthorizationType.self) { group in
            for _ in 0..<20 {
                group.addTask { try await authenticator.refreshedCredential(replacing: .bearer("t1")) }
            }
            await authenticator.waitForWaiters(count: 20)  // every caller is waiting for the one refresh
            gate.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: .bearer("t2"), count: 20))
        #expect(authenticator.refreshCount == 1)
    }

    @Test func aFailedRefreshFailsEveryWaiterAndKeepsTheCredential() async {
        let gate = Gate()
        let authenticator = Authenticator(credential: .bearer("t1")) { _ in
            await gate.pass()
            throw RefreshFailed()
        }
        let failures = await withTaskGroup(of: (any Error)?.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    do {
                        _ = try await authenticator.refreshedCredential(replacing: .bearer("t1"))
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            await authenticator.waitForWaiters(count: 10)
            gate.open()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(failures.count == 10)
        #expect(failures.allSatisfy { $0 is RefreshFailed })
        #expect(authenticator.credential == .bearer("t1"))
        #expect(authenticator.refreshCount == 1)
    }

    @Test func aRefreshAfterAFailedOneRunsAgain() async throws {
        let calls = Locked(0)
        let authenticator = Authenticator(credential: .bearer("t1")) { _ in
            let call = calls.withLock { count in
                count += 1
                return count
            }
            if call == 1 { throw RefreshFailed() }
            return .bearer("t2")
        }
        await #expect(throws: RefreshFailed.self) {
            try await authenticator.refreshedCredential(replacing: .bearer("t1"))
        }
        #expect(try await authenticator.refreshedCredential(replacing: .bearer("t1")) == .bearer("t2"))
        #expect(authenticator.refreshCount == 2)
    }

    @Test func aCancelledCallerStopsWaitingWhileTheOthersGetTheRefresh() async throws {
        let gate = Gate()
        let authenticator = Authenticator(credential: .bearer("t1")) { _ in
            await gate.pass()
            return .bearer("t2")
        }
        let leaving = Task { try await authenticator.refreshedCredential(replacing: .bearer("t1")) }
        let staying = Task { try await authenticator.refreshedCredential(replacing: .bearer("t1")) }
        await authenticator.waitForWaiters(count: 2)
        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }
        gate.open()
        #expect(try await staying.value == .bearer("t2"))
        #expect(authenticator.credential == .bearer("t2"))
        #expect(authenticator.refreshCount == 1)
    }

    @Test func anAlreadyCancelledCallerDoesNotStartARefresh() async {
        let authenticator = Authenticator(credential: .bearer("t1")) { _ in .bearer("t2") }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await authenticator.refreshedCredential(replacing: .bearer("t1"))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(authenticator.refreshCount == 0)
    }

    // Before the fix the refresh, ending after the switch, put account A's token back; and B's request,
    // rejected while A's refresh ran, was sent again with A's token.
    @Test func aCredentialSetWhileARefreshRunsIsKeptAndRefreshedForItsOwnRequests() async throws {
        let gate = Gate()
        let authenticator = Authenticator(credential: .bearer("a1")) { rejected in
            guard rejected == .bearer("a1") else { return .bearer("b2") }
            await gate.pass()
            return .bearer("a2")
        }
        let accountA = Task { try await authenticator.refreshedCredential(replacing: .bearer("a1")) }
        await authenticator.waitForWaiters(count: 1)
        authenticator.setCredential(.bearer("b1"))  // another account signs in
        let accountB = Task { try await authenticator.refreshedCredential(replacing: .bearer("b1")) }
        await authenticator.waitForWaiters(count: 2)  // B's rejection waits for A's refresh
        gate.open()
        await #expect(throws: NetworkRequestError.self, "A's request is not sent again") {
            try await accountA.value
        }
        #expect(try await accountB.value == .bearer("b2"), "B's own credential is refreshed")
        #expect(authenticator.credential == .bearer("b2"))
        #expect(authenticator.refreshCount == 2)
    }

    // Before the fix a request sent before the logout, rejected after it, refreshed: signed in again.
    @Test func aRejectionAfterALogoutStartsNoRefresh() async {
        let authenticator = Authenticator(credential: .bearer("t1")) { _ in .bearer("t2") }
        authenticator.setCredential(nil)
        await #expect(throws: NetworkRequestError.self) {
            try await authenticator.refreshedCredential(replacing: .bearer("t1"))
        }
        #expect(authenticator.refreshCount == 0)
        #expect(authenticator.credential == nil)
    }

    @Test func setCredentialReplacesTheCredential() {
        let authenticator = Authenticator(credential: .bearer("t1")) { _ in .bearer("t2") }
        authenticator.setCredential(.basic(username: "guest", password: "guest"))
        #expect(authenticator.credential == .basic(username: "guest", password: "guest"))
        authenticator.setCredential(nil)
        #expect(authenticator.credential == nil)
    }
}
