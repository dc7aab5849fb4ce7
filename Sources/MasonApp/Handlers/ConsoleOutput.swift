// `@preconcurrency`: Swift 6 refuses to read the C global `stdout` (a mutable `var` to it). It is
// set once, before `main`, and never written after; `fflush` on it takes the stream's own lock.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Text out, as an IO kind: the pure function asks for lines and prompts to be written, in order.
///
/// ```swift
/// let (next, _) = io.addingOutput(.print("12 °C, light rain"), for: ConsoleOutputIO.self)
/// ```
public enum ConsoleOutputIO: IOType {
    /// Writing sends nothing back: the pure function learns of a failed write only through
    /// `io.failure(forToken:)`.
    public typealias Input = Never

    /// What to write.
    ///
    /// ```swift
    /// io.addingOutput(.write("City? "), for: ConsoleOutputIO.self)
    /// ```
    public enum Output: Sendable, Equatable {
        /// `line` and a newline.
        case print(String)
        /// `text` as it is: a prompt.
        case write(String)
    }
}

/// Performs ``ConsoleOutputIO`` outputs one at a time, in the order the pure function added them, on
/// standard output or on a writer of your choice. A ``SynchronousIOHandling`` handler: a write costs
/// no task of its own.
///
/// ```swift
/// let console = ConsoleOutputHandler()                                   // standard output
/// let quiet = ConsoleOutputHandler { text in logger.info("\(text)") }       // anywhere else
/// ```
public final class ConsoleOutputHandler: SynchronousIOHandling {
    /// The IO kind this handler performs.
    public typealias IO = ConsoleOutputIO

    /// One write at a time, in order (as every synchronous handler's outputs are).
    ///
    /// ```swift
    /// ConsoleOutputHandler.outputPolicy   // .serial
    /// ```
    public static var outputPolicy: OutputPolicy { .serial }

    private let writer: @Sendable (String) throws -> Void

    /// A handler writing to standard output as `print` does (so the two keep their order), flushed
    /// after each write. Only standard output is flushed: flushing every stream would wait for the
    /// lock of standard input, which a `readLine` holds until a line comes (a ``ConsoleInputHandler``
    /// waiting for a key would hold every write back).
    ///
    /// ```swift
    /// let console = ConsoleOutputHandler()
    /// ```
    public convenience init() {
        self.init(failableWriter: { text in
            print(text, terminator: "")
            guard fflush(stdout) == 0 else {
                let code = errno
                clearerr(stdout)
                throw ConsoleWriteFailure(code: code)
            }
        })
    }

    /// A handler passing each piece of text to `writer`.
    ///
    /// ```swift
    /// let console = ConsoleOutputHandler { text in FileHandle.standardError.write(Data(text.utf8)) }
    /// ```
    /// - Parameter writer: Receives each piece of text, newline included for `.print`.
    public init(writer: @escaping @Sendable (String) -> Void) {
        self.writer = writer
    }

    /// A handler passing each piece of text to `writer`, whose throw fails the output: the pure
    /// function gets it for the output's token (`io.failure(forToken:)`).
    private init(failableWriter: @escaping @Sendable (String) throws -> Void) {
        self.writer = failableWriter
    }

    /// Writes the output.
    ///
    /// ```swift
    /// console.handle(output: .print("hello"), token: token) { _ in }
    /// ```
    /// - Parameters:
    ///   - output: What to write.
    ///   - token: The output's token.
    ///   - inputClosure: Never called: writing sends nothing back.
    /// - Throws: ``ConsoleWriteFailure`` when standard output cannot be written (the default writer).
    public func handle(
        output: ConsoleOutputIO.Output, token: IOToken<ConsoleOutputIO>,
        inputClosure: @escaping @Sendable (Never) -> Void
    ) throws {
        switch output {
        case .print(let line): try writer(line + "\n")
        case .write(let text): try writer(text)
        }
    }
}

/// A write to standard output that failed, with the system's error number — `EPIPE` when the
/// program reading it has gone (`mason-weather | head -1`). For that, the program must ignore
/// `SIGPIPE` (`signal(SIGPIPE, SIG_IGN)`), which otherwise ends it at the write.
///
/// ```swift
/// if let failure = io.failure(forToken: line) as? ConsoleWriteFailure, failure.code == EPIPE { … }
/// ```
public struct ConsoleWriteFailure: Error, Sendable, Equatable {
    /// The `errno` of the failed write.
    public let code: Int32
}
