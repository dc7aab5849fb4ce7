import Foundation
import MasonApp
import MasonAppNetwork
import MasonAppStore
import MasonTesting
import MasonWeather
import Testing

/// The weather app's pure function, step by step with the harness: no network, no file, no clock.
@Suite struct WeatherAppTests {
    typealias Harness = AppHarness<
        WeatherApp, ConsoleOutputIO, ConsoleInputIO, HTTPIO, Timers, StoreIO<CachedForecast?>
    >

    static let base = URL(string: "http://weather.test")!
    static let lund = Place(name: "Lund", country: "Sweden", latitude: 55.7, longitude: 13.2)
    static let searchBody = Data(
        #"{"results":[{"name":"Lund","country":"Sweden","latitude":55.7,"longitude":13.2}],"generationtime_ms":0.4}"#
            .utf8)
    static let forecastBody = Data(
        #"""
        {"current":{"time":"2026-11-26T10:00","temperature_2m":4.5,"wind_speed_10m":12.0,"weather_code":3},
         "daily":{"time":["2026-11-26","2026-11-27"],"weather_code":[3,61],
                  "temperature_2m_max":[6.0,7.5],"temperature_2m_min":[1.0,2.5]}}
        """#.utf8)
    static let oldForecast = CachedForecast(
        city: "Lund", place: lund,
        forecast: try! JSONDecoder().decode(
            Forecast.self,
            from: Data(
                #"""
                {"current":{"time":"2026-11-20T08:00","temperature_2m":-1.0,"wind_speed_10m":3.0,"weather_code":71},
                 "daily":{"time":["2026-11-20"],"weather_code":[71],"temperature_2m_max":[0.5],"temperature_2m_min":[-3.0]}}
                """#.utf8)))

    static func harness(city: String? = "Lund", once: Bool = false) -> Harness {
        Harness({ $0.run(io: $1) }, state: WeatherApp(settings: WeatherSettings(city: city, baseURL: base, once: once)))
    }

    /// Every line printed by the last step, in order.
    static func printed(_ app: inout Harness) -> [String] {
        var lines: [String] = []
        while let (output, _) = try? app.expectOutput(ConsoleOutputIO.self) {
            if case .print(let line) = output {
                lines.append(line)
            } else if case .write(let text) = output {
                lines.append(text)
            }
        }
        return lines
    }

    /// Starts `app` with an empty file and a place found for the city; the forecast request's token.
    static func startedUpToTheForecastRequest(_ app: inout Harness) throws -> IOToken<HTTPIO> {
        try app.start()
        let (_, loading) = try app.expectOutput(StoreIO<CachedForecast?>.self)
        let (_, locating) = try app.expectOutput(HTTPIO.self)
        try app.receive(.element(nil), forToken: loading)
        try app.receive(.response(Self.searchBody), forToken: locating)
        return try app.expectOutput(HTTPIO.self).token
    }

    static func url(of output: HTTPIO.Output) -> String {
        guard case .request(let request) = output else { return "" }
        return request.url?.absoluteString ?? ""
    }

    @Test func aCityIsLookedUpFetchedShownKeptAndRefreshed() throws {
        var app = Self.harness()
        try app.start()
        guard let (timer, reading) = try Self.lookUpAndShowLund(&app) else { return }
        try app.finish()
        if case .fresh(let shown) = app.state.shown { #expect(shown.place == Self.lund) } else { Issue.record("shown") }

        try app.receive(.line("q"), forToken: reading)
        #expect(Self.printed(&app) == ["Bye."])
        try app.expectCancellation(of: timer)
        try app.finish()
        #expect(app.state.quitting)
    }

    /// The first steps of a start for Lund: the file read (empty), the search, the forecast fetched and
    /// shown, kept, the refresh timer started. Returns the timer's and the console's tokens, or `nil`
    /// (with an issue recorded) when a step differs.
    private static func lookUpAndShowLund(
        _ app: inout Harness
    ) throws -> (timer: IOToken<Timers>, reading: IOToken<ConsoleInputIO>)? {
        let (read, loading) = try app.expectOutput(StoreIO<CachedForecast?>.self)
        guard case .read = read else {
            Issue.record("the first store output reads the file")
            return nil
        }
        let (search, locating) = try app.expectOutput(HTTPIO.self)
        #expect(url(of: search) == "http://weather.test/v1/search?name=Lund&count=1")

        try app.receive(.element(nil), forToken: loading)
        try app.receive(.response(searchBody), forToken: locating)
        let (forecast, fetching) = try app.expectOutput(HTTPIO.self)
        #expect(url(of: forecast).hasPrefix("http://weather.test/v1/forecast?latitude=55.7&longitude=13.2&current="))

        try app.receive(.response(forecastBody), forToken: fetching)
        let lines: [String] = printed(&app)
        let firstLine: String? = lines.first
        let secondLine: String? = lines.dropFirst().first
        #expect(firstLine == "Lund, Sweden: 4.5 °C, overcast, wind 12 km/h (as of 2026-11-26 10:00)")
        #expect(secondLine == "  2026-11-26  1.0 °C to 6.0 °C, overcast")
        #expect(lines.last == "Type a city and Enter to switch, q to quit.")
        let (save, _) = try app.expectOutput(StoreIO<CachedForecast?>.self)
        guard case .operate = save else {
            Issue.record("the fresh forecast is kept")
            return nil
        }
        let (timerOutput, timer) = try app.expectOutput(Timers.self)
        let tenMinutes: Timers.Output = .start(id: 0, after: Duration.seconds(600))
        #expect(timerOutput == tenMinutes)
        let (_, reading) = try app.expectOutput(ConsoleInputIO.self)
        return (timer, reading)
    }

    // Before the fix `--city " "` trimmed to "" and the app searched for a place with no name.
    @Test func aBlankCityIsNoCity() throws {
        #expect(WeatherSettings(city: " \t", baseURL: Self.base).city == nil)
        #expect(WeatherSettings(city: " Lund ", baseURL: Self.base).city == "Lund")
        var app = Self.harness(city: "  ")
        try app.start()
        let (read, _) = try app.expectOutput(StoreIO<CachedForecast?>.self)
        guard case .read = read else { Issue.record("the file is read for the last city"); return }
        #expect(throws: AppHarnessFailure.self) { try app.expectOutput(HTTPIO.self) }
        try app.finish()
    }

    struct DiskFull: Error, CustomStringConvertible {
        var description: String { "disk full" }
    }

    // Before, a file that could not be read counted as one with nothing kept, and no one was told.
    @Test func aKeptForecastThatCannotBeReadIsToldAndTheCityStillLookedUp() throws {
        var app = Self.harness()
        try app.start()
        let (_, loading) = try app.expectOutput(StoreIO<CachedForecast?>.self)
        let (_, locating) = try app.expectOutput(HTTPIO.self)
        try app.fail(DiskFull(), forToken: loading)
        #expect(Self.printed(&app) == ["Could not read the kept forecast: disk full"])
        try app.receive(.response(Self.searchBody), forToken: locating)
        #expect(Self.url(of: try app.expectOutput(HTTPIO.self).output).contains("forecast"))
    }

    // Before the fix the save's token was dropped and its failure went unheard.
    @Test func aFailedSaveIsToldInOneLine() throws {
        var app = Self.harness()
        let fetching = try Self.startedUpToTheForecastRequest(&app)
        try app.receive(.response(Self.forecastBody), forToken: fetching)
        _ = Self.printed(&app)
        let (_, saving) = try app.expectOutput(StoreIO<CachedForecast?>.self)
        try app.expectOutput(Timers.self)
        try app.expectOutput(ConsoleInputIO.self)

        try app.fail(DiskFull(), forToken: saving)
        #expect(Self.printed(&app) == ["Could not keep the forecast: disk full"])
        try app.finish()
        if case .fresh = app.state.shown {} else { Issue.record("the fresh forecast stays on the screen") }
    }

    @Test func quittingCancelsTheRefreshTimer() throws {
        var app = Self.harness()
        let fetching = try Self.startedUpToTheForecastRequest(&app)
        try app.receive(.response(Self.forecastBody), forToken: fetching)
        _ = Self.printed(&app)
        try app.expectOutput(StoreIO<CachedForecast?>.self)
        let (_, timer) = try app.expectOutput(Timers.self)
        let (_, reading) = try app.expectOutput(ConsoleInputIO.self)

        try app.receive(.line("q"), as: ConsoleInputIO.self)  // Ctrl-C sends this, with the read pending
        #expect(Self.printed(&app) == ["Bye."])
        try app.expectCancellation(of: reading)
        try app.expectCancellation(of: timer)
        try app.finish()
    }

    @Test func theRealOpenMeteoIsReachedWithItsForecastServerAlone() throws {
        let real = WeatherSettings(city: "Lund", baseURL: try #require(URL(string: "https://api.open-meteo.com")))
        #expect(real.geocodingURL.absoluteString == "https://geocoding-api.open-meteo.com")
        let other = WeatherSettings(city: "Lund", baseURL: try #require(URL(string: "http://127.0.0.1:8080")))
        #expect(other.geocodingURL == other.forecastURL)
        let given = try #require(URL(string: "http://search.test"))
        #expect(WeatherSettings(city: nil, baseURL: real.forecastURL, geocodingURL: given).geocodingURL == given)
    }

    @Test func quittingBeforeTheFileIsReadEndsEverything() throws {
        var app = Self.harness(city: nil)
        try app.start()
        let (_, loading) = try app.expectOutput(StoreIO<CachedForecast?>.self)
        try app.finish()

        try app.receive(.line("q"), as: ConsoleInputIO.self)  // Ctrl-C, before the file has answered
        #expect(Self.printed(&app) == ["Bye."])
        try app.expectCancellation(of: loading)
        try app.finish()

        try app.receive(.element(Self.oldForecast), forToken: loading)  // the read answered anyway
        try app.finish()  // no forecast shown, no request, no timer, no prompt
        #expect(app.state.quitting)
    }

    @Test func offlineOnceShowsTheFileMarkedStale() throws {
        var app = Self.harness(once: true)
        try app.start()
        let (_, loading) = try app.expectOutput(StoreIO<CachedForecast?>.self)
        let (_, locating) = try app.expectOutput(HTTPIO.self)
        try app.fail(URLError(.cannotConnectToHost), forToken: locating)
        try app.finish()  // nothing to say before the file is read

        try app.receive(.element(Self.oldForecast), forToken: loading)
        let lines = Self.printed(&app)
        #expect(lines.first == "Lund, Sweden: -1.0 °C, snow, wind 3 km/h (as of 2026-11-20 08:00) [stale: offline]")
        #expect(lines.last?.hasPrefix("Offline: ") == true)
        try app.finish()  // --once: no timer, no read
        #expect(app.state.shown == .stale(Self.oldForecast))
    }

    @Test func withNoCityTheLastOneKeptIsShownAtOnceThenRefreshed() throws {
        var app = Self.harness(city: nil)
        try app.start()
        let (read, loading) = try app.expectOutput(StoreIO<CachedForecast?>.self)
        guard case .read = read else { Issue.record("reads the file"); return }
        try app.finish()

        try app.receive(.element(Self.oldForecast), forToken: loading)
        #expect(Self.printed(&app).first?.hasSuffix("[stale: from the file, updating]") == true)
        let (forecast, _) = try app.expectOutput(HTTPIO.self)
        #expect(Self.url(of: forecast).contains("latitude=55.7"))
        try app.finish()
        #expect(app.state.city == "lund")
    }

    @Test func withNoCityAndAnEmptyFileTheAppAsks() throws {
        var app = Self.harness(city: nil)
        try app.start()
        let (_, loading) = try app.expectOutput(StoreIO<CachedForecast?>.self)
        try app.receive(.element(nil), forToken: loading)
        #expect(Self.printed(&app) == ["City: "])
        let (_, reading) = try app.expectOutput(ConsoleInputIO.self)
        try app.finish()

        try app.receive(.line("Atlantis"), forToken: reading)
        let (search, locating) = try app.expectOutput(HTTPIO.self)
        #expect(Self.url(of: search).contains("name=Atlantis"))
        #expect(Self.printed(&app) == ["Type a city and Enter to switch, q to quit."])
        try app.expectOutput(ConsoleInputIO.self)
        try app.finish()

        try app.receive(.response(Data(#"{"generationtime_ms":0.2}"#.utf8)), forToken: locating)
        #expect(Self.printed(&app) == ["No place called Atlantis.", "City: "])
        try app.finish()  // a read is already pending: no second one
    }

    @Test func aMalformedForecastIsReportedNotShown() throws {
        var app = Self.harness(once: true)
        let fetching = try Self.startedUpToTheForecastRequest(&app)
        try app.receive(.response(Data(#"{"current":{}}"#.utf8)), forToken: fetching)
        #expect(Self.printed(&app).first?.hasPrefix("Could not get the forecast: ") == true)
        try app.finish()
        #expect(app.state.shown == .nothing)
    }

    /// What Open-Meteo may send: a `null` for a day a model does not cover, and a value no wind has.
    /// The forecast is shown, with a dash for what is missing. (Before, the `null` failed the whole
    /// forecast as "Could not get the forecast", and the wind trapped in `Int(_:)`.)
    @Test func aNullDayAndAnAbsurdWindAreShownNotFatal() throws {
        var app = Self.harness(once: true)
        let fetching = try Self.startedUpToTheForecastRequest(&app)
        let body = #"""
            {"current":{"time":"2026-11-26T10:00","temperature_2m":4.5,"wind_speed_10m":1e20,"weather_code":3},
             "daily":{"time":["2026-11-26","2026-11-27"],"weather_code":[3,null],
                      "temperature_2m_max":[null,7.5],"temperature_2m_min":[1.0,2.5]}}
            """#
        try app.receive(.response(Data(body.utf8)), forToken: fetching)
        let lines = Self.printed(&app)
        #expect(
            lines.first == "Lund, Sweden: 4.5 °C, overcast, wind 100000000000000000000 km/h (as of 2026-11-26 10:00)")
        #expect(
            lines.dropFirst().prefix(2) == [
                "  2026-11-26  1.0 °C to –, overcast", "  2026-11-27  2.5 °C to 7.5 °C, no forecast"
            ])
    }
}
