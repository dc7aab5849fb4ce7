/// What a connection must offer for operations to run on it: nested units that roll back alone, and
/// saving. GRDB's `Database` conforms; a second kind of connection conforms, and every combinator of
/// ``DataOperation`` works on it unchanged.
///
/// ```swift
/// extension MyConnection: DataContext {
///     public func withNestedUnit<T>(_ body: () throws -> T) throws -> T {
///         try execute("SAVEPOINT s"); defer { … }; return try body()
///     }
///     public func saveChanges() throws { try execute("COMMIT"); try execute("BEGIN") }
/// }
/// ```
public protocol DataContext: SendableMetatype {
    /// Runs `body` as a unit nested in the current work: if it throws, only what it did is undone,
    /// and the error is rethrown.
    ///
    /// ```swift
    /// try db.withNestedUnit { try Baby(name: "Bae").insert(db) }
    /// ```
    /// - Parameter body: The nested work.
    /// - Returns: What `body` returns.
    func withNestedUnit<T>(_ body: () throws -> T) throws -> T

    /// Makes everything done so far durable: after it returns, no later failure undoes that work.
    ///
    /// ```swift
    /// try db.saveChanges()
    /// ```
    func saveChanges() throws

    /// How many times ``saveChanges()`` made the work durable so far in this access, or `nil` when
    /// the connection cannot tell (the default). `retry` reads it to never run again the work of an
    /// attempt that saved before it failed.
    ///
    /// ```swift
    /// db.saveCount   // 1 after one save in this access
    /// ```
    var saveCount: Int? { get }

    /// Whether this access was cancelled: its statements fail from now on, and `recover` lets that
    /// failure through rather than recover from it. `false` by default, for a connection whose
    /// statements throw `CancellationError` once cancelled (which `recover` lets through too).
    ///
    /// ```swift
    /// db.isCancelled   // true once the task running the access is cancelled
    /// ```
    var isCancelled: Bool { get }
}

extension DataContext {
    /// `nil`: this connection cannot tell how many times its access saved.
    ///
    /// ```swift
    /// myConnection.saveCount   // nil
    /// ```
    public var saveCount: Int? { nil }

    /// `false`: this connection's statements throw `CancellationError` once cancelled.
    ///
    /// ```swift
    /// myConnection.isCancelled   // false
    /// ```
    public var isCancelled: Bool { false }
}
