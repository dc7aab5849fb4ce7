public import MasonStoreCore
public import GRDB

extension DatabaseQueue {
    /// Opens (or creates) the database at `path`, failing with a typed `StoreError`: a file that is
    /// not a database is `StoreError.Kind.corrupt`, one that cannot be opened is
    /// `StoreError.Kind.database` with SQLite's code.
    ///
    /// ```swift
    /// let dbQueue = try DatabaseQueue.opening(path: folder + "/babies.sqlite")
    /// ```
    /// - Parameters:
    ///   - path: The file.
    ///   - configuration: GRDB's configuration (read-only, busy mode, …).
    /// - Returns: The queue.
    /// - Throws: `StoreError`.
    public static func opening(path: String, configuration: Configuration = Configuration()) throws(StoreError)
        -> DatabaseQueue
    {
        try StoreError.catching { try DatabaseQueue(path: path, configuration: configuration) }
    }
}

extension DatabasePool {
    /// Opens (or creates) the database at `path` in WAL mode, failing with a typed `StoreError`
    /// (see `DatabaseQueue.opening(path:configuration:)`).
    ///
    /// ```swift
    /// let dbPool = try DatabasePool.opening(path: folder + "/babies.sqlite")
    /// ```
    /// - Parameters:
    ///   - path: The file.
    ///   - configuration: GRDB's configuration (reader count, busy mode, …).
    /// - Returns: The pool.
    /// - Throws: `StoreError`.
    public static func opening(path: String, configuration: Configuration = Configuration()) throws(StoreError)
        -> DatabasePool
    {
        try StoreError.catching { try DatabasePool(path: path, configuration: configuration) }
    }
}
