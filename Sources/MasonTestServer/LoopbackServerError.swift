/// Why a ``LoopbackServer`` call failed.
///
/// ```swift
/// do {
///     try await server.waitForRequests(3, path: "/ip", timeout: .seconds(1))
/// } catch LoopbackServerError.timedOut(let expected, let received) {
///     print("expected \(expected) requests, got \(received)")
/// }
/// ```
public enum LoopbackServerError: Error, Sendable, Equatable {
    /// ``LoopbackServer/start()`` was called on a server that was already started (servers do not restart).
    ///
    /// ```swift
    /// try await server.start()
    /// try await server.start()   // throws .alreadyStarted
    /// ```
    case alreadyStarted
    /// The server stopped while a caller was waiting.
    ///
    /// ```swift
    /// let waiter = Task { try await server.waitForRequests(1) }
    /// await server.stop()   // waiter throws .stopped
    /// ```
    case stopped
    /// A wait ended after its time limit with fewer matching requests than expected.
    ///
    /// ```swift
    /// try await server.waitForRequests(2, timeout: .milliseconds(50))   // .timedOut(waitingFor: 2, received: 1)
    /// ```
    case timedOut(waitingFor: Int, received: Int)
    /// The server could not start; the text describes the underlying error.
    ///
    /// ```swift
    /// try await LoopbackServer.withRunning({ $0.port = busyPort }) { _ in }   // throws .startFailed("…")
    /// ```
    case startFailed(String)
}
