import MasonStoreCore
public import GRDB
public import Mason

extension Future where Value: PersistableRecord & FetchableRecord & Sendable {
    /// Saves the future's value in `writer` once it resolves (an upsert, committed), and resolves with
    /// the value as stored: Sundell's `saved(in:)`. A rejection skips the save; a failed save rejects
    /// with its `StoreError`.
    ///
    /// ```swift
    /// let user = loadUser(id: 7).saved(in: dbQueue)   // Future<User>, resolved once it is on disk
    /// ```
    /// - Parameter writer: A `DatabaseQueue` or `DatabasePool`.
    /// - Returns: A future of the stored value.
    public func saved(in writer: some DatabaseWriter) -> Future<Value> {
        chained { value in
            let promise = Promise<Value>()
            DataOperation.upsert(value).save().operateAsync(in: writer) { result in
                switch result {
                case .success(let stored): promise.resolve(with: stored)
                case .failure(let error): promise.reject(with: error)
                }
            }
            return promise
        }
    }
}
