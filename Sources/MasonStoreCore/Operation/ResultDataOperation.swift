/// A data operation whose failures are part of its type: the follow-up article's `ResultFDO`.
///
/// Its element is a `Result`; ``map(_:)`` transforms a success, ``flatMap(_:)`` chains only after
/// a success and passes a failure on untouched (no nested `Result` boilerplate). When it is operated,
/// a failure rolls back everything since the last save, like a throw does, and is returned.
///
/// ```swift
/// let named: ResultDataOperation<Database, Baby, ValidationError> =
///     lift(validate(name)).flatMap { name in lift(makeBaby(name: name)) }
/// switch try named.operate(in: dbQueue) {
/// case .success(let baby): print(baby.name)
/// case .failure(let problem): print(problem)   // nothing was written
/// }
/// ```
public struct ResultDataOperation<Context, Element, Failure: Error>: Sendable {
    /// The plain operation underneath, whose element is the `Result`.
    public let operation: DataOperation<Context, Result<Element, Failure>>

    /// Wraps an operation whose element is a `Result`.
    ///
    /// ```swift
    /// let checked = ResultDataOperation(fetchBaby(id: 1).map { $0.map(Result.success) ?? .failure(.missing) })
    /// ```
    /// - Parameter operation: The operation.
    @inlinable
    public init(_ operation: DataOperation<Context, Result<Element, Failure>>) {
        self.operation = operation
    }

    /// An operation that returns a `Result` from the context (the article's initializer).
    ///
    /// ```swift
    /// let fetch = ResultDataOperation<Database, Int, StoreError> { db in .success(try Baby.fetchCount(db)) }
    /// ```
    /// - Parameter body: The work.
    @inlinable
    public init(_ body: @escaping @Sendable (Context) throws -> Result<Element, Failure>) {
        self.operation = DataOperation(body)
    }

    /// Transforms a success; a failure passes through.
    ///
    /// ```swift
    /// let name = checkedBaby.map(\.name)
    /// ```
    /// - Parameter transform: Turns the success into the new success.
    /// - Returns: The transformed operation.
    @inlinable
    public func map<NewElement>(
        _ transform: @escaping @Sendable (Element) throws -> NewElement
    ) -> ResultDataOperation<Context, NewElement, Failure> {
        ResultDataOperation<Context, NewElement, Failure>(
            operation.map { result in
                switch result {
                case .success(let element): return .success(try transform(element))
                case .failure(let failure): return .failure(failure)
                }
            }
        )
    }

    /// Transforms a failure; a success passes through.
    ///
    /// ```swift
    /// let described = checkedBaby.mapError { AppError.store($0) }
    /// ```
    /// - Parameter transform: Turns the failure into the new failure.
    /// - Returns: The transformed operation.
    @inlinable
    public func mapError<NewFailure: Error>(
        _ transform: @escaping @Sendable (Failure) -> NewFailure
    ) -> ResultDataOperation<Context, Element, NewFailure> {
        ResultDataOperation<Context, Element, NewFailure>(operation.map { $0.mapError(transform) })
    }

    /// Chains an operation after a success, in the same access; a failure short-circuits: the rest
    /// of the chain does not run.
    ///
    /// ```swift
    /// let games = nameOperation.flatMap(fetchGames(named:))
    /// ```
    /// - Parameter transform: Chooses the next operation from the success.
    /// - Returns: The chained operation.
    @inlinable
    public func flatMap<NewElement>(
        _ transform: @escaping @Sendable (Element) throws -> ResultDataOperation<Context, NewElement, Failure>
    ) -> ResultDataOperation<Context, NewElement, Failure> {
        ResultDataOperation<Context, NewElement, Failure>(
            operation.flatMap { result in
                switch result {
                case .success(let element): return try transform(element).operation
                case .failure(let failure): return DataOperation { _ in .failure(failure) }
                }
            }
        )
    }

    /// The operation as one that throws its failure: what `operate` runs, so a failure rolls back.
    @inlinable
    package var throwing: DataOperation<Context, Element> {
        operation.map { result in
            switch result {
            case .success(let element): return element
            case .failure(let failure): throw FailedStep(failure: failure)
            }
        }
    }
}

/// A typed failure on its way through `operate`, which rolls back and then returns it.
@usableFromInline
package struct FailedStep<Failure: Error>: Error {
    @usableFromInline
    package let failure: Failure

    @usableFromInline
    package init(failure: Failure) {
        self.failure = failure
    }
}

/// Lifts a `Result` into an operation that touches nothing and returns it.
///
/// ```swift
/// let valid: ResultDataOperation<Database, String, ValidationError> = lift(validate("Bae"))
/// ```
/// - Parameter result: The outcome every run returns.
/// - Returns: The operation.
@inlinable
public func lift<Context, Element: Sendable, Failure: Error>(
    _ result: Result<Element, Failure>
) -> ResultDataOperation<Context, Element, Failure> {
    ResultDataOperation { _ in result }
}

/// Lifts a plain operation into one whose failures are typed: its element becomes a success.
///
/// ```swift
/// let baby: ResultDataOperation<Database, Baby, ValidationError> = lift(makeBaby(name: "Bae"))
/// ```
/// - Parameter operation: The operation.
/// - Returns: The operation, its element wrapped in `.success`.
@inlinable
public func lift<Context, Element, Failure: Error>(
    _ operation: DataOperation<Context, Element>
) -> ResultDataOperation<Context, Element, Failure> {
    ResultDataOperation(operation.map { .success($0) })
}

extension ResultDataOperation {
    /// What an `operate` returns for the error its throwing twin threw: the operation's own failure,
    /// unwrapped; any other error is the database's, rethrown. A failure after a save whose `COMMIT`
    /// is in doubt is rethrown too (``StoreError/isCommitInDoubt``, the failure its `underlying`):
    /// returned, it would say nothing of work the server may have committed. Each context's `operate` uses it.
    package static func outcome(of error: StoreError) throws(StoreError) -> Result<Element, Failure> {
        guard !error.isCommitInDoubt else {
            // The operation's own failure stays readable, as the error's `underlying`.
            guard let step = error.underlying as? FailedStep<Failure> else { throw error }
            var doubt = error
            doubt.underlying = step.failure
            throw doubt
        }
        if let step = error.underlying as? FailedStep<Failure> {
            return .failure(step.failure)
        }
        if let failure = error as? Failure {
            return .failure(failure)
        }
        throw error
    }
}
