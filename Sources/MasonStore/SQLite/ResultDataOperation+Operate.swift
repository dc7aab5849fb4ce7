public import MasonStoreCore
public import GRDB

extension ResultDataOperation where Context == Database {
    /// Runs the operation in one serialized access of `writer`, blocking the caller: a failure rolls
    /// back everything since the last save, then is returned, as a throw would be.
    ///
    /// ```swift
    /// switch try checkedBaby.operate(in: dbQueue) {
    /// case .success(let baby): print(baby.name)
    /// case .failure(let problem): print(problem)
    /// }
    /// ```
    /// - Parameter writer: A `DatabaseQueue` or `DatabasePool`.
    /// - Returns: The success, or the operation's failure.
    /// - Throws: `StoreError`, for a failure of the database itself.
    public func operate(in writer: some DatabaseWriter) throws(StoreError) -> Result<Element, Failure> {
        do {
            return .success(try throwing.operate(in: writer))
        } catch {
            return try Self.outcome(of: error)
        }
    }

    /// The `async` twin of `operate(in:)`.
    ///
    /// ```swift
    /// let outcome = try await checkedBaby.operate(in: dbPool)
    /// ```
    /// - Parameter writer: A `DatabaseQueue` or `DatabasePool`.
    /// - Returns: The success, or the operation's failure.
    /// - Throws: `StoreError`, for a failure of the database itself.
    public func operate(in writer: some DatabaseWriter) async throws(StoreError) -> Result<Element, Failure>
    where Element: Sendable, Failure: Sendable {
        do {
            return .success(try await throwing.operate(in: writer))
        } catch {
            return try Self.outcome(of: error)
        }
    }

    /// Starts the operation and returns at once; `completion` gets the outcome on the writer's queue.
    ///
    /// ```swift
    /// checkedBaby.operateAsync(in: dbQueue) { outcome in print(outcome) }
    /// ```
    /// - Parameters:
    ///   - writer: A `DatabaseQueue` or `DatabasePool`.
    ///   - completion: Receives the outcome, or the database's own error.
    public func operateAsync(
        in writer: some DatabaseWriter,
        _ completion: @escaping @Sendable (Result<Result<Element, Failure>, StoreError>) -> Void
    ) {
        throwing.operateAsync(in: writer) { outcome in
            switch outcome {
            case .success(let element): completion(.success(.success(element)))
            case .failure(let error): completion(Result { () throws(StoreError) in try Self.outcome(of: error) })
            }
        }
    }

    /// Runs the operation nested in the access `context` belongs to (a savepoint).
    ///
    /// ```swift
    /// let inner = try checkedBaby.operate(in: db)
    /// ```
    /// - Parameter context: The `Database` an enclosing operation was given.
    /// - Returns: The success, or the operation's failure.
    /// - Throws: `StoreError`, for a failure of the database itself.
    public func operate(in context: Database) throws(StoreError) -> Result<Element, Failure> {
        do {
            return .success(try throwing.operate(in: context))
        } catch {
            return try Self.outcome(of: error)
        }
    }

}
