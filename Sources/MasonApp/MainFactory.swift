/// Builds a ``Main`` from the pure function, the initial state and the handler types — any number of
/// them (SimpleFunctional's `MainFactory`; extend it with your app's `createMain()`). Below,
/// `ViewIOHandler` and `TimerIOHandler` are the app's own handlers (as in ``SynchronousIOHandling`` and
/// ``IOHandling``); `HTTPIOHandler` is MasonAppNetwork's.
///
/// ```swift
/// extension MainFactory {
///     typealias IO = IOContainer<ViewIOHandler.IO, HTTPIOHandler.IO, TimerIOHandler.IO>
///     static func createMain() -> Main<App> {
///         let topLevelFunc: (App, IO) -> (App, IO) = { $0.run(io: $1) }
///         return Self.createMain(topLevelFunction: topLevelFunc, initialState: .init(),
///                                handlerTypes: (ViewIOHandler.self, HTTPIOHandler.self, TimerIOHandler.self))
///     }
/// }
/// ```
public enum MainFactory {
    /// A `Main` running `topLevelFunction`, which takes the state and the IO and returns the new state
    /// and the IO with the outputs it wants.
    ///
    /// ```swift
    /// let main = MainFactory.createMain(topLevelFunction: update, initialState: 0, handlerTypes: TimerIOHandler.self)
    /// ```
    /// - Parameters:
    ///   - topLevelFunction: The pure function; the loop runs it, one call at a time.
    ///   - initialState: The state of the first run.
    ///   - handlerTypes: One handler type per IO kind, in the order of the `IOContainer`'s kinds.
    ///   - historyLimit: How many runs ``Main/history`` shows (none by default); up to twice as many
    ///     are held between trims, which drop the oldest in one go.
    /// - Returns: The app, not started.
    @inlinable
    public static func createMain<State: Sendable, each Handler: IOHandling>(
        topLevelFunction:
            sending @escaping (State, IOContainer<repeat (each Handler).IO>) -> (
                State, IOContainer<repeat (each Handler).IO>
            ),
        initialState: State,
        handlerTypes: (repeat (each Handler).Type),
        historyLimit: Int = 0
    ) -> Main<State> {
        createMain(
            topLevelFunction: topLevelFunction,
            initialState: initialState,
            handlers: repeat (each handlerTypes).init(),
            historyLimit: historyLimit
        )
    }

    /// A `Main` with handlers you made yourself — to give them a clock, a transport or a database.
    ///
    /// ```swift
    /// let main = MainFactory.createMain(topLevelFunction: update, initialState: 0, handlers: TimerIOHandler())
    /// ```
    /// - Parameters:
    ///   - topLevelFunction: The pure function; the loop runs it, one call at a time.
    ///   - initialState: The state of the first run.
    ///   - handlers: One handler per IO kind, in the order of the `IOContainer`'s kinds.
    ///   - historyLimit: How many runs ``Main/history`` shows (none by default); up to twice as many
    ///     are held between trims, which drop the oldest in one go.
    /// - Returns: The app, not started.
    @inlinable
    public static func createMain<State: Sendable, each Handler: IOHandling>(
        topLevelFunction:
            sending @escaping (State, IOContainer<repeat (each Handler).IO>) -> (
                State, IOContainer<repeat (each Handler).IO>
            ),
        initialState: State,
        handlers: repeat each Handler,
        historyLimit: Int = 0
    ) -> Main<State> {
        make(
            { state, io in topLevelFunction(state, io) }, initialState: initialState,
            handlers: repeat each handlers, historyLimit: historyLimit)
    }

    /// A `Main` whose pure function may return `nil` to ignore an input (no new state, no output): the
    /// `run(io:) -> (self: Self, io: IO)?` form of SimpleFunctional's README.
    ///
    /// ```swift
    /// let main = MainFactory.createMain(topLevelFunction: { $0.run(io: $1) }, initialState: App(), handlerTypes: TimerIOHandler.self)
    /// ```
    /// - Parameters:
    ///   - topLevelFunction: The pure function; `nil` leaves the state as it was.
    ///   - initialState: The state of the first run.
    ///   - handlerTypes: One handler type per IO kind, in the order of the `IOContainer`'s kinds.
    ///   - historyLimit: How many runs ``Main/history`` shows (none by default); up to twice as many
    ///     are held between trims, which drop the oldest in one go.
    /// - Returns: The app, not started.
    @_disfavoredOverload
    @inlinable
    public static func createMain<State: Sendable, each Handler: IOHandling>(
        topLevelFunction:
            sending @escaping (State, IOContainer<repeat (each Handler).IO>) -> (
                self: State, io: IOContainer<repeat (each Handler).IO>
            )?,
        initialState: State,
        handlerTypes: (repeat (each Handler).Type),
        historyLimit: Int = 0
    ) -> Main<State> {
        make(
            { state, io in topLevelFunction(state, io).map { ($0.0, $0.1) } }, initialState: initialState,
            handlers: repeat (each handlerTypes).init(), historyLimit: historyLimit)
    }

    /// The app: the pure function wrapped so that the loop sees neither the IO kinds nor the handler
    /// types (erased here, where they are known — inlined into the caller, so specialised).
    @inlinable
    static func make<State: Sendable, each Handler: IOHandling>(
        _ topLevelFunction:
            sending @escaping (State, IOContainer<repeat (each Handler).IO>) -> (
                State, IOContainer<repeat (each Handler).IO>
            )?,
        initialState: State,
        handlers: repeat each Handler,
        historyLimit: Int
    ) -> Main<State> {
        var entries: [_HandlerEntry] = []
        for handler in repeat each handlers {
            // Through the handler's requirement, whose witness is specialised for its type.
            entries.append(type(of: handler)._entry(for: handler))
        }
        let loop = AppLoop<State>(
            function: { state, input, nextTokenID in
                let io = IOContainer<repeat (each Handler).IO>(current: input, nextTokenID: nextTokenID)
                guard let (newState, newIO) = topLevelFunction(state, io) else { return nil }
                state = newState
                nextTokenID = newIO.nextTokenID
                return StepOutcome(outputs: newIO.outputs, cancellations: newIO.cancellations)
            },
            initialState: initialState,
            handlers: entries,
            historyLimit: historyLimit
        )
        return Main(loop: loop)
    }
}
