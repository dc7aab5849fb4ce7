public import MasonStoreCore
public import GRDB

/// The values of a read-only operation, each time a write changes what it reads: an `AsyncSequence`
/// on GRDB's `ValueObservation`, with equal consecutive values removed. It ends when the task
/// iterating it is cancelled.
///
/// ```swift
/// for try await count in DataOperation.count(Baby.self).values(in: dbPool) {
///     print("babies:", count)   // 0, then 1 after the next saved insert…
/// }
/// ```
public struct DataObservation<Element: Sendable & Equatable>: AsyncSequence, Sendable {
    /// The failure of an observation: the operation's, typed.
    public typealias Failure = StoreError

    let values: AsyncValueObservation<Element>

    /// Starts observing: the first value is the current one.
    ///
    /// ```swift
    /// var counts = DataOperation.count(Baby.self).values(in: dbPool).makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: values.makeAsyncIterator())
    }

    /// Reads the values one by one.
    ///
    /// ```swift
    /// let first = try await iterator.next()
    /// ```
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncValueObservation<Element>.Iterator

        /// The next distinct value, or `nil` once the task is cancelled.
        ///
        /// ```swift
        /// let next = try await iterator.next()
        /// ```
        public mutating func next() async throws(StoreError) -> Element? {
            do {
                return try await base.next()
            } catch is CancellationError {
                return nil
            } catch {
                throw StoreError(error)
            }
        }

    }
}

extension DataOperation where Context == Database, Element: Sendable & Equatable {
    /// Observes the operation's element in `reader`: the current value at once, then each new value
    /// after a write that changes what the operation reads (duplicates removed, so the element is
    /// `Equatable`: to observe `fetchAll(Baby.self)`, `Baby` conforms to it).
    ///
    /// ```swift
    /// for try await babies in DataOperation.fetchAll(Baby.self).values(in: dbPool) { render(babies) }
    /// ```
    /// - Parameter reader: A `DatabasePool` or `DatabaseQueue`.
    /// - Returns: The values, as an `AsyncSequence` that ends when its task is cancelled.
    public func values(in reader: some DatabaseReader) -> DataObservation<Element> {
        let observation = ValueObservation.tracking { db in
            try StoreSession.run(on: db, writing: false) { _ in try perform(in: db) }
        }
        return DataObservation(values: observation.removeDuplicates().values(in: reader))
    }
}
