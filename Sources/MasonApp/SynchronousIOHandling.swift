/// A handler whose `handle` is synchronous, as SimpleFunctional's was: its outputs are performed one
/// at a time, in the order the pure function asked for them, by one task of the handler's own —
/// never a task per output.
///
/// Choose it for work that is quick and never waits: rendering a state, appending to a log, handing a
/// value to another system's queue. An output then costs what a call costs, and the loop never waits
/// for it: the handler's task takes the outputs of its kind as they come, while the pure function runs
/// on. An ``IOHandling`` handler pays a task per output, and gets in return outputs that run side by
/// side and can be cancelled while they run.
///
/// What changes from ``IOHandling``:
/// - **Order.** The outputs of one kind are performed in order, one after another, whatever their
///   policy: `.concurrent`, `.serial` and `.atMost(_:)` all mean that. Outputs of different kinds
///   still run beside each other.
/// - **Cancellation.** An output that waits for its turn can be cancelled (by its token, or by a
///   `.latestWins` output after it): it reaches the pure function as `CancellationError`. Once
///   `handle` runs it cannot be stopped, so cancelling it then does nothing and returns `false`.
/// - **`.dropNew`** drops an output while one of its kind is performed or waits.
///
/// What stays: a throw becomes an input to the pure function (`io.failure(forToken:)`); an output is
/// in flight — and keeps the app running — until `handle` has returned and the `inputClosure` it was
/// given is released; inputs sent through it, at once or later, reach the pure function with the
/// output's token.
///
/// `handle` runs on a thread of Swift's cooperative pool: never block it waiting for other work.
///
/// ```swift
/// final class ViewIOHandler: SynchronousIOHandling {
///     typealias IO = ViewIO
///     func handle(output: IO.Output, token: IOToken<IO>, inputClosure: @escaping @Sendable (IO.Input) -> Void) {
///         switch output {
///         case .show(let text): print(text)   // a quick write, in the order the pure function asked
///         }
///     }
/// }
/// ```
public protocol SynchronousIOHandling: IOHandling {
    /// Performs one output, and returns when it is done; sends any inputs it causes through
    /// `inputClosure`, now or later, from any thread.
    ///
    /// ```swift
    /// func handle(output: IO.Output, token: IOToken<IO>, inputClosure: @escaping @Sendable (IO.Input) -> Void) {
    ///     if case .show(let text) = output { print(text) }
    /// }
    /// ```
    /// - Parameters:
    ///   - output: What the pure function asked for.
    ///   - token: The output's token, which the inputs it causes carry.
    ///   - inputClosure: Sends an input to the pure function.
    func handle(output: IO.Output, token: IOToken<IO>, inputClosure: @escaping @Sendable (IO.Input) -> Void) throws
}

extension SynchronousIOHandling {
    /// The runtime's entry for `handler`: its outputs go to one task of its own, which calls `handle`
    /// for each in turn.
    ///
    /// ```swift
    /// let entry = ViewIOHandler._entry(for: ViewIOHandler())
    /// ```
    @inlinable
    public static func _entry(for handler: Self) -> _HandlerEntry {
        _HandlerEntry(synchronous: handler)
    }
}
