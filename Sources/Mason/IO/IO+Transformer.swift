// mapT / flatMapT / pureT: working on the value inside an IO's Optional, Result or Either.

extension IO {
    /// Transforms the value inside the effect's `Optional`, keeping `nil`.
    ///
    /// ```swift
    /// IO { Int("42") }.mapT { $0 + 1 }.unsafeRun()   // Optional(43)
    /// ```
    /// - Parameter transform: Applied to a non-nil value.
    /// - Returns: A new effect.
    @inlinable
    public func mapT<Wrapped, NewWrapped>(
        _ transform: @escaping @Sendable (Wrapped) -> NewWrapped
    ) -> IO<NewWrapped?> where Value == Wrapped? {
        map { $0.map(transform) }
    }

    /// Transforms the success inside the effect's `Result`, keeping a failure.
    ///
    /// ```swift
    /// let io: IO<Result<Int, ParseError>> = .pureT(20)
    /// io.mapT(String.init).unsafeRun()   // .success("20")
    /// ```
    /// - Parameter transform: Applied to a success.
    /// - Returns: A new effect.
    @inlinable
    public func mapT<Success, Failure, NewSuccess>(
        _ transform: @escaping @Sendable (Success) -> NewSuccess
    ) -> IO<Result<NewSuccess, Failure>> where Value == Result<Success, Failure> {
        map { $0.map(transform) }
    }

    /// Transforms the right value inside the effect's `Either`, keeping a left value.
    ///
    /// ```swift
    /// let io: IO<Either<String, Int>> = .pureT(20)
    /// io.mapT { $0 + 1 }.unsafeRun()   // .right(21)
    /// ```
    /// - Parameter transform: Applied to a right value.
    /// - Returns: A new effect.
    @inlinable
    public func mapT<Left, Right, NewRight>(
        _ transform: @escaping @Sendable (Right) -> NewRight
    ) -> IO<Either<Left, NewRight>> where Value == Either<Left, Right> {
        map { $0.map(transform) }
    }

    /// Chains an effect on the value inside the effect's `Optional`; `nil` skips it. Like `flatMap`, it
    /// runs the effect `transform` returns as the run loop's next program, not nested in this one's
    /// run: recursion through it runs in a bounded stack.
    ///
    /// ```swift
    /// IO { Int("4") }.flatMapT { n in IO { n > 0 ? n * 2 : nil } }.unsafeRun()   // Optional(8)
    /// ```
    /// - Parameter transform: Builds the next effect from a non-nil value.
    /// - Returns: A new effect.
    @inlinable
    public func flatMapT<Wrapped, NewWrapped>(
        _ transform: @escaping @Sendable (Wrapped) -> IO<NewWrapped?>
    ) -> IO<NewWrapped?> where Value == Wrapped? {
        flatMapNext { optional in
            switch optional {
            case .some(let wrapped): transform(wrapped).runUntilBound()
            case .none: .value(NewWrapped?.none as Any)
            }
        }
    }

    /// Chains an effect on the success inside the effect's `Result`; a failure skips it. Recursion
    /// through it runs in a bounded stack, as through `flatMap`.
    ///
    /// ```swift
    /// let fetchUser: IO<Result<Int, APIError>> = .pureT(7)
    /// fetchUser.flatMapT(loadProfile).unsafeRun()   // loadProfile(7)'s result
    /// ```
    /// - Parameter transform: Builds the next effect from a success.
    /// - Returns: A new effect.
    @inlinable
    public func flatMapT<Success, Failure, NewSuccess>(
        _ transform: @escaping @Sendable (Success) -> IO<Result<NewSuccess, Failure>>
    ) -> IO<Result<NewSuccess, Failure>> where Value == Result<Success, Failure> {
        flatMapNext { result in
            switch result {
            case .success(let success): transform(success).runUntilBound()
            case .failure(let failure): .value(Result<NewSuccess, Failure>.failure(failure) as Any)
            }
        }
    }

    /// Chains an effect on the right value inside the effect's `Either`; a left value skips it.
    /// Recursion through it runs in a bounded stack, as through `flatMap`.
    ///
    /// ```swift
    /// let io: IO<Either<String, Int>> = .pureT(3)
    /// io.flatMapT { n in IO { .right(n * 2) } }.unsafeRun()   // .right(6)
    /// ```
    /// - Parameter transform: Builds the next effect from a right value.
    /// - Returns: A new effect.
    @inlinable
    public func flatMapT<Left, Right, NewRight>(
        _ transform: @escaping @Sendable (Right) -> IO<Either<Left, NewRight>>
    ) -> IO<Either<Left, NewRight>> where Value == Either<Left, Right> {
        flatMapNext { either in
            switch either {
            case .right(let right): transform(right).runUntilBound()
            case .left(let left): .value(Either<Left, NewRight>.left(left) as Any)
            }
        }
    }

    /// An effect producing `.some(value)`.
    ///
    /// ```swift
    /// let io: IO<Int?> = .pureT(1)
    /// io.unsafeRun()   // Optional(1)
    /// ```
    /// - Parameter value: The wrapped value.
    /// - Returns: An effect that always produces `.some(value)`.
    @inlinable
    public static func pureT<Wrapped: Sendable>(_ value: Wrapped) -> IO where Value == Wrapped? {
        IO { .some(value) }
    }

    /// An effect producing `.success(value)`.
    ///
    /// ```swift
    /// let io: IO<Result<Int, any Error>> = .pureT(1)
    /// io.unsafeRun()   // .success(1)
    /// ```
    /// - Parameter value: The success.
    /// - Returns: An effect that always produces `.success(value)`.
    @inlinable
    public static func pureT<Success: Sendable, Failure>(_ value: Success) -> IO
    where Value == Result<Success, Failure> {
        IO { .success(value) }
    }

    /// An effect producing `.right(value)`.
    ///
    /// ```swift
    /// let io: IO<Either<String, Int>> = .pureT(1)
    /// io.unsafeRun()   // .right(1)
    /// ```
    /// - Parameter value: The right value.
    /// - Returns: An effect that always produces `.right(value)`.
    @inlinable
    public static func pureT<Left, Right: Sendable>(_ value: Right) -> IO
    where Value == Either<Left, Right> {
        IO { .right(value) }
    }
}

// Plain twins: a transformation that is not `@Sendable` goes in `sending` and runs of it take turns
// under a lock, as in `IO.map` (see `SerialFunction`); Swift prefers the `@Sendable` overloads above
// whenever the closure is `@Sendable`.
extension IO {
    /// `mapT` over an `Optional` with a transformation that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let increment: (Int) -> Int = { $0 + 1 }
    /// IO { Int("42") }.mapT(increment).unsafeRun()   // Optional(43)
    /// ```
    /// - Parameter transform: Applied to a non-nil value; the effect takes it over.
    /// - Returns: A new effect.
    @_disfavoredOverload
    public func mapT<Wrapped: Sendable, NewWrapped: Sendable>(
        _ transform: sending @escaping (Wrapped) -> NewWrapped
    ) -> IO<NewWrapped?> where Value == Wrapped? {
        let serial = SerialFunction(transform)
        return mapT { serial($0) }
    }

    /// `mapT` over a `Result` with a transformation that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let describe: (Int) -> String = { "count: \($0)" }
    /// let io: IO<Result<Int, ParseError>> = .pureT(20)
    /// io.mapT(describe).unsafeRun()   // .success("count: 20")
    /// ```
    /// - Parameter transform: Applied to a success; the effect takes it over.
    /// - Returns: A new effect.
    @_disfavoredOverload
    public func mapT<Success: Sendable, Failure, NewSuccess: Sendable>(
        _ transform: sending @escaping (Success) -> NewSuccess
    ) -> IO<Result<NewSuccess, Failure>> where Value == Result<Success, Failure> {
        let serial = SerialFunction(transform)
        return mapT { serial($0) }
    }

    /// `mapT` over an `Either` with a transformation that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let increment: (Int) -> Int = { $0 + 1 }
    /// let io: IO<Either<String, Int>> = .pureT(20)
    /// io.mapT(increment).unsafeRun()   // .right(21)
    /// ```
    /// - Parameter transform: Applied to a right value; the effect takes it over.
    /// - Returns: A new effect.
    @_disfavoredOverload
    public func mapT<Left, Right: Sendable, NewRight: Sendable>(
        _ transform: sending @escaping (Right) -> NewRight
    ) -> IO<Either<Left, NewRight>> where Value == Either<Left, Right> {
        let serial = SerialFunction(transform)
        return mapT { serial($0) }
    }

    /// `flatMapT` over an `Optional` with a function that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let double: (Int) -> IO<Int?> = { n in IO { n > 0 ? n * 2 : nil } }
    /// IO { Int("4") }.flatMapT(double).unsafeRun()   // Optional(8)
    /// ```
    /// - Parameter transform: Builds the next effect from a non-nil value; the effect takes it over.
    /// - Returns: A new effect.
    @_disfavoredOverload
    public func flatMapT<Wrapped: Sendable, NewWrapped>(
        _ transform: sending @escaping (Wrapped) -> IO<NewWrapped?>
    ) -> IO<NewWrapped?> where Value == Wrapped? {
        let serial = SerialFunction(transform)
        return flatMapT { serial($0) }
    }

    /// `flatMapT` over a `Result` with a function that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let loadProfile: (Int) -> IO<Result<String, APIError>> = { id in IO { .success("user \(id)") } }
    /// let fetchUser: IO<Result<Int, APIError>> = .pureT(7)
    /// fetchUser.flatMapT(loadProfile).unsafeRun()   // .success("user 7")
    /// ```
    /// - Parameter transform: Builds the next effect from a success; the effect takes it over.
    /// - Returns: A new effect.
    @_disfavoredOverload
    public func flatMapT<Success: Sendable, Failure, NewSuccess>(
        _ transform: sending @escaping (Success) -> IO<Result<NewSuccess, Failure>>
    ) -> IO<Result<NewSuccess, Failure>> where Value == Result<Success, Failure> {
        let serial = SerialFunction(transform)
        return flatMapT { serial($0) }
    }

    /// `flatMapT` over an `Either` with a function that is not `@Sendable`; runs of it take turns.
    ///
    /// ```swift
    /// let double: (Int) -> IO<Either<String, Int>> = { n in IO { .right(n * 2) } }
    /// let io: IO<Either<String, Int>> = .pureT(3)
    /// io.flatMapT(double).unsafeRun()   // .right(6)
    /// ```
    /// - Parameter transform: Builds the next effect from a right value; the effect takes it over.
    /// - Returns: A new effect.
    @_disfavoredOverload
    public func flatMapT<Left, Right: Sendable, NewRight>(
        _ transform: sending @escaping (Right) -> IO<Either<Left, NewRight>>
    ) -> IO<Either<Left, NewRight>> where Value == Either<Left, Right> {
        let serial = SerialFunction(transform)
        return flatMapT { serial($0) }
    }
}
