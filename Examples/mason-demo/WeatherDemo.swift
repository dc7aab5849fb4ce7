import Foundation
import MasonTestServer
import MasonWeather

/// SimpleFunctional's weather app on MasonApp, once: the forecast for Lund from the embedded
/// Open-Meteo-shaped server, kept in a file in a temporary folder. `swift run mason-weather` is the
/// whole app.
enum WeatherDemo {
    static func run() async throws {
        MasonDemo.section("MasonApp: the weather app, one pure function (swift run mason-weather for all of it)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mason-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try WeatherStore.open(path: folder.appendingPathComponent("forecasts.sqlite").path)
        let final = try await LoopbackServer.withRunning { server in
            let settings = WeatherSettings(city: "Lund", baseURL: server.baseURL, once: true)
            return await WeatherApp.makeMain(settings: settings, database: database).run()
        }
        let kept = try await WeatherStore.cached(city: "Lund").read(from: database)
        MasonDemo.show("the file keeps the forecast shown", kept.map { final.shown == .fresh($0) } ?? false)
    }
}
