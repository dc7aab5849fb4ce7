extension Result {
    /// The success value, or `nil` for a failure.
    ///
    /// ```swift
    /// Result<Int, MyError>.success(1).success       // Optional(1)
    /// Result<Int, MyError>.failure(.boom).success   // nil
    /// ```
    @inlinable
    public var success: Success? {
        if case .success(let success) = self { success } else { nil }
    }

    /// The failure, or `nil` for a success.
    ///
    /// ```swift
    /// Result<Int, MyError>.failure(.boom).failure   // Optional(.boom)
    /// Result<Int, MyError>.success(1).failure       // nil
    /// ```
    @inlinable
    public var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }

    /// Runs a side effect on a success value and returns `self` unchanged.
    ///
    /// Unlike Funswift's, the result may be ignored.
    ///
    /// ```swift
    /// Result<Int, MyError>.success(2).onSuccess { print("got", $0) }   // prints "got 2"
    /// ```
    /// - Parameter action: The side effect, called only for a success.
    /// - Returns: `self`.
    @inlinable
    @discardableResult
    public func onSuccess(_ action: (Success) -> Void) -> Self {
        if case .success(let success) = self { action(success) }
        return self
    }

    /// Runs a side effect on a failure and returns `self` unchanged.
    ///
    /// ```swift
    /// Result<Int, MyError>.failure(.boom).onFailure { print("failed:", $0) }   // prints "failed: boom"
    /// ```
    /// - Parameter action: The side effect, called only for a failure.
    /// - Returns: `self`.
    @inlinable
    @discardableResult
    public func onFailure(_ action: (Failure) -> Void) -> Self {
        if case .failure(let failure) = self { action(failure) }
        return self
    }
}
