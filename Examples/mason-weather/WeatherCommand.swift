import ArgumentParser
import Dispatch
import Foundation
import MasonApp
import MasonTestServer
import MasonWeather

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `swift run mason-weather`: the weather in the terminal, on MasonApp. Its logic is the pure
/// `WeatherApp.run(io:)`; everything here wires the real world to it.
@main
struct WeatherCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mason-weather",
        abstract: "The weather in your terminal: a pure functional app on MasonApp.",
        discussion: """
            By default it asks an embedded Open-Meteo-shaped server on 127.0.0.1 (cities: Lund, Berlin, \
            Oslo, Lisbon, Reykjavik). For the real one: --base-url https://api.open-meteo.com (its \
            searches then go to geocoding-api.open-meteo.com). The last forecast is kept in a SQLite \
            file and shown at once on the next start, and when offline, marked as stale.
            """
    )

    @Option(help: "The city; without it (or blank), the last one shown, or you are asked.")
    var city: String?

    @Option(help: "The forecast API's base URL (default: the embedded server).")
    var baseURL: String?

    @Option(help: "The geocoding API's base URL (default: the forecast API's; Open-Meteo's own for it).")
    var geocodingURL: String?

    @Option(help: "The SQLite file that keeps the last forecasts.")
    var database: String = FileManager.default.homeDirectoryForCurrentUser
        .appendingPathComponent(".mason-weather.sqlite").path

    @Option(help: "Seconds between two refreshes.")
    var refresh: Int = 600

    @Flag(help: "Print one forecast (fresh, or from the file when offline) and exit.")
    var once = false

    func validate() throws {
        guard (1...Self.longestRefresh).contains(refresh) else {
            throw ValidationError("--refresh must be a number of seconds from 1 to \(Self.longestRefresh) (a year).")
        }
        for url in [baseURL, geocodingURL].compactMap({ $0 }) where URL(string: url)?.host == nil {
            throw ValidationError("Not an absolute URL: \(url)")
        }
    }

    /// A year: a longer wait overflows the clock's deadline.
    static let longestRefresh = 366 * 24 * 3_600

    func run() async throws {
        // A reader of the output that goes away (`| head -1`) fails the writes, not the process: the
        // forecast fetched is still kept in the file.
        signal(SIGPIPE, SIG_IGN)
        // The file only keeps forecasts: when it cannot be used (not a database, no such folder), the
        // app says so on standard error and shows the weather all the same, keeping it in memory.
        let opened = Result { try WeatherStore.open(path: database) }
        if case .failure(let error) = opened {
            FileHandle.standardError.write(Data("Cannot use \(database) (\(error)); forecasts are not kept.\n".utf8))
        }
        let file = try (try? opened.get()) ?? WeatherStore.inMemory()
        let server = baseURL == nil ? LoopbackServer() : nil
        if let server { try await server.start() }
        guard let base = baseURL.flatMap(URL.init(string:)) ?? server?.baseURL else { throw ExitCode.failure }
        let settings = WeatherSettings(
            city: city, baseURL: base,
            geocodingURL: geocodingURL.flatMap(URL.init(string:)), refreshInterval: .seconds(refresh), once: once)
        let main = WeatherApp.makeMain(settings: settings, database: file)
        // Ctrl-C is a "q": the app cancels what runs, lets a write to the file finish, and ends. A
        // second Ctrl-C ends the process at once (status 130), in case that shutdown hangs.
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT)
        let interrupts = Interrupts()
        interrupt.setEventHandler {
            switch interrupts.received(Int(interrupt.data)) {  // several may come as one event
            case .quit: main.send(.line("q"), as: ConsoleInputIO.self)
            case .exit(let status): Foundation.exit(status)
            }
        }
        interrupt.resume()
        let final = await main.run()
        interrupt.cancel()
        await server?.stop()
        if case .nothing = final.shown { throw ExitCode.failure }
    }
}
