extension DataOperation where Context: DataContext, Element == Void {
    /// An operation that saves: everything done before it in the access is committed, atomically, and
    /// no later failure undoes it. In a cancelled task it commits nothing and throws
    /// `CancellationError` instead.
    ///
    /// ```swift
    /// let saveAll = sequence(names.map(makeBaby)).flatMap { _ in .save() }
    /// ```
    /// - Returns: An operation that saves and returns nothing.
    @inlinable
    public static func save() -> DataOperation {
        DataOperation { context in
            try Task.checkCancellation()
            try context.saveChanges()
        }
    }
}

extension DataOperation where Context: DataContext {
    /// Runs this operation, then saves, and keeps its element (the seed's chained `save()`).
    ///
    /// ```swift
    /// let bae = try makeBaby(name: "Bae").save().operate(in: dbQueue)   // committed
    /// ```
    /// - Returns: An operation with this operation's element, saved.
    @inlinable
    public func save() -> DataOperation {
        DataOperation { context in
            let element = try body(context)
            try Task.checkCancellation()
            try context.saveChanges()
            return element
        }
    }
}
