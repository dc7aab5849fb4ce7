/// One kind of input and output the pure function exchanges with the world: a console, a timer, HTTP.
/// Each kind declares its own `Input` and `Output` value types (SimpleFunctional's `IOType`).
///
/// ```swift
/// struct TimerIO: IOType {
///     enum Input { case timerFired }
///     enum Output { case addTimer(milliseconds: UInt) }
/// }
/// ```
///
/// Both are `Sendable`: outputs travel from the loop to a handler, inputs back from the handler.
public protocol IOType {
    /// What the world sends the pure function.
    associatedtype Input: Sendable
    /// What the pure function asks of the world.
    associatedtype Output: Sendable
}
