import Foundation
import Hummingbird

/// An Open-Meteo-shaped weather API, for the weather app (`swift run mason-weather`) and its tests:
/// `GET /v1/search?name=` (geocoding, as geocoding-api.open-meteo.com) and `GET /v1/forecast` (as
/// api.open-meteo.com), with the fields the app asks for. The places are a fixed few; the weather is a
/// function of the place and the day, so two requests on one day agree.
extension LoopbackServer {
    /// One place the geocoding route knows.
    struct Place: Encodable {
        let id: Int
        let name: String
        let latitude: Double
        let longitude: Double
        let country: String
        let timezone: String
    }

    /// The places `GET /v1/search` finds, by lowercased name.
    static let weatherPlaces: [String: Place] = [
        "lund": Place(
            id: 2_693_678, name: "Lund", latitude: 55.70584, longitude: 13.19321, country: "Sweden",
            timezone: "Europe/Stockholm"),
        "berlin": Place(
            id: 2_950_159, name: "Berlin", latitude: 52.52437, longitude: 13.41053, country: "Germany",
            timezone: "Europe/Berlin"),
        "oslo": Place(
            id: 3_143_244, name: "Oslo", latitude: 59.91273, longitude: 10.74609, country: "Norway",
            timezone: "Europe/Oslo"),
        "lisbon": Place(
            id: 2_267_057, name: "Lisbon", latitude: 38.71667, longitude: -9.13333, country: "Portugal",
            timezone: "Europe/Lisbon"),
        "reykjavik": Place(
            id: 3_413_829, name: "Reykjavik", latitude: 64.13548, longitude: -21.89541, country: "Iceland",
            timezone: "Atlantic/Reykjavik")
    ]

    private struct SearchResults: Encodable {
        let results: [Place]?
        let generationtime_ms: Double
    }

    private struct Forecast: Encodable {
        struct Current: Encodable {
            let time: String
            let interval: Int
            let temperature_2m: Double
            let wind_speed_10m: Double
            let weather_code: Int
        }

        struct Daily: Encodable {
            let time: [String]
            let weather_code: [Int]
            let temperature_2m_max: [Double]
            let temperature_2m_min: [Double]
        }

        let latitude: Double
        let longitude: Double
        let timezone: String
        let current_units: [String: String]
        let current: Current
        let daily_units: [String: String]
        let daily: Daily
    }

    /// Adds the two routes to `router`.
    static func addWeatherRoutes(to router: Router<LoopbackRequestContext>) {
        router.get("/v1/search") { request, _ -> Response in
            let query = queryDictionary(request)
            guard let name = query["name"], !name.isEmpty else {
                return jsonError(400, message: "Parameter 'name' is required")
            }
            let place = weatherPlaces[name.lowercased().trimmingCharacters(in: .whitespaces)]
            return try json(SearchResults(results: place.map { [$0] }, generationtime_ms: 0.4))
        }
        router.get("/v1/forecast") { request, _ -> Response in
            let query = queryDictionary(request)
            guard let latitude = query["latitude"].flatMap(Double.init),
                let longitude = query["longitude"].flatMap(Double.init),
                (-90...90).contains(latitude), (-180...180).contains(longitude)
            else {
                return jsonError(400, message: "Parameters 'latitude' and 'longitude' must be valid coordinates")
            }
            let days = min(max(query["forecast_days"].flatMap(Int.init) ?? 3, 1), 16)
            return try json(forecast(latitude: latitude, longitude: longitude, days: days, now: Date()))
        }
    }

    /// The weather at a place on the days from `now`: temperatures fall with latitude, codes cycle.
    private static func forecast(latitude: Double, longitude: Double, days: Int, now: Date) -> Forecast {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = calendar.startOfDay(for: now)
        let dayNumber = Int(today.timeIntervalSince1970 / 86_400)
        let seed = Int((abs(latitude) * 100).rounded()) + Int((abs(longitude) * 100).rounded()) + dayNumber
        let codes = [0, 1, 2, 3, 45, 61, 63, 71, 80, 95]
        let base = 22 - abs(latitude) * 0.35
        let day = DateFormatter.weatherDay
        let hour = calendar.component(.hour, from: now)
        let dates = (0..<days).map { calendar.date(byAdding: .day, value: $0, to: today)! }
        // Each part is its own statement: one expression of them all took 100+ ms to type-check.
        let current = Forecast.Current(
            time: day.string(from: today) + String(format: "T%02d:00", hour),
            interval: 900,
            temperature_2m: tenths(base + Double(seed % 7) - 3),
            wind_speed_10m: Double(5 + seed % 23),
            weather_code: codes[seed % codes.count]
        )
        let highs: [Double] = (0..<days).map { (offset: Int) -> Double in tenths(base + Double((seed + offset) % 5)) }
        let lows: [Double] = (0..<days).map { (offset: Int) -> Double in
            let step = Double((seed + 2 * offset) % 4)
            return tenths(base - 6 + step)
        }
        let daily = Forecast.Daily(
            time: dates.map(day.string(from:)),
            weather_code: (0..<days).map { codes[(seed + 3 * $0) % codes.count] },
            temperature_2m_max: highs,
            temperature_2m_min: lows
        )
        return Forecast(
            latitude: latitude,
            longitude: longitude,
            timezone: "GMT",
            current_units: ["temperature_2m": "°C", "wind_speed_10m": "km/h"],
            current: current,
            daily_units: ["temperature_2m_max": "°C", "temperature_2m_min": "°C"],
            daily: daily
        )
    }
}

extension DateFormatter {
    /// `2026-11-26`, in UTC.
    fileprivate static var weatherDay: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }
}

/// `value` rounded to one decimal.
private func tenths(_ value: Double) -> Double {
    (value * 10).rounded() / 10
}
