import Foundation
import MasonTesting
import Testing

/// The real executable, end to end: a forecast from the embedded server into a fresh file, then the
/// same city with the network gone, from the file.
@Suite(.timeLimit(.minutes(5))) struct WeatherEndToEndTests {
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "mason-weather")
    }

    /// Runs `mason-weather` with `arguments`; its exit status and standard output.
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await ChildProcess.run(executable, arguments: arguments)
    }

    @Test func onceFetchesAndKeepsThenShowsTheFileWhenOffline() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mason-weather-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("forecasts.sqlite").path

        let online = try await Self.run(["--once", "--city", "Oslo", "--database", file])
        #expect(online.status == 0, "\(online.output)")
        #expect(online.output.hasPrefix("Oslo, Norway: "), "\(online.output)")
        #expect(!online.output.contains("stale"))
        #expect(online.output.split(separator: "\n").count == 4, "now, then three days")

        // Port 9 (discard) on loopback: nothing listens, the connection is refused.
        let offline = try await Self.run([
            "--once", "--city", "oslo", "--database", file, "--base-url", "http://127.0.0.1:9"
        ])
        #expect(offline.status == 0, "\(offline.output)")
        let lines: [Substring] = offline.output.split(separator: "\n")
        let first = String(lines.first ?? "")
        #expect(first.hasSuffix("[stale: offline]"), "\(offline.output)")
        let shown: [Substring] = online.output.split(separator: "(")
        let place = String(shown.first ?? "?")
        #expect(first.hasPrefix(place))

        let unknown = try await Self.run(["--once", "--city", "Nowhere", "--database", file])
        #expect(unknown.status != 0)
        #expect(unknown.output.contains("No place called Nowhere."))
    }
    /// The file only keeps forecasts: one that is not a database (or cannot be opened) is told on
    /// standard error, and the forecast is still shown. (Before, the app refused to run, status 1.)
    @Test func aFileThatIsNotADatabaseStillShowsTheForecast() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mason-weather-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("forecasts.sqlite").path
        try Data(String(repeating: "not a database ", count: 100).utf8).write(to: URL(fileURLWithPath: file))
        let result = try await Self.run(["--once", "--city", "Oslo", "--database", file])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasPrefix("Oslo, Norway: "), "\(result.output)")
    }

    /// An output nobody reads any more (`mason-weather --once | true`): the writes fail (`EPIPE`,
    /// `SIGPIPE` ignored), the app does not — it ends normally and keeps the forecast.
    @Test func anOutputNobodyReadsStillKeepsTheForecast() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mason-weather-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("forecasts.sqlite").path
        let started = try ChildProcess.start(
            Self.executable, arguments: ["--once", "--city", "Oslo", "--database", file])
        try started.output.close()
        let (status, bySignal) = await OwnThread.run { started.waitForExit() }
        #expect(!bySignal && status == 0, "ended with \(bySignal ? "signal" : "status") \(status)")
        let offline = try await Self.run([
            "--once", "--city", "Oslo", "--database", file, "--base-url", "http://127.0.0.1:9"
        ])
        #expect(offline.output.contains("[stale: offline]"), "the forecast was kept: \(offline.output)")
    }

    /// A refresh interval the clock cannot hold is refused at once (status 64), not a crash when the
    /// first timer starts.
    @Test func aRefreshIntervalPastAYearIsRefused() async throws {
        let result = try await Self.run(["--once", "--city", "Oslo", "--refresh", "\(Int.max)"])
        #expect(result.status == 64)
    }

    /// Ctrl-C while the app waits for a typed line — its usual state — ends it: "Bye.", status 0. (Before,
    /// the console's write flushed every stdio stream, stdin's too, whose lock the pending `readLine`
    /// holds until a line comes: "Bye." never came out and the app never ended; nor did the second
    /// Ctrl-C's `exit`.) The input stays open, as a terminal's does; the app gets 20 s to end.
    @Test func ctrlCEndsTheAppWhileItWaitsForALine() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mason-weather-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["--city", "Oslo", "--database", folder.appendingPathComponent("forecasts.sqlite").path]
        let started = try ChildProcess.start(Self.executable, arguments: arguments, withInput: true)
        let (ended, output) = await OwnThread.run { () -> (Bool, String) in
            var output = Data()
            while !String(decoding: output, as: UTF8.self).contains("q to quit.") {
                let piece = started.output.availableData
                if piece.isEmpty { break }
                output.append(piece)
            }
            usleep(300_000)  // the read that follows the hint is under way
            kill(started.pid, SIGINT)
            var ended = false
            for _ in 0..<2_000 {
                var status: Int32 = 0
                if waitpid(started.pid, &status, WNOHANG) == started.pid {
                    ended = true
                    break
                }
                usleep(10_000)
            }
            if !ended {
                kill(-started.pid, SIGKILL)
                started.waitForExit()
            }
            output.append(started.output.readDataToEndOfFile())
            return (ended, String(decoding: output, as: UTF8.self))
        }
        try? started.input?.close()
        #expect(ended, "the app did not end after Ctrl-C: \(output)")
        #expect(output.hasSuffix("Bye.\n"), "\(output)")
    }
}
