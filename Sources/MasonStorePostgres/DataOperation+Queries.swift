public import MasonStoreCore
public import PostgresNIO

extension DataOperation where Context == PostgresContext, Element == Int {
    /// An operation that runs one statement and returns how many rows it touched.
    ///
    /// ```swift
    /// let rename = DataOperation.execute("UPDATE baby SET name = \(new) WHERE name = \(old)")
    /// ```
    /// - Parameter query: The SQL, with interpolated values sent as bound parameters.
    /// - Returns: An operation returning the number of rows inserted, updated or deleted.
    public static func execute(_ query: PostgresQuery) -> DataOperation {
        DataOperation { db in try db.execute(query) }
    }
}

extension DataOperation where Context == PostgresContext {
    /// An operation that runs a query and decodes every row.
    ///
    /// ```swift
    /// let babies = DataOperation.fetchAll(Baby.self, "SELECT id, name FROM baby ORDER BY id")
    /// ```
    /// - Parameters:
    ///   - type: A `Decodable` row type, or one column's value type.
    ///   - query: The SQL, with interpolated values sent as bound parameters.
    /// - Returns: An operation returning the rows.
    public static func fetchAll<Row: Decodable & Sendable>(_ type: Row.Type, _ query: PostgresQuery) -> DataOperation
    where Element == [Row] {
        DataOperation { db in try db.fetchAll(Row.self, query) }
    }

    /// An operation that runs a query and decodes its first row, if any.
    ///
    /// ```swift
    /// let count = DataOperation.fetchOne(Int.self, "SELECT count(*) FROM baby")
    /// ```
    /// - Parameters:
    ///   - type: A `Decodable` row type, or one column's value type.
    ///   - query: The SQL, with interpolated values sent as bound parameters.
    /// - Returns: An operation returning the first row, or `nil`.
    public static func fetchOne<Row: Decodable & Sendable>(_ type: Row.Type, _ query: PostgresQuery) -> DataOperation
    where Element == Row? {
        DataOperation { db in try db.fetchOne(Row.self, query) }
    }
}
