public import GRDB
public import Mason

extension Future where Value: PersistableRecord & FetchableRecord & Sendable {
    /// Saves the future's value in `writer` once it resolves (an upsert, committed), and resolves with
    /// the value as stored: Sundell's `saved(in:)`. A rejection skips the save; a failed save rejects
    /// with its ``StoreError``.
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

extension Deferred where Value: PersistableRecord & FetchableRecord & Sendable {
    /// Saves the value in `writer` after each run (an upsert, committed), without blocking a thread:
    /// the value as stored, or the ``StoreError``.
    ///
    /// ```swift
    /// let stored = await Deferred { await fetchUser(id: 7) }.saved(in: dbPool).run()   // Result<User, StoreError>
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
