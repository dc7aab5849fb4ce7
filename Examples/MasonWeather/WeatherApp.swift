public import Foundation
public import MasonApp
public import MasonAppNetwork
public import MasonAppStore
import MasonNetwork

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The weather app's IO kinds: lines out, lines in, HTTP, a refresh timer, the SQLite file.
public typealias WeatherIO = IOContainer<
    ConsoleOutputIO, ConsoleInputIO, HTTPIO, Timers, StoreIO<CachedForecast?>
>

/// What the app is told on the command line.
///
/// ```swift
/// let settings = WeatherSettings(city: "Lund", baseURL: server.baseURL, once: true)
/// ```
public struct WeatherSettings: Sendable, Equatable {
    /// The city to show, trimmed; `nil` (also for a blank one): the last one shown, else ask.
    public var city: String?
    /// Where `/v1/forecast` is (api.open-meteo.com for the real one).
    public var forecastURL: URL
    /// Where `/v1/search` is (geocoding-api.open-meteo.com for the real one).
    public var geocodingURL: URL
    /// How long between two refreshes, and before a retry when offline.
    public var refreshInterval: Duration
    /// Print one forecast, fresh or from the file, and end.
    public var once: Bool

    /// Settings; the geocoding API defaults to the forecast's server — or, for the real Open-Meteo
    /// (api.open-meteo.com), to its geocoding server, so `--base-url` alone reaches it. The city is
    /// trimmed, and a blank one is none: there is no place called "".
    ///
    /// ```swift
    /// let settings = WeatherSettings(city: "Lund", baseURL: URL(string: "https://api.open-meteo.com")!)
    /// settings.geocodingURL   // https://geocoding-api.open-meteo.com
    /// WeatherSettings(city: " ", baseURL: url).city   // nil
    /// ```
    public init(
        city: String?, baseURL: URL, geocodingURL: URL? = nil, refreshInterval: Duration = .seconds(600),
        once: Bool = false
    ) {
        let trimmed = city?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.city = trimmed?.isEmpty == false ? trimmed : nil
        self.forecastURL = baseURL
        self.geocodingURL = geocodingURL ?? Self.geocodingServer(beside: baseURL)
        self.refreshInterval = refreshInterval
        self.once = once
    }

    /// Where the search is when only the forecast's server is given: the same server, except for the
    /// real Open-Meteo, which answers searches on a host of its own.
    private static func geocodingServer(beside forecast: URL) -> URL {
        guard forecast.host?.lowercased() == "api.open-meteo.com",
            var components = URLComponents(url: forecast, resolvingAgainstBaseURL: false)
        else { return forecast }
        components.host = "geocoding-api.open-meteo.com"
        return components.url ?? forecast
    }
}

/// The weather app: its whole logic is this value and ``run(io:)``, one pure function from a state
/// and an input to a new state and outputs. It shows the forecast kept in the file at once, marked as
/// stale, fetches a fresh one (the place, then its forecast), keeps it, refreshes it on a timer, and
/// takes a new city or `q` from the keyboard.
///
/// ```swift
/// let main = MainFactory.createMain(
///     topLevelFunction: { $0.run(io: $1) }, initialState: WeatherApp(settings: settings),
///     handlers: ConsoleOutputHandler(), ConsoleInputHandler(), HTTPIOHandler(), TimersHandler(),
///     StoreIOHandler<CachedForecast?>(database: database))
/// let final = await main.run()
/// ```
public struct WeatherApp: Sendable {
    /// What forecast is on the screen.
    public enum Shown: Sendable, Equatable {
        /// None yet.
        case nothing
        /// One from the file, not yet confirmed by the network.
        case stale(CachedForecast)
        /// One just fetched.
        case fresh(CachedForecast)
    }

    /// The command line's settings.
    public let settings: WeatherSettings
    /// The city asked for, if any yet.
    public private(set) var city: String?
    /// Where the city is, once found.
    public private(set) var place: Place?
    /// The forecast on the screen.
    public private(set) var shown: Shown = .nothing
    /// Whether the user asked to quit.
    public private(set) var quitting = false

    private var cached: CachedForecast?
    private var loading: IOToken<StoreIO<CachedForecast?>>?
    /// The last save of a fresh forecast, until the file answers.
    private var saving: IOToken<StoreIO<CachedForecast?>>?
    private var locating: IOToken<HTTPIO>?
    private var fetching: IOToken<HTTPIO>?
    private var reading: IOToken<ConsoleInputIO>?
    private var refresh: IOToken<Timers>?
    private var failureAwaitingCache: String?
    private var hinted = false

    /// The app before it starts.
    ///
    /// ```swift
    /// let app = WeatherApp(settings: WeatherSettings(city: "Lund", baseURL: url))
    /// ```
    public init(settings: WeatherSettings) {
        self.settings = settings
    }

    /// One step: the state and outputs after `io`'s input (none on the first step).
    ///
    /// ```swift
    /// let (next, io) = app.run(io: WeatherIO())   // the first step: read the file, look the city up
    /// ```
    /// - Parameter io: The step's input.
    /// - Returns: The new state and the outputs to perform.
    public func run(io: WeatherIO) -> (self: WeatherApp, io: WeatherIO) {
        var app = self
        var io = io
        app.step(&io)
        return (app, io)
    }

    private mutating func step(_ io: inout WeatherIO) {
        guard io.hasInput else { return start(&io) }
        // A save is let finish after "q": its failure is still told.
        if let saving, let result = result(of: saving, in: io) {
            self.saving = nil
            if case .failure(let error) = result { show(["Could not keep the forecast: \(error)"], &io) }
            return
        }
        // After "q" nothing more happens: a read, a search or a line that arrives later is let go.
        guard !quitting else { return }
        if let loading, let result = result(of: loading, in: io) {
            self.loading = nil
            // A file that cannot be read (a forecast kept by an older version) is told, then let be.
            if case .failure(let error) = result { show(["Could not read the kept forecast: \(error)"], &io) }
            cacheRead(result.success ?? nil, &io)
        } else if let locating, let result = result(of: locating, in: io) {
            self.locating = nil
            located(result, &io)
        } else if let fetching, let result = result(of: fetching, in: io) {
            self.fetching = nil
            fetched(result, &io)
        } else if let refresh, io.input(forToken: refresh) != nil {
            self.refresh = nil
            update(&io)
        } else if let line = io.input(of: ConsoleInputIO.self) {
            if let reading, io.input(forToken: reading) != nil { self.reading = nil }
            typed(line, &io)
        } else if let reading, io.failure(forToken: reading) != nil {
            self.reading = nil
        }
    }

    // MARK: Steps

    private mutating func start(_ io: inout WeatherIO) {
        guard let city = settings.city else {
            loading = io.addOutput(.read(WeatherStore.latest()), for: StoreIO<CachedForecast?>.self)
            return
        }
        loading = io.addOutput(.read(WeatherStore.cached(city: city)), for: StoreIO<CachedForecast?>.self)
        locate(city, &io)
    }

    private mutating func cacheRead(_ forecast: CachedForecast?, _ io: inout WeatherIO) {
        cached = forecast
        if let forecast, shown == .nothing, !settings.once || failureAwaitingCache != nil {
            shown = .stale(forecast)
            show(forecast.lines(note: failureAwaitingCache == nil ? "from the file, updating" : "offline"), &io)
        }
        if let failure = failureAwaitingCache {
            failureAwaitingCache = nil
            return report(failure, &io)
        }
        guard city == nil else { return }
        if let forecast {
            city = forecast.city
            place = forecast.place
            fetch(forecast.place, &io)
        } else {
            askForCity(&io)
        }
    }

    private mutating func located(_ result: Result<HTTPIO.Input, any Error>, _ io: inout WeatherIO) {
        switch result.decoded(as: SearchResults.self) {
        case .success(let search):
            guard let found = search.results?.first else {
                show(["No place called \(city ?? "")."], &io)
                return settings.once ? () : askForCity(&io)
            }
            place = found
            fetch(found, &io)
        case .failure(let error):
            failed(error, &io)
        }
    }

    private mutating func fetched(_ result: Result<HTTPIO.Input, any Error>, _ io: inout WeatherIO) {
        switch result.decoded(as: Forecast.self) {
        case .success(let forecast):
            guard let city, let place else { return }
            let fresh = CachedForecast(city: city, place: place, forecast: forecast)
            shown = .fresh(fresh)
            show(fresh.lines(note: nil), &io)
            saving = io.addOutput(.operate(WeatherStore.save(fresh)), for: StoreIO<CachedForecast?>.self)
            guard !settings.once else { return }
            scheduleRefresh(&io)
            listen(&io)
        case .failure(let error):
            failed(error, &io)
        }
    }

    private mutating func typed(_ line: ConsoleInputIO.Input, _ io: inout WeatherIO) {
        guard case .line(let text) = line else { return quit(&io) }
        let entry = text.trimmingCharacters(in: .whitespaces)
        switch entry.lowercased() {
        case "q", "quit", "exit":
            quit(&io)
        case "":
            listen(&io)
        default:
            io.cancel(refresh)
            io.cancel(fetching)
            io.cancel(locating)
            (refresh, fetching, locating, place) = (nil, nil, nil, nil)
            city = entry
            locate(entry, &io)
            listen(&io)
        }
    }

    private mutating func update(_ io: inout WeatherIO) {
        if let place {
            fetch(place, &io)
        } else if let city {
            locate(city, &io)
        }
    }

    // MARK: Outputs

    private mutating func locate(_ city: String, _ io: inout WeatherIO) {
        self.city = city
        var search = URLComponents(
            url: settings.geocodingURL.appendingPathComponent("v1/search"), resolvingAgainstBaseURL: false)
        search?.queryItems = [URLQueryItem(name: "name", value: city), URLQueryItem(name: "count", value: "1")]
        guard let url = search?.url else { return show(["Cannot look up \(city)."], &io) }
        locating = io.addOutput(.request(Self.request(url)), for: HTTPIO.self)
    }

    private mutating func fetch(_ place: Place, _ io: inout WeatherIO) {
        var forecast = URLComponents(
            url: settings.forecastURL.appendingPathComponent("v1/forecast"), resolvingAgainstBaseURL: false)
        forecast?.queryItems = [
            URLQueryItem(name: "latitude", value: String(place.latitude)),
            URLQueryItem(name: "longitude", value: String(place.longitude)),
            URLQueryItem(name: "current", value: "temperature_2m,wind_speed_10m,weather_code"),
            URLQueryItem(name: "daily", value: "weather_code,temperature_2m_max,temperature_2m_min"),
            URLQueryItem(name: "timezone", value: "auto"),
            URLQueryItem(name: "forecast_days", value: "3")
        ]
        guard let url = forecast?.url else { return }
        fetching = io.addOutput(.request(Self.request(url)), for: HTTPIO.self)
    }

    /// The network failed: say so beside the forecast from the file (once the file has been read).
    private mutating func failed(_ error: any Error, _ io: inout WeatherIO) {
        let reason = Self.reason(error)
        guard loading == nil else {
            failureAwaitingCache = reason
            return
        }
        report(reason, &io)
    }

    private mutating func report(_ reason: String, _ io: inout WeatherIO) {
        if case .nothing = shown, let cached, cached.city == city?.lowercased() {
            shown = .stale(cached)
            show(cached.lines(note: "offline"), &io)
        }
        switch shown {
        case .nothing: show(["Could not get the forecast: \(reason)"], &io)
        case .stale, .fresh: show(["Offline: \(reason)." + (settings.once ? "" : " Trying again later.")], &io)
        }
        guard !settings.once else { return }
        scheduleRefresh(&io)
        listen(&io)
    }

    private mutating func askForCity(_ io: inout WeatherIO) {
        guard !settings.once else { return show(["No city: pass --city."], &io) }
        io.addOutput(.write("City: "), for: ConsoleOutputIO.self)
        if reading == nil { reading = io.addOutput(.readLine, for: ConsoleInputIO.self) }
    }

    private mutating func listen(_ io: inout WeatherIO) {
        if !hinted {
            hinted = true
            show(["Type a city and Enter to switch, q to quit."], &io)
        }
        if reading == nil { reading = io.addOutput(.readLine, for: ConsoleInputIO.self) }
    }

    private mutating func scheduleRefresh(_ io: inout WeatherIO) {
        io.cancel(refresh)
        refresh = io.addOutput(.start(id: 0, after: settings.refreshInterval), for: Timers.self)
    }

    private mutating func quit(_ io: inout WeatherIO) {
        quitting = true
        io.cancel(loading)
        io.cancel(reading)
        io.cancel(refresh)
        io.cancel(fetching)
        io.cancel(locating)
        (loading, reading, refresh, fetching, locating) = (nil, nil, nil, nil, nil)
        show(["Bye."], &io)
    }

    private func show(_ lines: [String], _ io: inout WeatherIO) {
        for line in lines { io.addOutput(.print(line), for: ConsoleOutputIO.self) }
    }

    // MARK: Helpers

    /// Why a request failed, in a few words.
    private static func reason(_ error: any Error) -> String {
        switch error as? NetworkRequestError {
        case .failed(let description, _)?: description
        case .invalidResponse(let response)?: "the server answered \(response.status)"
        case .decodingFailed(let type, let description, _)?: "\(type) could not be read: \(description)"
        default: "\(error)"
        }
    }

    private static func request(_ url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.timeoutInterval = 10
        return request
    }

    /// What the output `token` gave back in this step: its input, or the error its handler threw.
    private func result<K: IOType>(of token: IOToken<K>, in io: WeatherIO) -> Result<K.Input, any Error>?
    where K.Input: Sendable {
        if let input = io.input(forToken: token) { return .success(input) }
        return io.failure(forToken: token).map { .failure($0) }
    }
}

extension Result where Success == HTTPIO.Input, Failure == any Error {
    /// The response's body decoded from JSON, or why not.
    fileprivate func decoded<T: Decodable>(as type: T.Type) -> Result<T, any Error> {
        switch self {
        case .success(.response(let body)): Result<T, any Error> { try JSONDecoder().decode(T.self, from: body) }
        case .failure(let error): .failure(error)
        }
    }
}

extension Result where Success == StoreIO<CachedForecast?>.Input {
    /// The element read, or `nil` when the read failed.
    fileprivate var success: CachedForecast?? {
        guard case .success(.element(let forecast)) = self else { return nil }
        return forecast
    }
}
