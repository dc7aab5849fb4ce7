public import GRDB
import Foundation
public import MasonStore

/// The app's SQLite file: one row per city, the last forecast fetched for it, the newest last.
///
/// ```swift
/// let database = try WeatherStore.open(path: "forecasts.sqlite")
/// let latest = try WeatherStore.latest().read(from: database)
/// ```
public enum WeatherStore {
    /// Opens (or creates) the file at `path` with its table.
    ///
    /// ```swift
    /// let database = try WeatherStore.open(path: path)
    /// ```
    /// - Parameter path: The file.
    /// - Returns: The database.
    /// - Throws: ``StoreError`` when the file cannot be opened or is not a database.
    public static func open(path: String) throws(StoreError) -> DatabaseQueue {
        try prepared(DatabaseQueue.opening(path: path))
    }

    /// A database in memory, with the table: what the app keeps when it cannot use its file.
    ///
    /// ```swift
    /// let database = (try? WeatherStore.open(path: path)) ?? (try WeatherStore.inMemory())
    /// ```
    /// - Returns: The database.
    /// - Throws: ``StoreError`` when SQLite cannot make one.
    public static func inMemory() throws(StoreError) -> DatabaseQueue {
        do {
            return try prepared(DatabaseQueue())
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error)
        }
    }

    /// `database`, with the table made if it has none.
    private static func prepared(_ database: DatabaseQueue) throws(StoreError) -> DatabaseQueue {
        try DataOperation<Database, Void> { db in
            try db.execute(
                sql: "CREATE TABLE IF NOT EXISTS forecast (city TEXT PRIMARY KEY NOT NULL, payload BLOB NOT NULL)")
        }.save().operate(in: database)
        return database
    }

    /// The forecast kept for `city`, if any.
    ///
    /// ```swift
    /// let lund = try WeatherStore.cached(city: "Lund").read(from: database)
    /// ```
    public static func cached(city: String) -> DataOperation<Database, CachedForecast?> {
        DataOperation { db in
            try Data.fetchOne(db, sql: "SELECT payload FROM forecast WHERE city = ?", arguments: [city.lowercased()])
                .map(decode)
        }
    }

    /// The forecast kept last, whatever its city.
    ///
    /// ```swift
    /// let last = try WeatherStore.latest().read(from: database)
    /// ```
    public static func latest() -> DataOperation<Database, CachedForecast?> {
        DataOperation { db in
            try Data.fetchOne(db, sql: "SELECT payload FROM forecast ORDER BY rowid DESC LIMIT 1").map(decode)
        }
    }

    /// Keeps `forecast` as its city's, the newest; gives it back.
    ///
    /// ```swift
    /// try WeatherStore.save(cached).operate(in: database)
    /// ```
    public static func save(_ forecast: CachedForecast) -> DataOperation<Database, CachedForecast?> {
        DataOperation { db in
            let payload = try JSONEncoder().encode(forecast)
            try db.execute(sql: "DELETE FROM forecast WHERE city = ?", arguments: [forecast.city])
            try db.execute(
                sql: "INSERT INTO forecast (city, payload) VALUES (?, ?)", arguments: [forecast.city, payload])
            return forecast
        }.save()
    }

    private static func decode(_ payload: Data) throws -> CachedForecast {
        try JSONDecoder().decode(CachedForecast.self, from: payload)
    }
}
