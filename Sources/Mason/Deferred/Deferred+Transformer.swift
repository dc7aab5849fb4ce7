// mapT / flatMapT / pureT: working on the value inside a deferred's Optional, Result or Either.

extension Deferred {
    /// Transforms the value inside the deferred's `Optional`, keeping `nil`.
    ///
    /// ```swift
    /// await Deferred { Int("42") }.mapT { $0 + 1 }.value   // Optional(43)
    /// ```
    /// - Parameter transform: Applied to a non-nil value.
    /// - Returns: A new deferred, cancelled with this one.
    @inlinable
    public func mapT<Wrapped, NewWrapped>(
        _ transform: @escaping @Sendable (Wrapped) -> NewWrapped
    ) -> Deferred<NewWrapped?> where Value == Wrapped? {
        map { $0.map(transform) }
    }

    /// Transforms the success inside the deferred's `Result`, keeping a failure — FunNetworking's
    /// `requestAsyncR(…).mapT(decode)`.
    ///
    /// ```swift
    /// let count: Deferred<Result<Int, APIError>> = fetchData().mapT(\.count)
    /// ```
    /// - Parameter transform: Applied to a success.
    /// - Returns: A new deferred, cancelled with this one.
    @inlinable
    public func mapT<Success, Failure, NewSuccess>(
        _ transform: @escaping @Sendable (Success) -> NewSuccess
    ) -> Deferred<Result<NewSuccess, Failure>> where Value == Result<Success, Failure> {
        map { $0.map(transform) }
    }

    /// Transforms the right value inside the deferred's `Either`, keeping a left value.
    ///
    /// ```swift
    /// let length: Deferred<Either<any Error, Int>> = fetchText().mapT(\.count)
    /// ```
    /// - Parameter transform: Applied to a right value.
    /// - Returns: A new deferred, cancelled with this one.
    @inlinable
    public func mapT<Left, Right, NewRight>(
        _ transform: @escaping @Sendable (Right) -> NewRight
    ) -> Deferred<Either<Left, NewRight>> where Value == Either<Left, Right> {
        map { $0.map(transform) }
    }

    /// Chains a deferred on the value inside the `Optional`; `nil` skips it.
    ///
    /// ```swift
    /// let user = Deferred { lookUpID(name) }.flatMapT { id in Deferred { await loadUser(id) } }
    /// ```
    /// - Parameter transform: Builds the next deferred from a non-nil value.
    /// - Returns: A new deferred, cancelled with this one.
    @inlinable
    public func flatMapT<Wrapped, NewWrapped>(
        _ transform: @escaping @Sendable (Wrapped) -> Deferred<NewWrapped?>
    ) -> Deferred<NewWrapped?> where Value == Wrapped? {
        appending(
            WorkStep { optional in
                guard let wrapped = optional else { return nil }
                return await transform(wrapped).executeBuilt()
            })
    }

    /// Chains a deferred on the success inside the `Result`; a failure skips it — a dependent request.
    ///
    /// ```swift
    /// let info = fetchIP().flatMapT { host in fetchInfo(for: host) }
    /// ```
    /// - Parameter transform: Builds the next deferred from a success.
    /// - Returns: A new deferred, cancelled with this one.
    @inlinable
    public func flatMapT<Success, Failure, NewSuccess>(
        _ transform: @escaping @Sendable (Success) -> Deferred<Result<NewSuccess, Failure>>
    ) -> Deferred<Result<NewSuccess, Failure>> where Value == Result<Success, Failure> {
        appending(
            WorkStep { result in
                switch result {
                case .failure(let failure): return .failure(failure)
                case .success(let success):
                    return await transform(success).executeBuilt()
                }
            })
    }

    /// Chains a deferred on the right value inside the `Either`; a left value skips it.
    ///
    /// ```swift
    /// let info = fetchIPEither().flatMapT { host in fetchInfoEither(for: host) }
    /// ```
    /// - Parameter transform: Builds the next deferred from a right value.
    /// - Returns: A new deferred, cancelled with this one.
    @inlinable
    public func flatMapT<Left, Right, NewRight>(
        _ transform: @escaping @Sendable (Right) -> Deferred<Either<Left, NewRight>>
    ) -> Deferred<Either<Left, NewRight>> where Value == Either<Left, Right> {
        appending(
            WorkStep { either in
                switch either {
                case .left(let left): return .left(left)
                case .right(let right):
                    return await transform(right).executeBuilt()
                }
            })
    }

    /// A deferred producing `.some(value)`.
    ///
    /// ```swift
    /// let one: Deferred<Int?> = .pureT(1)
    /// ```
    /// - Parameter value: The wrapped value.
    /// - Returns: A deferred that always produces `.some(value)`.
    @inlinable
    public static func pureT<Wrapped: Sendable>(_ value: Wrapped) -> Deferred where Value == Wrapped? {
        Deferred<Wrapped>.pure(value).map { .some($0) }
    }

    /// A deferred producing `.success(value)`.
    ///
    /// ```swift
    /// let one: Deferred<Result<Int, any Error>> = .pureT(1)
    /// ```
    /// - Parameter value: The success.
    /// - Returns: A deferred that always produces `.success(value)`.
    @inlinable
    public static func pureT<Success: Sendable, Failure>(_ value: Success) -> Deferred
    where Value == Result<Success, Failure> {
        Deferred<Success>.pure(value).map { .success($0) }
    }

    /// A deferred producing `.right(value)`.
    ///
    /// ```swift
    /// let one: Deferred<Either<String, Int>> = .pureT(1)
    /// ```
    /// - Parameter value: The right value.
    /// - Returns: A deferred that always produces `.right(value)`.
    @inlinable
    public static func pureT<Left, Right: Sendable>(_ value: Right) -> Deferred
    where Value == Either<Left, Right> {
        Deferred<Right>.pure(value).map { .right($0) }
    }
}
