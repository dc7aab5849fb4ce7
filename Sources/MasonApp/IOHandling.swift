/// The impure edge for one IO kind: performs the pure function's outputs and sends inputs back
/// (SimpleFunctional's `IOHandling`).
///
/// The runtime creates each handler with `init()` and hands it every output of its kind, each in a task
/// of its own, off the loop. An output stays *in flight* — and keeps the app running — while `handle`
/// runs **or** while the `inputClosure` it was given is still held (a timer that has not fired, a
/// listener). A throw from `handle` becomes an input to the pure function (`io.failure(forToken:)`).
///
/// Cancelling an output (`io.cancel(token)`, ``Main/cancel(_:)``) cancels the task `handle` runs in,
/// so it reaches an output only while `handle` runs. The seed's style below — return at once, keep
/// `inputClosure` — makes an output that cannot be cancelled once `handle` has returned: the cancel
/// does nothing, the app runs on until the closure is released, and the input still arrives. For an
/// output that can be cancelled, await the work inside `handle`, as ``TimersHandler`` does.
///
/// A task per output is what lets outputs run side by side and be cancelled while they run; it costs
/// about 1.5 µs an output. For quick work that never waits — rendering, logging, handing a value on —
/// conform to ``SynchronousIOHandling`` instead: its outputs are performed in turn by one task of the
/// handler's own, at a call's cost.
///
/// ```swift
/// final class TimerIOHandler: IOHandling {
///     typealias IO = TimerIO
///     func handle(output: IO.Output, token: IOToken<IO>, inputClosure: @escaping @Sendable (IO.Input) -> Void) {
///         guard case let .addTimer(milliseconds) = output else { return }
///         // Returns at once: this timer cannot be cancelled (see above).
///         queue.asyncAfter(deadline: .now() + .milliseconds(Int(milliseconds))) { inputClosure(.timerFired) }
///     }
///     private let queue = DispatchQueue(label: "TimerIOHandler.queue", attributes: .concurrent)
/// }
/// ```
public protocol IOHandling: AnyObject, Sendable {
    /// The kind of IO this handler performs.
    associatedtype IO: IOType

    /// Performs one output; sends any inputs it causes through `inputClosure`, from any thread.
    ///
    /// ```swift
    /// func handle(output: IO.Output, token: IOToken<IO>, inputClosure: @escaping @Sendable (IO.Input) -> Void) async throws {
    ///     inputClosure(.line(try await readLine()))
    /// }
    /// ```
    /// - Parameters:
    ///   - output: What the pure function asked for.
    ///   - token: The output's token, which the inputs it causes carry.
    ///   - inputClosure: Sends an input to the pure function.
    func handle(output: IO.Output, token: IOToken<IO>, inputClosure: @escaping @Sendable (IO.Input) -> Void)
        async throws

    /// Creates the handler: the runtime makes one of each type.
    ///
    /// ```swift
    /// let handler = TimerIOHandler()
    /// ```
    init()

    /// How the outputs of this kind run beside each other, unless an output asks otherwise.
    ///
    /// ```swift
    /// static var outputPolicy: OutputPolicy { .serial }   // one write at a time, in order
    /// ```
    static var outputPolicy: OutputPolicy { get }

    /// How the app's loop hands this handler its outputs: the runtime's own, given to every handler
    /// by the extension below — do not implement it.
    ///
    /// A requirement rather than a function of the runtime, so that it is specialised for each handler
    /// type: `createMain` reaches it from code generic over a parameter pack of handlers, which the
    /// compiler does not specialise, but its witness is emitted where the handler type is declared.
    ///
    /// ```swift
    /// let entry = TimerIOHandler._entry(for: TimerIOHandler())   // what `createMain` does, once
    /// ```
    static func _entry(for handler: Self) -> _HandlerEntry
}

extension IOHandling {
    /// All at once: `.concurrent`, as in the seed.
    ///
    /// ```swift
    /// TimersHandler.outputPolicy   // .concurrent
    /// ```
    public static var outputPolicy: OutputPolicy { .concurrent }

    /// The runtime's entry for `handler` (see the requirement): made here, specialised for `Self`.
    ///
    /// ```swift
    /// let entry = TimerIOHandler._entry(for: TimerIOHandler())
    /// ```
    @inlinable
    public static func _entry(for handler: Self) -> _HandlerEntry {
        _HandlerEntry(handler)
    }
}
