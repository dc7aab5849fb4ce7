import Mason

/// Holds the current credential of a client and renews it when a server rejects it — once, however
/// many requests were rejected together.
///
/// An ``AuthenticatingTransport`` asks the authenticator for the ``credential`` before each request
/// and, when the server answers 401, for a new one with ``refreshedCredential(replacing:)``. Refreshes
/// are **coalesced**:
/// - if a refresh is already in flight, the caller waits for it instead of starting another;
/// - if the credential was already replaced since the rejected request was sent (the rejected value
///   is no longer the current one), the current credential is returned at once, without refreshing.
///
/// So 50 requests that fail with the same expired token cause exactly one call of `refresh`.
///
/// The refresh runs in a task of its own: a caller that is cancelled while it waits stops waiting
/// (with `CancellationError`) without cancelling the refresh the others wait for. When `refresh`
/// throws, every caller waiting for it gets its error and the credential is left as it was.
///
/// ```swift
/// let authenticator = Authenticator(credential: .bearer(storedToken)) { rejected in
///     let token = try await session.renewToken()     // called once per expiry
///     return .bearer(token)
/// }
/// let transport = URLSessionTransport.shared.authenticated(by: authenticator)
/// ```
///
/// Send the refresh's own request through a transport *without* this authenticator (the `base` of
/// the ``AuthenticatingTransport``, say): sent through it, a refresh answered 401 would wait for the
/// refresh in flight — itself — for ever.
///
/// `Authenticator` is a `Sendable` reference type (a lock guards its state); share one per account.
public final class Authenticator: Sendable {
    /// Renews a credential: given the one the server rejected (`nil` if the request carried none),
    /// returns the one to use from now on.
    ///
    /// ```swift
    /// let refresh: Authenticator.Refresh = { _ in .bearer(try await fetchToken()) }
    /// ```
    public typealias Refresh = @Sendable (_ rejected: AuthorizationType?) async throws -> AuthorizationType

    private struct State {
        var credential: AuthorizationType?
        var isRefreshing = false
        /// The callers waiting for the refresh, each with the generation it joined in.
        var waiters: [UInt64: (continuation: CheckedContinuation<AuthorizationType?, any Error>, generation: Int)] = [:]
        var nextID: UInt64 = 0
        var refreshCount = 0
        /// How many times `setCredential` was called: a refresh that started before the last call
        /// does not store its result.
        var generation = 0
        /// Tests waiting for a number of callers to wait for a refresh.
        var observers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Removes and returns the observers whose count of waiters is reached.
        mutating func satisfiedObservers() -> [CheckedContinuation<Void, Never>] {
            let count = waiters.count
            let satisfied = observers.filter { $0.count <= count }.map(\.continuation)
            observers.removeAll { $0.count <= count }
            return satisfied
        }
    }

    private let refresh: Refresh
    private let state: Locked<State>

    /// Creates an authenticator with a first credential (or none) and the function that renews it.
    ///
    /// ```swift
    /// let authenticator = Authenticator(credential: .bearer("t1")) { _ in .bearer(try await login()) }
    /// authenticator.credential   // .bearer("t1")
    /// ```
    /// - Parameters:
    ///   - credential: The credential to send first; `nil` sends none until the first refresh.
    ///   - refresh: Renews the credential; called at most once at a time.
    public init(credential: AuthorizationType? = nil, refresh: @escaping Refresh) {
        self.refresh = refresh
        state = Locked(State(credential: credential))
    }

    /// The credential requests are sent with now, or `nil` if there is none yet.
    ///
    /// ```swift
    /// authenticator.credential?.headerValue   // "Bearer t1"
    /// ```
    public var credential: AuthorizationType? {
        state.withLock { $0.credential }
    }

    /// How many times `refresh` has been called.
    ///
    /// ```swift
    /// _ = try await authenticator.refreshedCredential(replacing: .bearer("t1"))
    /// authenticator.refreshCount   // 1
    /// ```
    public var refreshCount: Int {
        state.withLock { $0.refreshCount }
    }

    /// Replaces the credential, for example after the user logged in or out, or switched accounts. A
    /// refresh in flight then ends without storing its result — the credential set here stays — and
    /// the requests sent before and waiting for it fail with
    /// ``NetworkRequestError/authenticationFailed(description:)``, as does any later rejection of a
    /// credential removed here (`nil`: signed out): none is sent again with a credential of another
    /// account, or after a logout. A rejection of the new credential refreshes that one.
    ///
    /// ```swift
    /// authenticator.setCredential(.bearer(tokenFromLogin))
    /// authenticator.setCredential(nil)   // logged out: requests go without Authorization
    /// ```
    /// - Parameter credential: The new credential, or `nil` for none.
    public func setCredential(_ credential: AuthorizationType?) {
        state.withLock { state in
            state.credential = credential
            state.generation += 1
        }
    }

    /// A credential to use instead of `rejected`: the current one if it has already replaced
    /// `rejected`, otherwise the result of a refresh — the one in flight, or a new one.
    ///
    /// ```swift
    /// let authenticator = Authenticator(credential: .bearer("t1")) { _ in .bearer("t2") }
    /// try await authenticator.refreshedCredential(replacing: .bearer("t1"))   // .bearer("t2"), refreshed
    /// try await authenticator.refreshedCredential(replacing: .bearer("t1"))   // .bearer("t2"), no refresh
    /// authenticator.refreshCount                                              // 1
    /// ```
    /// - Parameter rejected: The credential the server rejected (`nil` if the request carried none).
    /// - Returns: The credential to retry with.
    /// - Throws: The refresh's error, or `CancellationError` if the calling task is cancelled while it
    ///   waits (the refresh goes on for the other callers);
    ///   ``NetworkRequestError/authenticationFailed(description:)`` when `rejected` was removed since
    ///   (`setCredential(nil)`: signed out), or replaced while this caller waited for its refresh.
    public func refreshedCredential(replacing rejected: AuthorizationType?) async throws -> AuthorizationType {
        while true {
            // `nil`: the credential was set while this caller waited for a refresh it joined after
            // that; its rejection is of the new credential, which the next try refreshes.
            if let credential = try await oneRefreshedCredential(replacing: rejected) { return credential }
        }
    }

    /// One try of ``refreshedCredential(replacing:)``: `nil` when it must try again.
    private func oneRefreshedCredential(replacing rejected: AuthorizationType?) async throws -> AuthorizationType? {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<AuthorizationType?, any Error>) in
                enum Start {
                    case cancelled, signedOut, current(AuthorizationType)
                    case waiting([CheckedContinuation<Void, Never>])
                    case refreshing([CheckedContinuation<Void, Never>], generation: Int)
                }
                let start: Start = state.withLock { state in
                    // Checked under the lock: a later cancellation finds the waiter in `onCancel`.
                    if Task.isCancelled { return .cancelled }
                    if let current = state.credential, current != rejected { return .current(current) }
                    if state.credential == nil, rejected != nil { return .signedOut }
                    state.waiters[id] = (continuation, state.generation)
                    if state.isRefreshing { return .waiting(state.satisfiedObservers()) }
                    state.isRefreshing = true
                    state.refreshCount += 1
                    return .refreshing(state.satisfiedObservers(), generation: state.generation)
                }
                switch start {
                case .cancelled:
                    continuation.resume(throwing: CancellationError())
                case .signedOut:
                    continuation.resume(
                        throwing: NetworkRequestError.authenticationFailed(
                            description: "the credential was removed while the request was in flight"))
                case .current(let current):
                    continuation.resume(returning: current)
                case .waiting(let observers):
                    for observer in observers { observer.resume() }
                case .refreshing(let observers, let generation):
                    startRefresh(replacing: rejected, generation: generation)
                    for observer in observers { observer.resume() }
                }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// For tests: suspends until at least `count` callers wait for a refresh (the one that started it
    /// included), so a test can hold a refresh open until every rejected request has joined it.
    package func waitForWaiters(count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached = state.withLock { state in
                if state.waiters.count >= count { return true }
                state.observers.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }

    /// Runs `refresh` in a task of its own, then — unless `setCredential` was called since
    /// `generation` — stores its credential and gives it to every waiter. Otherwise the waiters that
    /// joined before the last `setCredential` fail, and those that joined after it try again.
    private func startRefresh(replacing rejected: AuthorizationType?, generation: Int) {
        let refresh = self.refresh
        Task.onInheritedExecutor { [self] in
            let result: Result<AuthorizationType, any Error>
            do {
                result = .success(try await refresh(rejected))
            } catch {
                result = .failure(error)
            }
            let (waiters, current) = state.withLock { state in
                if case .success(let credential) = result, state.generation == generation {
                    state.credential = credential
                }
                state.isRefreshing = false
                let waiters = state.waiters
                state.waiters = [:]
                return (waiters, state.generation)
            }
            for waiter in waiters.values {
                if waiter.generation == generation, generation == current {
                    waiter.continuation.resume(with: result.map { $0 })
                } else if waiter.generation == current {
                    waiter.continuation.resume(returning: nil)
                } else {
                    waiter.continuation.resume(
                        throwing: NetworkRequestError.authenticationFailed(
                            description: "the credential was replaced while the request waited for a refresh"))
                }
            }
        }
    }
}
