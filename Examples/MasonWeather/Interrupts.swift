import Synchronization

/// What Ctrl-C asks of the weather app: the first, to quit as `q` does (cancel what runs, let a write
/// to the file finish, end); any later one, to end the process at once with status 130 (128 + SIGINT),
/// so that a shutdown that hangs can still be interrupted.
///
/// ```swift
/// let interrupts = Interrupts()
/// interrupts.received()   // .quit
/// interrupts.received()   // .exit(status: 130)
/// ```
///
/// `Sendable`: the count is atomic, so a signal handler may call it from any thread.
public final class Interrupts: Sendable {
    /// What one Ctrl-C asks for.
    public enum Action: Sendable, Equatable {
        /// Quit as `q` does.
        case quit
        /// End the process now with `status`.
        case exit(status: Int32)
    }

    private let count = Atomic<Int>(0)

    /// No Ctrl-C yet.
    ///
    /// ```swift
    /// let interrupts = Interrupts()
    /// ```
    public init() {}

    /// Counts `times` Ctrl-Cs (a signal source may deliver several at once) and says what they ask for.
    ///
    /// ```swift
    /// switch interrupts.received() {
    /// case .quit: main.send(.line("q"), as: ConsoleInputIO.self)
    /// case .exit(let status): exit(status)
    /// }
    /// ```
    /// - Parameter times: How many arrived together; at least one is counted.
    /// - Returns: `.quit` for the first, `.exit(status: 130)` once there has been more than one.
    public func received(_ times: Int = 1) -> Action {
        let total = count.add(max(1, times), ordering: .relaxed).newValue
        return total == 1 ? .quit : .exit(status: 130)
    }
}
