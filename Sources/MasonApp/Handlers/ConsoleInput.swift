import Dispatch
import Mason

/// Lines in, as an IO kind: the pure function asks for the next line and gets it, or the end of the
/// input.
///
/// ```swift
/// let (next, read) = io.addingOutput(.readLine, for: ConsoleInputIO.self)
/// // …a later run:
/// if case .line(let text)? = io.input(forToken: read) { … }
/// ```
public enum ConsoleInputIO: IOType {
    /// What a read gives back.
    ///
    /// ```swift
    /// if io.input(of: ConsoleInputIO.self) == .line("q") { … }
    /// ```
    public enum Input: Sendable, Equatable {
        /// A line, without its newline.
        case line(String)
        /// The input is closed (Ctrl-D, a closed pipe): no line will come.
        case endOfInput
    }

    /// What the pure function asks for.
    ///
    /// ```swift
    /// io.addingOutput(.readLine, for: ConsoleInputIO.self)
    /// ```
    public enum Output: Sendable, Equatable {
        /// Read the next line.
        case readLine
    }
}

/// Performs ``ConsoleInputIO`` outputs: reads lines one at a time, in order (its ``outputPolicy`` is
/// `.serial`), on a thread of its own — a blocking read never holds a thread of Swift's pool.
///
/// Cancelling a read (`io.cancelling(token)`) ends its output at once with `CancellationError`; the
/// blocked read itself cannot be interrupted, so the line it reads next is dropped. An app that quits
/// on a key cancels its pending read and ends.
///
/// ```swift
/// let keyboard = ConsoleInputHandler()                      // standard input
/// let scripted = ConsoleInputHandler(lines: ["Lund", "q"])  // tests
/// ```
public final class ConsoleInputHandler: IOHandling {
    /// The IO kind this handler performs.
    public typealias IO = ConsoleInputIO

    /// One read at a time, in order.
    ///
    /// ```swift
    /// ConsoleInputHandler.outputPolicy   // .serial
    /// ```
    public static var outputPolicy: OutputPolicy { .serial }

    private let reader: @Sendable () -> String?
    private let queue = DispatchQueue(label: "Mason.ConsoleInputHandler")

    /// A handler reading standard input.
    ///
    /// ```swift
    /// let keyboard = ConsoleInputHandler()
    /// ```
    public convenience init() {
        self.init { readLine(strippingNewline: true) }
    }

    /// A handler that reads through `reader`, which returns the next line or `nil` at the end. It runs
    /// on the handler's own thread and may block.
    ///
    /// ```swift
    /// let file = ConsoleInputHandler { readLine() }
    /// ```
    /// - Parameter reader: Returns the next line, or `nil` at the end of the input.
    public init(reader: @escaping @Sendable () -> String?) {
        self.reader = reader
    }

    /// A handler that reads `lines`, then reports the end of the input: for tests and scripts.
    ///
    /// ```swift
    /// let scripted = ConsoleInputHandler(lines: ["Lund", "q"])
    /// ```
    /// - Parameter lines: The lines, in order.
    public convenience init(lines: [String]) {
        let remaining = Locked(lines[...])
        self.init { remaining.withLock { $0.popFirst() } }
    }

    /// Reads the next line on the handler's thread and sends it back.
    ///
    /// ```swift
    /// try await keyboard.handle(output: .readLine, token: token) { input in print(input) }
    /// ```
    /// - Parameters:
    ///   - output: `.readLine`.
    ///   - token: The output's token.
    ///   - inputClosure: Receives `.line(_:)` or `.endOfInput`.
    /// - Throws: `CancellationError` when the read is cancelled before a line comes.
    public func handle(
        output: ConsoleInputIO.Output, token: IOToken<ConsoleInputIO>,
        inputClosure: @escaping @Sendable (ConsoleInputIO.Input) -> Void
    ) async throws {
        let line = try await nextLine()
        inputClosure(line.map(ConsoleInputIO.Input.line) ?? .endOfInput)
    }

    /// The next line from the reader's thread; a cancellation ends the wait, not the read.
    private func nextLine() async throws -> String? {
        // The continuation is claimed once, by the read or by the cancellation, under a lock that is
        // never held while resuming (the rule in `Locked`'s docs).
        let waiter = Locked<CheckedContinuation<String?, any Error>?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.withLock { $0 = continuation }
                if Task.isCancelled {
                    waiter.withLock { $0.take() }?.resume(throwing: CancellationError())
                    return
                }
                let reader = self.reader
                queue.async {
                    let line = reader()
                    waiter.withLock { $0.take() }?.resume(returning: line)
                }
            }
        } onCancel: {
            waiter.withLock { $0.take() }?.resume(throwing: CancellationError())
        }
    }
}
