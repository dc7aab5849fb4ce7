public import MasonStoreCore
public import PostgresNIO

extension ResultDataOperation where Context == PostgresContext {
    /// Runs the operation on a connection from `client`'s pool, in a transaction: a failure rolls back
    /// everything since the last save, then is returned, as a throw would be.
    ///
    /// ```swift
    /// switch try await checkedBaby.operate(in: client) {
    /// case .success(let baby): print(baby.name)
    /// case .failure(let problem): print(problem)
    /// }
    /// ```
    /// - Parameters:
    ///   - client: A running `PostgresClient`.
    ///   - isolation: The isolation level of the operation's transactions (`readCommitted` by default).
    /// - Returns: The success, or the operation's failure.
    /// - Throws: `StoreError`, for a failure of the database itself — and for the operation's own
    ///   failure after a save whose `COMMIT` is in doubt (`StoreError.isCommitInDoubt`).
    public func operate(
        in client: PostgresClient,
        isolation: TransactionIsolation = .readCommitted
    ) async throws(StoreError) -> Result<Element, Failure> where Element: Sendable, Failure: Sendable {
        do {
            return .success(try await throwing.operate(in: client, isolation: isolation))
        } catch {
            return try Self.outcome(of: error)
        }
    }

    /// Runs the operation nested in the transaction `context` belongs to (a savepoint).
    ///
    /// ```swift
    /// let inner = try checkedBaby.operate(in: db)
    /// ```
    /// - Parameter context: The context an enclosing operation was given.
    /// - Returns: The success, or the operation's failure.
    /// - Throws: `StoreError`, for a failure of the database itself.
    public func operate(in context: PostgresContext) throws(StoreError) -> Result<Element, Failure> {
        do {
            return .success(try throwing.operate(in: context))
        } catch {
            return try Self.outcome(of: error)
        }
    }
}
