public import MasonStoreCore
public import GRDB
public import Mason

extension Deferred where Value: PersistableRecord & FetchableRecord & Sendable {
    /// Saves the value in `writer` after each run (an upsert, committed), without blocking a thread:
    /// the value as stored, or the `StoreError`.
    ///
    /// ```swift
    /// let stored = await Deferred { await fetchUser(id: 7) }.saved(in: dbPool).value   // Result<User, StoreError>
    /// ```
    /// - Parameter writer: A `DatabaseQueue` or `DatabasePool`.
    /// - Returns: A deferred of the outcome.
    public func saved(in writer: some DatabaseWriter) -> Deferred<Result<Value, StoreError>> {
        flatMap { value in
            Deferred<Result<Value, StoreError>> {
                do throws(StoreError) {
                    return .success(try await DataOperation.upsert(value).save().operate(in: writer))
                } catch {
                    return .failure(error)
                }
            }
        }
    }
}
