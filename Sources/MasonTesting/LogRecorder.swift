public import Logging
import Mason

/// Collects what a swift-log `Logger` writes, so tests can read the lines back.
///
/// Thread-safe: loggers made by ``logger(label:level:metadataProvider:)`` may be used from any task.
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
        /// The metadata, rendered as text: the logger's, its metadata provider's and the line's, merged
        /// in that order, and, for a line logged with an error, `error.message` (`"\(error)"`) and
        /// `error.type`, as swift-log's `StreamLogHandler` writes them.
        public var metadata: [String: String]
        /// The module (or the source given) the line came from.
        public var source: String

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
    ///   - metadataProvider: Metadata added to every line (a trace id from a task local), if any.
    /// - Returns: The logger.
    public func logger(
        label: String = "mason.test", level: Logger.Level = .trace, metadataProvider: Logger.MetadataProvider? = nil
    ) -> Logger {
        var logger = Logger(label: label) { _ in Handler(recorder: self, metadataProvider: metadataProvider) }
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
        var metadataProvider: Logger.MetadataProvider?
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            var merged = metadata
            if let provided = metadataProvider?.get() { merged.merge(provided) { _, provided in provided } }
            merged.merge(event.metadata ?? [:]) { _, line in line }
            if let error = event.error {
                merged["error.message"] = "\(error)"
                merged["error.type"] = "\(String(reflecting: type(of: error)))"
            }
            recorder.append(
                Entry(
                    level: event.level, message: event.message.description,
                    metadata: merged.mapValues { $0.description }, source: event.source))
        }
    }
}
