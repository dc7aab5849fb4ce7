/// A running app: the pure function, its state and its handlers, driven by one serial loop
/// (SimpleFunctional's `Main`). Make one with ``MainFactory``.
///
/// The loop's rules: after ``start()`` the pure function runs once with no input, then once per input,
/// serially, in the order the inputs arrived; inputs sent before `start()` are queued, not dropped;
/// each output goes to its handler off the loop — in a task of its own, or, for a
/// ``SynchronousIOHandling`` handler, in turn in the one task of its kind; a handler that throws becomes
/// an input to the pure function (`io.failure(forToken:)`); the app ends when no input is queued and no
/// output is in flight, and ``run()`` returns the final state; an input that arrives after the end is
/// ignored and recorded in ``diagnostics``, never a crash. Sending is safe from any thread, task or actor.
///
/// ```swift
/// let main = MainFactory.createMain(topLevelFunction: update, initialState: Count(), handlerTypes: (ConsoleOutputHandler.self, TimerIOHandler.self))
/// let final = await main.run()   // when nothing is left to do
/// ```
public final class Main<State: Sendable>: Sendable {
    @usableFromInline let loop: AppLoop<State>

    @usableFromInline
    init(loop: AppLoop<State>) {
        self.loop = loop
    }

    /// Starts the loop; calling it again does nothing.
    ///
    /// ```swift
    /// main.start()
    /// ```
    public func start() {
        loop.start()
    }

    /// Starts the loop if needed and waits for the app to end: no input queued, no output in flight.
    ///
    /// ```swift
    /// let finalState = await main.run()
    /// ```
    /// - Returns: The state after the last run of the pure function.
    public func run() async -> State {
        await loop.run()
    }

    /// Sends an input to the pure function from outside the handlers (it has no token): queued before
    /// `start()`, ignored after the end.
    ///
    /// ```swift
    /// main.send(.line("q"), as: ConsoleInputIO.self)
    /// ```
    /// - Parameters:
    ///   - input: The input.
    ///   - kind: Its IO kind.
    /// - Returns: `false` when the app has ended and the input was ignored.
    @discardableResult
    @inlinable
    public func send<K: IOType>(_ input: K.Input, as kind: K.Type) -> Bool {
        loop.core.deliver(.input(input, of: K.self, tokenID: nil))
    }

    /// Cancels the task of the output `token` identifies, if its handler is still running: the
    /// handler's work stops (a `Task.sleep`, a request on a cancellable transport), and what it throws
    /// — usually `CancellationError` — reaches the pure function as `io.failure(forToken:)`. An output
    /// whose handler has not begun it (waiting under its ``OutputPolicy``, or its task not yet running)
    /// never starts; the pure function gets `CancellationError`.
    /// An output whose handler has returned is left alone, even while the handler holds its input
    /// closure (see ``IOHandling``).
    ///
    /// ```swift
    /// main.cancel(state.pendingRequest)
    /// ```
    /// - Parameter token: The output's token.
    /// - Returns: Whether the output was found running or waiting to run.
    @discardableResult
    public func cancel<K: IOType>(_ token: IOToken<K>) -> Bool {
        loop.core.cancel(tokenID: token.id)
    }

    /// The last runs of the pure function, oldest first — each with its input and the state it left —
    /// when the app was made with a `historyLimit` (empty otherwise).
    ///
    /// ```swift
    /// for entry in main.history { print(entry.input ?? "start", "→", entry.state) }
    /// ```
    public var history: [AppHistoryEntry<State>] {
        loop.history
    }

    /// Whether the app has ended.
    ///
    /// ```swift
    /// if main.hasEnded { print(main.diagnostics) }
    /// ```
    public var hasEnded: Bool {
        loop.hasEnded
    }

    /// What the loop noticed and ignored, newest last (at most 100): inputs after the end, outputs no
    /// handler performs.
    ///
    /// ```swift
    /// main.diagnostics   // ["an input arrived after the app ended and was ignored: …"]
    /// ```
    public var diagnostics: [String] {
        loop.diagnostics
    }
}

/// One run of the pure function, kept for debugging: the input it got (none for the first run), or the
/// error a handler threw, and the state it returned.
///
/// ```swift
/// let last = main.history.last   // input 3, state [1, 2, 3]
/// ```
public struct AppHistoryEntry<State: Sendable>: Sendable {
    /// The run's input, if it had one and it was not a failure.
    public let input: (any Sendable)?
    /// The handler's error the run received, if that was its input.
    public let failure: (any Error)?
    /// The state the run returned.
    public let state: State

    init(delivery: Delivery?, state: State) {
        switch delivery?.value {
        case .input(let value)?:
            input = value.unwrapped
            failure = nil
        case .failure(let error)?:
            input = nil
            failure = error
        case nil:
            input = nil
            failure = nil
        }
        self.state = state
    }
}
