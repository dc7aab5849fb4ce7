/// Timers as an IO kind: the pure function asks for a timer by id and duration, and gets `.fired(id:)`
/// when it expires — on the clock its handler was given, so tests run on virtual time.
///
/// ```swift
/// typealias IO = IOContainer<Timers>
/// let (next, token) = io.addingOutput(.start(id: 1, after: .seconds(30)), for: Timers.self)
/// // later: main.cancel(token) stops it; the pure function then gets a CancellationError for it
/// ```
public enum Timers: IOType {
    /// What a timer sends back.
    ///
    /// ```swift
    /// if io.input(of: Timers.self) == .fired(id: 1) { … }
    /// ```
    public enum Input: Sendable, Equatable {
        /// The timer `id` expired.
        case fired(id: Int)
    }

    /// What the pure function asks for.
    ///
    /// ```swift
    /// io.addingOutput(.start(id: 1, after: .seconds(30)), for: Timers.self)
    /// ```
    public enum Output: Sendable, Equatable {
        /// Start timer `id`, firing once after `after`.
        case start(id: Int, after: Duration)
    }
}

/// Performs ``Timers`` outputs: sleeps on its clock, then sends `.fired(id:)`. Cancelling the output's
/// token (`Main.cancel(_:)`) ends the sleep.
///
/// ```swift
/// let clock = ManualClock()                                   // MasonTesting's virtual clock
/// let main = MainFactory.createMain(topLevelFunction: tick, initialState: 0, handlers: TimersHandler(clock: clock))
/// ```
public final class TimersHandler: IOHandling {
    /// The IO kind this handler performs.
    public typealias IO = Timers

    private let sleep: @Sendable (Duration) async throws -> Void

    /// A handler on `ContinuousClock`.
    ///
    /// ```swift
    /// let timers = TimersHandler()
    /// ```
    public convenience init() {
        self.init(clock: ContinuousClock())
    }

    /// A handler on `clock`: a virtual clock in tests.
    ///
    /// ```swift
    /// let timers = TimersHandler(clock: ManualClock())
    /// ```
    /// - Parameter clock: The clock the timers sleep on.
    public init<C: Clock>(clock: C) where C.Duration == Duration {
        sleep = { duration in try await clock.sleep(for: duration) }
    }

    /// The longest one sleep of a timer: a year.
    static let longestSleep: Duration = .seconds(366 * 24 * 3_600)

    /// Sleeps for the output's duration (a long one a year at a time), then sends `.fired(id:)`.
    ///
    /// ```swift
    /// try await timers.handle(output: .start(id: 1, after: .seconds(1)), token: token) { print($0) }
    /// ```
    /// - Parameters:
    ///   - output: The timer to start.
    ///   - token: The output's token.
    ///   - inputClosure: Receives `.fired(id:)`.
    /// - Throws: `CancellationError` when the output is cancelled before it fires.
    public func handle(
        output: Timers.Output, token: IOToken<Timers>, inputClosure: @escaping @Sendable (Timers.Input) -> Void
    )
        async throws
    {
        switch output {
        case .start(let id, let duration):
            // A year at a time: a clock's deadline for a longer wait (`.seconds(Int64.max)`, a delay a
            // pure function computed) overflows, and the runtime traps.
            var left = duration
            while left > Self.longestSleep {
                try await sleep(Self.longestSleep)
                left -= Self.longestSleep
            }
            try await sleep(left)
            inputClosure(.fired(id: id))
        }
    }
}
