/// Combines any number of `Result`s into one `Result` of a tuple; the first failure wins.
///
/// The arguments are inspected in order; the result is the first failure found, or a success
/// holding every success value. Any arity works (parameter packs), so there is no `zip3`…`zip10`.
///
/// ```swift
/// zip(Result<Int, MyError>.success(1), .success("a"))   // .success((1, "a"))
/// zip(Result<Int, MyError>.success(1), Result<Int, MyError>.failure(.first), Result<Int, MyError>.failure(.second))
/// // .failure(.first)
/// ```
/// - Parameter results: The `Result`s to combine; they share the `Failure` type.
/// - Returns: `.success` of the tuple of success values, or the first failure.
/// - Complexity: O(n) in the number of arguments.
@inlinable
public func zip<each Value, Failure>(
    _ results: repeat Result<each Value, Failure>
) -> Result<(repeat each Value), Failure> {
    do throws(Failure) {
        return .success((repeat try (each results).get()))
    } catch {
        return .failure(error)
    }
}

/// Combines any number of `Result`s with a function of their success values; the first failure wins.
///
/// ```swift
/// zip(with: +, Result<Int, MyError>.success(1), .success(2))   // .success(3)
/// ```
/// - Parameters:
///   - transform: The function applied to the success values, in order; called only when all succeed.
///   - results: The `Result`s to combine.
/// - Returns: `.success(transform(…))`, or the first failure.
/// - Complexity: O(n) in the number of arguments.
@inlinable
public func zip<each Value, NewValue, Failure>(
    with transform: (repeat each Value) -> NewValue,
    _ results: repeat Result<each Value, Failure>
) -> Result<NewValue, Failure> {
    do throws(Failure) {
        return .success(transform(repeat try (each results).get()))
    } catch {
        return .failure(error)
    }
}
