// The seeds' spellings that break the Swift API Design Guidelines or Mason's own names, gathered in one
// place (GRDB's Fixits.swift is the model). Each forwards to the name Mason documents first, so a
// seed's example compiles unchanged; new code should use the primary name given in each comment.

extension State {
    /// Funswift's spelling of ``run(_:)``: runs the computation from an initial state.
    ///
    /// ```swift
    /// State<Int, String> { ($0 * 2, "was \($0)") }.run(state: 21).value   // "was 21"
    /// ```
    /// - Parameter state: The state the computation starts from.
    /// - Returns: The final state and the value, state first.
    @inlinable
    public func run(state: Stored) -> (state: Stored, value: Value) {
        run(state)
    }

    /// Funswift's spelling of ``exec(_:)``: runs the computation and keeps only the final state.
    ///
    /// ```swift
    /// State<Int, String> { ($0 * 2, "was \($0)") }.exec(state: 21)   // 42
    /// ```
    /// - Parameter state: The state the computation starts from.
    /// - Returns: The final state.
    @inlinable
    public func exec(state: Stored) -> Stored {
        exec(state)
    }

    /// Funswift's spelling of ``eval(_:)``: runs the computation and keeps only the value.
    ///
    /// ```swift
    /// State<Int, String> { ($0 * 2, "was \($0)") }.eval(state: 21)   // "was 21"
    /// ```
    /// - Parameter state: The state the computation starts from.
    /// - Returns: The value.
    @inlinable
    public func eval(state: Stored) -> Value {
        eval(state)
    }
}

extension State where Value: Sendable {
    /// Funswift's spelling of ``pure(_:)``: a computation that leaves the state unchanged and returns
    /// `initialValue`.
    ///
    /// ```swift
    /// State<Int, String>(initialValue: "hi").run(3)   // (state: 3, value: "hi")
    /// ```
    /// - Parameter initialValue: The value every run returns.
    @inlinable
    public init(initialValue: Value) {
        self = .pure(initialValue)
    }

    /// An earlier Funswift revision's spelling of ``pure(_:)`` (the one whose tuples put the value
    /// first); Funswift now spells it ``init(initialValue:)``. A computation that leaves the state
    /// unchanged and returns `initial`.
    ///
    /// ```swift
    /// State<Int, String>(initial: "hi").run(3)   // (state: 3, value: "hi")
    /// ```
    /// - Parameter initial: The value every run returns.
    @inlinable
    public init(initial: Value) {
        self = .pure(initial)
    }
}

extension Changeable {
    /// Funswift's spelling of ``init(_:hasChanges:)``: wraps a value.
    ///
    /// ```swift
    /// Changeable(value: 5, hasChanges: false).value   // 5
    /// ```
    /// - Parameters:
    ///   - value: The value.
    ///   - hasChanges: Whether it already counts as changed; `false` by default.
    @inlinable
    public init(value: Value, hasChanges: Bool = false) {
        self.init(value, hasChanges: hasChanges)
    }
}

extension Debounce {
    /// FunNetworking's spelling of ``constant(_:)``: the same delay, in seconds, before every retry.
    /// The seed called it "linear", though the delay does not grow; for a growing delay use
    /// `RetryPolicy.Backoff.linear(initial:increment:)`.
    ///
    /// ```swift
    /// retry(requestSyncE, retries: 3, debounce: .linear(2))   // waits 2 s, 2 s, 2 s
    /// Debounce.linear(2) == .constant(2)                      // true
    /// ```
    /// - Parameter seconds: The delay before every retry.
    /// - Returns: ``constant(_:)`` with the same delay.
    public static func linear(_ seconds: Double) -> Debounce {
        .constant(seconds)
    }
}
