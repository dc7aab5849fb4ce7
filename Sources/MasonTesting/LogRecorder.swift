public import Logging
import Mason

/// Collects what a swift-log `Logger` writes, so tests can read the lines back.
///
/// Thread-safe: loggers made by ``logger(label:level:)`` may be used from any task.
///
/// ```swift
/// let recorder = LogRecorder()
/// let transport = URLSessionTransport.shared.logging(to: recorder.logger())
/// _ = await requestAsync(request, transport: transport).value
/// recorder.messages   // ["→ GET http://127.0.0.1:…", "← 200 GET http://127.0.0.1:… (…)"]
/// ```
public final class LogRecorder: Sendable {
    /// One line that reached the recorder.
    ///
    /// ```swift
    /// let first: LogRecorder.Entry? = recorder.entries.first
    /// ```
    public struct Entry: Sendable, Equatable {
        /// The line's level.
        public var level: Logger.Level
        /// The message.
        public var message: String
        /// The metadata, the logger's merged with the line's, rendered as text.
        public var metadata: [String: String]

        /// The message and every metadata value, for searching a line for a string.
        public var text: String {
            ([message] + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
                .joined(separator: " ")
        }
    }

    private let recorded = Locked<[Entry]>([])

    /// An empty recorder.
    ///
    /// ```swift
    /// let recorder = LogRecorder()
    /// ```
    public init() {}

    /// A logger whose lines at `level` and above go to this recorder.
    ///
    /// ```swift
    /// let logger = recorder.logger(level: .debug)
    /// ```
    ///
    /// - Parameters:
    ///   - label: The logger's label.
    ///   - level: The lowest level recorded; `.trace` by default (everything).
    /// - Returns: The logger.
    public func logger(label: String = "mason.test", level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: label) { _ in Handler(recorder: self) }
        logger.logLevel = level
        return logger
    }

    /// Every line recorded so far, oldest first.
    public var entries: [Entry] { recorded.withLock { $0 } }

    /// The messages recorded so far, oldest first.
    public var messages: [String] { entries.map(\.message) }

    fileprivate func append(_ entry: Entry) {
        recorded.withLock { $0.append(entry) }
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, line in line }
            recorder.append(
                Entry(
                    level: event.level, message: event.message.description,
                    metadata: merged.mapValues { $0.description }))
        }
    }
}
