import Foundation

/// A place the geocoding API found (Open-Meteo's `/v1/search` result).
///
/// ```swift
/// let lund = Place(name: "Lund", country: "Sweden", latitude: 55.7, longitude: 13.2)
/// ```
public struct Place: Codable, Sendable, Equatable {
    /// The place's name.
    public var name: String
    /// Its country, when the API gives one.
    public var country: String?
    /// Degrees north.
    public var latitude: Double
    /// Degrees east.
    public var longitude: Double

    /// A place.
    ///
    /// ```swift
    /// let lund = Place(name: "Lund", country: "Sweden", latitude: 55.7, longitude: 13.2)
    /// ```
    public init(name: String, country: String?, latitude: Double, longitude: Double) {
        self.name = name
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `Lund, Sweden`.
    var title: String {
        country.map { "\(name), \($0)" } ?? name
    }
}

/// What `/v1/search` answers: its `results`, absent when nothing matched.
struct SearchResults: Decodable {
    var results: [Place]?
}

/// A forecast as Open-Meteo's `/v1/forecast` gives it, with the fields the app asks for.
///
/// ```swift
/// let forecast = try JSONDecoder().decode(Forecast.self, from: body)
/// ```
public struct Forecast: Codable, Sendable, Equatable {
    /// The weather now.
    public struct Current: Codable, Sendable, Equatable {
        /// `2026-11-26T10:00`, local to the forecast.
        public var time: String
        /// Air temperature 2 m above ground, °C.
        public var temperature: Double
        /// Wind speed 10 m above ground, km/h.
        public var windSpeed: Double
        /// The WMO weather code.
        public var weatherCode: Int

        enum CodingKeys: String, CodingKey {
            case time
            case temperature = "temperature_2m"
            case windSpeed = "wind_speed_10m"
            case weatherCode = "weather_code"
        }
    }

    /// One value a day, each array as long as `time`; a value the model has not for a day is `nil`
    /// (Open-Meteo sends `null`).
    public struct Daily: Codable, Sendable, Equatable {
        /// `2026-11-26`.
        public var time: [String]
        /// WMO weather codes.
        public var weatherCode: [Int?]
        /// Highest temperature of each day, °C.
        public var maximum: [Double?]
        /// Lowest temperature of each day, °C.
        public var minimum: [Double?]

        enum CodingKeys: String, CodingKey {
            case time
            case weatherCode = "weather_code"
            case maximum = "temperature_2m_max"
            case minimum = "temperature_2m_min"
        }
    }

    /// The weather now.
    public var current: Current
    /// The next days.
    public var daily: Daily
}

/// A forecast for a city, as the app keeps it in its SQLite file.
///
/// ```swift
/// let cached = CachedForecast(city: "lund", place: lund, forecast: forecast)
/// ```
public struct CachedForecast: Codable, Sendable, Equatable {
    /// The city as the user typed it, lowercased: the file's key.
    public var city: String
    /// Where it is.
    public var place: Place
    /// The forecast.
    public var forecast: Forecast

    /// A forecast to keep.
    ///
    /// ```swift
    /// let cached = CachedForecast(city: "Lund", place: lund, forecast: forecast)   // city "lund"
    /// ```
    public init(city: String, place: Place, forecast: Forecast) {
        self.city = city.lowercased()
        self.place = place
        self.forecast = forecast
    }
}

extension CachedForecast {
    /// The forecast as the terminal shows it; `note` (why it is stale) goes on the first line.
    func lines(note: String?) -> [String] {
        let now = forecast.current
        var lines = [
            "\(place.title): \(Self.degrees(now.temperature)), \(Self.describe(now.weatherCode)), "
                + "wind \(String(format: "%.0f", now.windSpeed)) km/h (as of \(now.time.replacingOccurrences(of: "T", with: " ")))"
                + (note.map { " [stale: \($0)]" } ?? "")
        ]
        let daily = forecast.daily
        for index in daily.time.indices
        where index < daily.weatherCode.count && index < daily.maximum.count && index < daily.minimum.count {
            lines.append(
                "  \(daily.time[index])  \(Self.degrees(daily.minimum[index])) to \(Self.degrees(daily.maximum[index])), "
                    + (daily.weatherCode[index].map(Self.describe) ?? "no forecast")
            )
        }
        return lines
    }

    private static func degrees(_ value: Double?) -> String {
        value.map { String(format: "%.1f °C", $0) } ?? "–"
    }

    /// The WMO code's words, as Open-Meteo documents them.
    static func describe(_ code: Int) -> String {
        switch code {
        case 0: "clear sky"
        case 1: "mainly clear"
        case 2: "partly cloudy"
        case 3: "overcast"
        case 45, 48: "fog"
        case 51, 53, 55: "drizzle"
        case 56, 57: "freezing drizzle"
        case 61: "light rain"
        case 63: "rain"
        case 65: "heavy rain"
        case 66, 67: "freezing rain"
        case 71, 73, 75, 77: "snow"
        case 80, 81, 82: "rain showers"
        case 85, 86: "snow showers"
        case 95, 96, 99: "thunderstorm"
        default: "weather code \(code)"
        }
    }
}
