public import GRDB
public import MasonApp
import MasonAppNetwork
import MasonAppStore
public import MasonNetwork

extension WeatherApp {
    /// The app wired to the world: the terminal, HTTP through `transport`, a timer on the continuous
    /// clock, and `database` (see ``WeatherStore/open(path:)``). `mason-weather` and `mason-demo` run it.
    ///
    /// ```swift
    /// let main = WeatherApp.makeMain(settings: settings, database: try WeatherStore.open(path: path))
    /// let final = await main.run()
    /// ```
    /// - Parameters:
    ///   - settings: What the command line said.
    ///   - database: The file that keeps the forecasts.
    ///   - transport: What sends the requests (default: `URLSessionTransport`, retrying).
    /// - Returns: The app, not started.
    public static func makeMain(
        settings: WeatherSettings, database: any DatabaseWriter,
        transport: any Transport = URLSessionTransport.shared.retrying(.standard)
    ) -> Main<WeatherApp> {
        MainFactory.createMain(
            topLevelFunction: { $0.run(io: $1) },
            initialState: WeatherApp(settings: settings),
            handlers: ConsoleOutputHandler(), ConsoleInputHandler(), HTTPIOHandler(transport: transport),
            TimersHandler(), StoreIOHandler<CachedForecast?>(database: database)
        )
    }
}
