public import MasonStoreCore
public import GRDB

// The seed's spellings ("Making Core Data Functional" and its follow-up on error handling), gathered
// in one place. Each forwards to the name Mason documents first, so the article's examples compile
// with cosmetic changes only (a `try`, and a record for the managed object).

/// The article's name for an operation over SQLite: `DataOperation` on GRDB's `Database`.
///
/// ```swift
/// func makeBabyOperation(name: String) -> FunctionalDataOperation<Baby> {
///     FunctionalDataOperation { context in try Baby(name: name).inserted(context) }
/// }
/// ```
public typealias FunctionalDataOperation<Element> = DataOperation<Database, Element>

/// The follow-up article's name for an operation with typed failures over SQLite:
/// `ResultDataOperation` on GRDB's `Database`.
///
/// ```swift
/// let checked: ResultFDO<Baby, ValidationError> = lift(validate(name)).flatMap { lift(makeBaby(name: $0)) }
/// ```
public typealias ResultFDO<Element, Failure: Error> = ResultDataOperation<Database, Element, Failure>

extension DataOperation where Context == Database {
    /// The article's spelling of `operate(in:logger:)`: runs the operation in one
    /// serialized access of `writer`, blocking the caller.
    ///
    /// ```swift
    /// let myBaby = try makeBabyOperation(name: "Bae").save().operate(dbQueue)
    /// ```
    /// - Parameter writer: A `DatabaseQueue` or `DatabasePool`.
    /// - Returns: The operation's element.
    /// - Throws: `StoreError`.
    public func operate(_ writer: some DatabaseWriter) throws(StoreError) -> Element {
        try operate(in: writer)
    }

    /// The article's spelling of `operate(in:)`: runs the operation nested in the
    /// access `context` belongs to.
    ///
    /// ```swift
    /// FunctionalDataOperation<[Baby]> { context in try names.map { try makeBabyOperation(name: $0).operate(context) } }
    /// ```
    /// - Parameter context: The `Database` an enclosing operation was given.
    /// - Returns: The operation's element.
    /// - Throws: `StoreError`.
    public func operate(_ context: Database) throws(StoreError) -> Element {
        try operate(in: context)
    }

    /// The article's spelling of ``operateAsync(in:_:)``.
    ///
    /// ```swift
    /// makeBabyOperation(name: "Bae").save().operateAsync(dbQueue) { result in print(result) }
    /// ```
    /// - Parameters:
    ///   - writer: A `DatabaseQueue` or `DatabasePool`.
    ///   - callback: Receives the element or the error, on the writer's queue.
    public func operateAsync(
        _ writer: some DatabaseWriter,
        _ callback: @escaping @Sendable (Result<Element, StoreError>) -> Void
    ) {
        operateAsync(in: writer, callback)
    }
}
