import Dispatch
import MasonStoreCore
public import GRDB
public import Mason

extension Future where Value: PersistableRecord & FetchableRecord & Sendable {
    /// Saves the future's value in `writer` once it resolves (an upsert, committed), and resolves with
    /// the value as stored: Sundell's `saved(in:)`. A rejection skips the save; a failed save rejects
    /// with its `StoreError`. It resolves off the writer's queue, on a thread of Dispatch's: an
    /// observer may use `writer` again (on the writer's own queue, GRDB would stop the process as a
    /// reentrant access).
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
                // `operateAsync` calls back inside the access, on the writer's queue: leave it first.
                DispatchQueue.global().async {
                    switch result {
                    case .success(let stored): promise.resolve(with: stored)
                    case .failure(let error): promise.reject(with: error)
                    }
                }
            }
            return promise
        }
    }
}
