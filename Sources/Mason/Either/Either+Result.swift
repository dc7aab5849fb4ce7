extension Either where Left: Error {
    /// Creates an `Either` from a `Result`: success becomes right, failure becomes left.
    ///
    /// ```swift
    /// Either(Result<Int, MyError>.success(1))       // .right(1)
    /// Either(Result<Int, MyError>.failure(.boom))   // .left(.boom)
    /// ```
    /// - Parameter result: The result to convert.
    @inlinable
    public init(_ result: Result<Right, Left>) {
        switch result {
        case .success(let success): self = .right(success)
        case .failure(let failure): self = .left(failure)
        }
    }

    /// Runs a throwing closure and captures its value as right or its error as left.
    ///
    /// Funswift's `init(cathing:)`, with typed throws: an untyped closure gives `Either<any Error, _>`;
    /// a closure declared `throws(MyError)` gives `Either<MyError, _>`.
    ///
    /// ```swift
    /// let parsed = Either { try JSONDecoder().decode(Int.self, from: data) }   // Either<any Error, Int>
    /// let typed = Either { () throws(MyError) -> Int in try load() }          // Either<MyError, Int>
    /// ```
    /// - Parameter body: The closure to run, immediately and once.
    @inlinable
    public init(catching body: () throws(Left) -> Right) {
        do throws(Left) {
            self = .right(try body())
        } catch {
            self = .left(error)
        }
    }

    /// This value as a `Result`: right becomes success, left becomes failure.
    ///
    /// ```swift
    /// Either<MyError, Int>.right(1).result   // .success(1)
    /// ```
    @inlinable
    public var result: Result<Right, Left> {
        switch self {
        case .left(let left): .failure(left)
        case .right(let right): .success(right)
        }
    }
}

extension Result {
    /// Creates a `Result` from an `Either`: right becomes success, left becomes failure.
    ///
    /// ```swift
    /// Result(either: Either<MyError, Int>.right(1))      // .success(1)
    /// Result(either: Either<MyError, Int>.left(.boom))   // .failure(.boom)
    /// ```
    /// - Parameter either: The `Either` to convert; its left type must be the failure type.
    @inlinable
    public init(either: Either<Failure, Success>) {
        switch either {
        case .left(let left): self = .failure(left)
        case .right(let right): self = .success(right)
        }
    }
}
