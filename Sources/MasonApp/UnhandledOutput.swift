/// What the pure function gets, for an output's token, when no handler of the app performs outputs of
/// its kind: the kind is missing from the handlers given to ``MainFactory`` (the container's type
/// cannot say which kinds an app has, so `addOutput` accepts any).
///
/// ```swift
/// if let missing = io.failure(forToken: state.tick) as? UnhandledOutput { print(missing) }
/// ```
public struct UnhandledOutput: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output, as text.
    ///
    /// ```swift
    /// UnhandledOutput(output: "addTimer(milliseconds: 500)").output   // "addTimer(milliseconds: 500)"
    /// ```
    public let output: String

    /// An `UnhandledOutput` for `output`, described.
    ///
    /// ```swift
    /// let missing = UnhandledOutput(output: "addTimer(milliseconds: 500)")
    /// ```
    /// - Parameter output: The output, as text.
    public init(output: String) {
        self.output = output
    }

    /// Says why, for logs.
    ///
    /// ```swift
    /// print(UnhandledOutput(output: "tick"))   // no handler of the app performs this output: tick
    /// ```
    public var description: String {
        "no handler of the app performs this output: \(output)"
    }
}
