import Logging
import MasonTesting
import Testing

/// What a test reads back of a log: every line, with what production handlers print of it.
@Suite struct LogRecorderTests {
    struct Leaky: Error, CustomStringConvertible {
        var description: String { "token=leak-secret" }
    }

    /// A line logged with an error carries the error as swift-log's stream handler prints it, so a
    /// test looking for a secret in the log finds it there too. (Before, the error was dropped.)
    @Test func theErrorOfALineIsRecordedAndSearchable() {
        let recorder = LogRecorder()
        recorder.logger().warning("refresh failed", error: Leaky())
        let entry = recorder.entries.first
        #expect(entry?.metadata["error.message"] == "token=leak-secret")
        #expect(entry?.metadata["error.type"]?.hasSuffix("Leaky") == true)
        #expect(entry?.text.contains("leak-secret") == true)
    }

    /// The logger's own metadata, its metadata provider's and the line's are merged in that order, a
    /// later one winning (as swift-log's stream handler does); the line's source is kept.
    @Test func metadataMergesProviderLoggerAndLine() {
        let recorder = LogRecorder()
        let provider = Logger.MetadataProvider { ["trace": "t1", "shared": "provider"] }
        var logger = recorder.logger(metadataProvider: provider)
        logger[metadataKey: "shared"] = "logger"
        logger.info("hello", metadata: ["line": "1"], source: "mine")
        #expect(recorder.entries.first?.metadata == ["trace": "t1", "shared": "provider", "line": "1"])
        #expect(recorder.entries.first?.source == "mine")
    }
}
