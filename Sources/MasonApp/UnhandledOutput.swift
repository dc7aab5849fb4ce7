/// What the pure function gets, for an output's token, when no handler of the app performs outputs of
/// its kind: the kind is missing from the handlers given to ``MainFactory`` (the container's type
/// cannot say which kinds an app has, so `addOutput` accepts any). A pure function that asks again
/// for what failed, at every run, then loops: add the handler.
///
/// ```swift
/// if let missing = io.failure(forToken: state.tick) as? UnhandledOutput { print(missing) }
/// ```
public struct UnhandledOutput: Error, Sendable, Equatable, CustomStringConvertible {
    /// The type of the output, named: never its value, which may hold a secret.
    ///
    /// ```swift
    /// UnhandledOutput(kind: "TimerIO.Output").kind   // "TimerIO.Output"
    /// ```
    public let kind: String

    /// An `UnhandledOutput` for an output of type `kind`.
    ///
    /// ```swift
    /// let missing = UnhandledOutput(kind: "TimerIO.Output")
    /// ```
    /// - Parameter kind: The output's type, named.
    public init(kind: String) {
        self.kind = kind
    }

    /// Says why, for logs.
    ///
    /// ```swift
    /// print(UnhandledOutput(kind: "TimerIO.Output"))   // no handler of the app performs outputs of type TimerIO.Output
    /// ```
    public var description: String {
        "no handler of the app performs outputs of type \(kind)"
    }
}
