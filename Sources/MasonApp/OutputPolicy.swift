/// How an output runs beside the outputs of its kind still running: SimpleFunctional started every
/// output at once; TCA's `cancelInFlight` and Actomaton's policies are the models for the others.
///
/// A handler gives its kind's policy (``IOHandling/outputPolicy``, `.concurrent` unless it says
/// otherwise); one output can ask for another (`io.addingOutput(_:for:policy:)`). The limits count the
/// outputs of one kind whose handler is running (a cancelled one until its handler returns). An output
/// starts as soon as fewer run than its own limit allows, whatever waits — a `.concurrent` output
/// never queues behind a `.serial` one; the outputs that wait start in the order they came, each as
/// soon as it fits. An output that waits keeps the app running. Outputs of different kinds never wait
/// for each other. A ``SynchronousIOHandling`` handler performs its outputs one at a time, in order,
/// whatever their policy: for it, `.concurrent`, `.serial` and `.atMost(_:)` mean the same.
///
/// ```swift
/// // A search box: only the latest query's request matters.
/// let (next, token) = io.addingOutput(.search(query), for: SearchIO.self, policy: .latestWins)
/// ```
public enum OutputPolicy: Sendable, Hashable {
    /// Starts at once, whatever else runs or waits (the default, and the seed's behaviour).
    case concurrent
    /// Cancels every output of its kind still running or waiting, then starts. A waiting one reaches
    /// the pure function as `CancellationError` for its token; a running one as whatever its handler
    /// throws when cancelled (`CancellationError` from a `Task.sleep`, `.canceledByUser` from
    /// `HTTPIOHandler`), or as its usual input if the handler finishes anyway. So tell a superseded
    /// output by its token, not by the error's type.
    case latestWins
    /// Starts when no other output of its kind runs, after those of its kind waiting before it: one at
    /// a time, in order. `.atMost(1)`.
    case serial
    /// Is dropped if an output of its kind is running or waiting: the pure function gets
    /// ``OutputDropped`` for its token.
    case dropNew
    /// Starts when fewer than `limit` outputs of its kind run (at least one), even while stricter ones
    /// wait; otherwise waits, in order.
    case atMost(Int)

    /// How many outputs of the kind may run when this one starts.
    var limit: Int {
        switch self {
        case .concurrent, .latestWins, .dropNew: Int.max
        case .serial: 1
        case .atMost(let limit): max(1, limit)
        }
    }
}

/// What the pure function gets, for an output's token, when ``OutputPolicy/dropNew`` dropped it.
///
/// ```swift
/// if io.failure(forToken: state.refresh) is OutputDropped { /* a refresh was already running */ }
/// ```
public struct OutputDropped: Error, Sendable, Equatable, CustomStringConvertible {
    /// An `OutputDropped`.
    ///
    /// ```swift
    /// let dropped = OutputDropped()
    /// ```
    public init() {}

    /// Says why, for logs.
    ///
    /// ```swift
    /// print(OutputDropped())   // dropped by .dropNew: an output of its kind was still running
    /// ```
    public var description: String {
        "dropped by .dropNew: an output of its kind was still running"
    }
}
