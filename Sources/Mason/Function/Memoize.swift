/// Wraps a function so that it computes each input's result once and remembers it.
///
/// The first call with an input runs `function`; later calls with an equal input return the stored
/// result. `function` should be pure: it must return the same output for equal inputs, since it is not
/// called again.
///
/// **Thread safety.** The returned function may be called from any number of threads or tasks at once.
/// Each input is computed **exactly once**: a caller asking for an input that another caller is still
/// computing waits for that result instead of computing it again. The table of inputs is locked only to
/// look up an entry, never while `function` runs, so different inputs are computed in parallel; only
/// callers of the same input wait for each other (the wait blocks the calling thread for as long as
/// `function` takes, like any lock).
///
/// ```swift
/// let slowSquare: @Sendable (Int) -> Int = { n in /* expensive */ n * n }
/// let square = memoize(slowSquare)
/// square(12)   // 144, computed
/// square(12)   // 144, remembered
/// ```
///
/// Unlike Funswift's `Memoize` class, the result is a plain `@Sendable` function and is safe to share.
///
/// - Parameter function: The pure function to memoize.
/// - Returns: A `@Sendable` function with the same results that runs `function` at most once per input.
/// - Complexity: A remembered result costs a hash lookup. Results are kept for the lifetime of the
///   returned function; the table is never trimmed, so memoize functions of a bounded input space.
public func memoize<Input: Hashable & Sendable, Output: Sendable>(
    _ function: @escaping @Sendable (Input) -> Output
) -> @Sendable (Input) -> Output {
    memoize { _, input in function(input) }
}

/// `memoize` with a function that is not `@Sendable`; runs of it take turns.
///
/// The function goes in `sending` and is called under a lock, one computation at a time, so what it
/// captures is never touched by two threads at once. Each input is still computed exactly once, but
/// different inputs are no longer computed in parallel. `function` must not call the memoized function
/// (a caller waiting for its turn may hold the input it asks for); memoize a recursion with the
/// recursive form, with a `@Sendable` function.
///
/// ```swift
/// let log = Log()                                   // a class that is not Sendable
/// let square: (Int) -> Int = { n in log.append(n); return n * n }
/// let remembered = memoize(square)
/// remembered(12)   // 144, computed and logged
/// remembered(12)   // 144, remembered
/// ```
///
/// - Parameter function: The pure function to memoize; the result takes it over.
/// - Returns: A `@Sendable` function with the same results that runs `function` at most once per input.
/// - Complexity: A remembered result costs a hash lookup. Results are kept for the lifetime of the
///   returned function.
@_disfavoredOverload
public func memoize<Input: Hashable & Sendable, Output: Sendable>(
    _ function: sending @escaping (Input) -> Output
) -> @Sendable (Input) -> Output {
    let serial = SerialFunction(function)
    return memoize { serial($0) }
}

/// Memoizes a recursive function: `function` receives the memoized function itself to recurse through.
///
/// Every recursive call goes through the memo table, so a naturally exponential recursion such as
/// Fibonacci runs in linear time.
///
/// ```swift
/// let fibonacci: @Sendable (Int) -> Int = memoize { fibonacci, n in
///     n < 2 ? n : fibonacci(n - 1) + fibonacci(n - 2)
/// }
/// fibonacci(90)   // 2880067194370816120, after 91 computations
/// ```
///
/// It has the same thread safety as `memoize(_:)`: each input is computed exactly once, even
/// when many callers race. Recursing into an input that the same chain of calls is still computing (a
/// cycle, which without memoization would recurse until the stack overflows) never returns: the lock of
/// that input is already held, so the call deadlocks or traps.
///
/// - Parameter function: The pure function, given `recurse` (the memoized function) and the input.
/// - Returns: A `@Sendable` function with the same results that runs `function` at most once per input.
/// - Complexity: A remembered result costs a hash lookup. Results are kept for the lifetime of the
///   returned function.
public func memoize<Input: Hashable & Sendable, Output: Sendable>(
    _ function: @escaping @Sendable (_ recurse: (Input) -> Output, _ input: Input) -> Output
) -> @Sendable (Input) -> Output {
    let table = MemoizationTable<Input, Output>()
    @Sendable func memoized(_ input: Input) -> Output {
        table.value(for: input) { function(memoized, $0) }
    }
    return memoized
}

/// The memo table of one memoized function: a locked dictionary from input to the locked cell holding (or,
/// while it is computed, about to hold) its output.
///
/// A cell's lock is held while its output is computed, so a second caller of the same input waits for the
/// first one's result: each input is computed exactly once. The table's lock is held only to find or
/// insert a cell, so other inputs are not held up.
private final class MemoizationTable<Input: Hashable & Sendable, Output: Sendable>: Sendable {
    private let cells = Locked<[Input: Locked<Output?>]>([:])

    /// Returns the stored output for `input`, computing it with `compute` if no caller has yet.
    func value(for input: Input, computing compute: (Input) -> Output) -> Output {
        let cell = cells.withLock { cells in
            if let cell = cells[input] { return cell }
            let cell = Locked<Output?>(nil)
            cells[input] = cell
            return cell
        }
        return cell.withLock { output in
            if let output { return output }
            let computed = compute(input)
            output = computed
            return computed
        }
    }
}
