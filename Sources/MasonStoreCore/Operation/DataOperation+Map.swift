import Mason

extension DataOperation {
    /// Transforms the element, in the same access: `transform` runs on the writer's queue, right after
    /// the operation, so it may read the context's results safely.
    ///
    /// ```swift
    /// let name = makeBaby(name: "Bae").map(\.name)   // DataOperation<Database, String>
    /// ```
    /// - Parameter transform: Turns the element into the new element; a throw fails the operation.
    /// - Returns: An operation that runs this one, then `transform`.
    public func map<NewElement>(
        _ transform: @escaping @Sendable (Element) throws -> NewElement
    ) -> DataOperation<Context, NewElement> {
        guard let bound else {
            return DataOperation<Context, NewElement> { context in try transform(body(context)) }
        }
        let next = OperationBind<Context>.Continuation.map { try transform($0 as! Element) }
        return DataOperation<Context, NewElement>(bound: OperationBind(.bind(bound), then: next))
    }

    /// Chains an operation chosen by the element, in the same access and the same transaction.
    ///
    /// A loop can be written as recursion through `transform`, to any depth: the operation it returns
    /// runs as the next step of one loop on the writer's thread, not nested in this one's run. A
    /// cancelled task stops the loop between steps.
    ///
    /// ```swift
    /// let named = makeBaby(name: "Bae").flatMap { baby in rename(baby, to: "Bea") }
    ///
    /// func deleteAll() -> DataOperation<Database, Void> {
    ///     deleteBatch().flatMap { deleted in deleted == 0 ? .pure(()) : deleteAll() }
    /// }
    /// ```
    /// - Parameter transform: Chooses the next operation from the element.
    /// - Returns: An operation that runs this one, then the one `transform` returns.
    public func flatMap<NewElement>(
        _ transform: @escaping @Sendable (Element) throws -> DataOperation<Context, NewElement>
    ) -> DataOperation<Context, NewElement> {
        let next = OperationBind<Context>.Continuation.flatMap { element, context in
            try Task.checkCancellation()
            return try transform(element as! Element).runUntilBound(in: context)
        }
        return DataOperation<Context, NewElement>(bound: OperationBind(erased, then: next))
    }

    /// Runs `next` after this operation and keeps this one's element.
    ///
    /// ```swift
    /// let bae = makeBaby(name: "Bae").then(logCreation)   // still the baby
    /// ```
    /// - Parameter next: The operation to run afterwards.
    /// - Returns: An operation with this operation's element.
    @inlinable
    public func then<Other>(_ next: DataOperation<Context, Other>) -> DataOperation {
        DataOperation { context in
            let element = try body(context)
            _ = try next.body(context)
            return element
        }
    }

    /// Handles a failure with a recovery operation, in the same access. The failed work is undone
    /// first (a nested unit), so the recovery starts from where this operation started — unless it
    /// saved (`save()`) before it failed, when what it saved stays and the recovery starts from there
    /// (``DataContext/saveCount`` tells), or the database ended the whole transaction, after which the
    /// access fails however it recovers (see "Transactions" in the MasonStore documentation). A
    /// cancellation is not recovered: it ends the access (``DataContext/isCancelled``).
    ///
    /// ```swift
    /// let baby = insertBaby(bae).recover { _ in fetchBaby(named: "Bae") }
    /// ```
    /// - Parameter recovery: Chooses an operation from the error.
    /// - Returns: This operation's element, or the recovery's.
    @inlinable
    public func recover(
        _ recovery: @escaping @Sendable (any Error) throws -> DataOperation
    ) -> DataOperation where Context: DataContext {
        DataOperation { context in
            do {
                return try context.withNestedUnit { try body(context) }
            } catch  where !StoreError.isCancellation(error, in: context) {
                return try recovery(error).body(context)
            }
        }
    }
}
