public import MasonStoreCore
public import GRDB

extension DataOperation where Context == Database, Element: MutablePersistableRecord & Sendable {
    /// Inserts a record and returns it as stored (with its auto-incremented id, if it has one).
    ///
    /// ```swift
    /// let bae = try DataOperation.insert(Baby(name: "Bae")).save().operate(in: dbQueue)
    /// bae.id   // 1
    /// ```
    /// - Parameter record: The record to insert.
    /// - Returns: An operation whose element is the inserted record.
    @inlinable
    public static func insert(_ record: Element) -> DataOperation {
        DataOperation { db in try record.inserted(db) }
    }

    /// Updates the row of a record; fails with `StoreError.Kind.recordNotFound` when there is none.
    ///
    /// ```swift
    /// try DataOperation.update(renamed).save().operate(in: dbQueue)
    /// ```
    /// - Parameter record: The record, with its new values.
    /// - Returns: An operation whose element is the record.
    @inlinable
    public static func update(_ record: Element) -> DataOperation {
        DataOperation { db in
            try record.update(db)
            return record
        }
    }
}

extension DataOperation where Context == Database, Element: PersistableRecord & FetchableRecord & Sendable {
    /// Inserts a record, or updates the row that has its primary key (or another unique key), and
    /// returns the row as stored.
    ///
    /// ```swift
    /// try DataOperation.upsert(Baby(id: 1, name: "Bea")).save().operate(in: dbQueue)
    /// ```
    /// - Parameter record: The record to insert or update.
    /// - Returns: An operation whose element is the stored record.
    @inlinable
    public static func upsert(_ record: Element) -> DataOperation {
        DataOperation { db in try record.upsertAndFetch(db) }
    }
}

extension DataOperation where Context == Database, Element == Bool {
    /// Deletes the row of a record; the element tells whether there was one.
    ///
    /// ```swift
    /// let deleted = try DataOperation.delete(bae).save().operate(in: dbQueue)   // true
    /// ```
    /// - Parameter record: The record whose row to delete.
    /// - Returns: An operation whose element is `true` when a row was deleted.
    @inlinable
    public static func delete<Record: MutablePersistableRecord & Sendable>(_ record: Record) -> DataOperation {
        DataOperation { db in try record.delete(db) }
    }
}

extension DataOperation where Context == Database {
    /// Fetches the record with a primary key, or `nil`.
    ///
    /// ```swift
    /// let bae = try DataOperation.fetchOne(Baby.self, id: 1).read(from: dbPool)
    /// ```
    /// - Parameters:
    ///   - type: The record type.
    ///   - id: The primary key.
    /// - Returns: An operation whose element is the record, if there is one.
    @inlinable
    public static func fetchOne<Record: FetchableRecord & TableRecord & Identifiable & Sendable>(
        _ type: Record.Type,
        id: Record.ID
    ) -> DataOperation where Element == Record?, Record.ID: DatabaseValueConvertible & Sendable {
        DataOperation { db in try Record.fetchOne(db, id: id) }
    }

    /// Fetches every record of a table.
    ///
    /// ```swift
    /// let babies = try DataOperation.fetchAll(Baby.self).read(from: dbPool)
    /// ```
    /// - Parameter type: The record type.
    /// - Returns: An operation whose element is every record.
    @inlinable
    public static func fetchAll<Record: FetchableRecord & TableRecord & Sendable>(
        _ type: Record.Type
    ) -> DataOperation where Element == [Record] {
        DataOperation { db in try Record.fetchAll(db) }
    }

    /// Fetches the records a request selects: any request of GRDB's query interface.
    ///
    /// ```swift
    /// let bs = try DataOperation.fetchAll(Baby.filter(Column("name").like("B%")).order(Column("name"))).read(from: dbPool)
    /// ```
    /// - Parameter request: What to fetch.
    /// - Returns: An operation whose element is the records, in the request's order.
    @inlinable
    public static func fetchAll<Record: FetchableRecord & Sendable>(
        _ request: QueryInterfaceRequest<Record>
    ) -> DataOperation where Element == [Record] {
        DataOperation { db in try request.fetchAll(db) }
    }

    /// Counts the rows of a record's table.
    ///
    /// ```swift
    /// let babies = try DataOperation.count(Baby.self).read(from: dbPool)   // 2
    /// ```
    /// - Parameter type: The record type.
    /// - Returns: An operation whose element is the number of rows.
    @inlinable
    public static func count<Record: TableRecord>(_ type: Record.Type) -> DataOperation where Element == Int {
        DataOperation { db in try Record.fetchCount(db) }
    }

    /// Counts the rows a request selects.
    ///
    /// ```swift
    /// let bs = try DataOperation.count(Baby.filter(Column("name").like("B%"))).read(from: dbPool)
    /// ```
    /// - Parameter request: What to count.
    /// - Returns: An operation whose element is the number of rows.
    @inlinable
    public static func count<Record>(_ request: QueryInterfaceRequest<Record>) -> DataOperation
    where Element == Int {
        DataOperation { db in try request.fetchCount(db) }
    }

    /// Runs SQL statements, with arguments bound (never interpolated).
    ///
    /// ```swift
    /// try DataOperation.execute(sql: "UPDATE baby SET name = ? WHERE id = ?", arguments: ["Bea", 1]).save().operate(in: dbQueue)
    /// ```
    /// - Parameters:
    ///   - sql: One or more statements.
    ///   - arguments: The values bound to the `?` and `:name` parameters.
    /// - Returns: An operation that runs them.
    @inlinable
    public static func execute(sql: String, arguments: StatementArguments = StatementArguments()) -> DataOperation
    where Element == Void {
        DataOperation { db in try db.execute(sql: sql, arguments: arguments) }
    }
}
