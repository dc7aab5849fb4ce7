extension Deferred {
    /// Transforms the value; lazy, and cancelled with this deferred. `deferred <&> f` is its second
    /// spelling.
    ///
    /// ```swift
    /// await Deferred.pure(20).map { $0 + 1 }.value   // 21
    /// ```
    /// - Parameter transform: Applied to the value on each run.
    /// - Returns: A deferred in this one's cancellation family.
    /// - Complexity: O(1) to build; any number of `map`s runs in a bounded stack.
    @inlinable
    public func map<NewValue>(_ transform: @escaping @Sendable (Value) -> NewValue) -> Deferred<NewValue> {
        appending(MapStep(transform))
    }

    /// Chains a deferred built from this one's value; lazy, and cancelled with this deferred.
    /// `deferred >>- f` is its second spelling.
    ///
    /// ```swift
    /// let profile = Deferred.pure(7).flatMap { id in Deferred { await loadProfile(id) } }
    /// ```
    /// - Parameter transform: Builds the next deferred from the value, on each run.
    /// - Returns: A deferred that runs this one, then the one `transform` returns; ``cancel()`` on it
    ///   reaches both.
    /// - Complexity: O(1) to build; a chain of any length (a million `flatMap`s) runs in a bounded stack.
    @inlinable
    public func flatMap<NewValue>(
        _ transform: @escaping @Sendable (Value) -> Deferred<NewValue>
    ) -> Deferred<NewValue> {
        appending(FlatMapStep(transform))
    }
}
