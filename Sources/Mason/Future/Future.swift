/// A result that will be available later: Sundell's `Future`, made thread-safe for Swift 6.
///
/// A future is **eager**: the work that will resolve it is already under way when you receive it, and
/// its one result is shared by everyone who observes it. Create futures with a ``Promise`` (which you
/// resolve or reject once), with ``init(value:)`` / ``pure(_:)`` (already resolved) or ``init(error:)``
/// (already rejected), and derive new ones with ``transformed(with:)`` / ``map(_:)``,
/// ``chained(using:)`` / ``flatMap(_:)`` and `zip`.
///
/// ```swift
/// let promise = Promise<Int>()
/// promise.transformed { $0 * 2 }.observe { print($0) }
/// promise.resolve(with: 21)   // prints "success(42)"
/// promise.resolve(with: 0)    // false — a future is resolved at most once
/// ```
///
/// **When callbacks run.** ``observe(using:)`` calls back **synchronously, on the calling thread,
/// before it returns** when the future is already resolved. Otherwise it stores the callback, and the
/// callback runs on the thread that resolves the future, inside that thread's call to
/// ``Promise/resolve(with:)`` or ``Promise/reject(with:)``. (A resolution nested more than 64 deep in
/// other futures' callbacks, as in a long chain on a pending promise, runs its callbacks right after
/// the outermost callback on that thread returns instead, so that a chain of any length resolves in
/// a bounded stack.) Callbacks stored before the resolution run
/// in the order they were registered, each exactly once, and are released after they run. No callback
/// runs while the future's lock is held, so a callback may observe or resolve any future
/// (including this one). Only callbacks stored before the resolution are ordered: a callback registered
/// after it runs at once on its own thread, possibly while the resolving thread is still calling the
/// earlier ones. To receive the result on a particular actor, hop there in the callback
/// (`Task { @MainActor in … }`) or `await` ``value`` from that actor.
///
/// **Concurrency.** `Future` is `Sendable`: all of its mutable state lives behind a lock. Its value
/// must be `Sendable`, since the result crosses from the resolving thread to the observers. A future
/// cannot be cancelled; cancelling a task that awaits ``value`` only stops that task's wait.
public class Future<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: the only stored property is `state`, a `let` holding Mason's `Locked`
    // (itself Sendable). Every read and write of the pending callbacks and of the result goes through
    // `state.withLock`, so no two threads touch them at once; the stored callbacks are `@Sendable` and
    // `Value` is `Sendable`, so handing the result to callbacks on other threads is safe. Subclasses
    // (only `Promise`, which is final) add no stored state.

    /// The outcome of a future: its value, or the error it was rejected with.
    public typealias Result = Swift.Result<Value, any Error>

    /// A stored observer.
    typealias Callback = @Sendable (Result) -> Void

    /// Where a future is in its life: waiting (with its observers, in registration order) or resolved.
    enum State {
        case pending(callbacks: [(id: Int, callback: Callback)], nextID: Int)
        case resolved(Result)
    }

    let state: Locked<State>

    /// Creates a future that is pending, or already resolved with `result`.
    init(result: Result?) {
        state = Locked(result.map(State.resolved) ?? .pending(callbacks: [], nextID: 0))
    }

    /// Creates a future already resolved with `value`.
    ///
    /// ```swift
    /// Future(value: 42).observe { print($0) }   // prints "success(42)" at once
    /// ```
    /// - Parameter value: The future's value.
    public convenience init(value: Value) {
        self.init(result: .success(value))
    }

    /// Creates a future already rejected with `error`.
    ///
    /// ```swift
    /// Future<Int>(error: CancellationError()).observe { print($0) }   // prints "failure(…)" at once
    /// ```
    /// - Parameter error: The error the future is rejected with.
    public convenience init(error: any Error) {
        self.init(result: .failure(error))
    }

    /// A future already resolved with `value`: the applicative `pure`, the same as ``init(value:)``.
    ///
    /// ```swift
    /// try await Future.pure("mason").value   // "mason"
    /// ```
    /// - Parameter value: The future's value.
    /// - Returns: A resolved future.
    public static func pure(_ value: Value) -> Future<Value> {
        Future(value: value)
    }

    /// Calls `callback` with the future's result, once.
    ///
    /// If the future is already resolved, `callback` runs **now, on the calling thread**, before
    /// `observe` returns. Otherwise it runs later, on the thread that resolves the future; callbacks
    /// registered before the resolution run in registration order. Each callback runs exactly once and
    /// is released after it runs. The future's lock is not held while callbacks run.
    ///
    /// ```swift
    /// let promise = Promise<String>()
    /// promise.observe { print("first:", $0) }
    /// promise.observe { print("second:", $0) }
    /// promise.resolve(with: "done")
    /// // first: success("done")
    /// // second: success("done")
    /// promise.observe { print("late:", $0) }   // late: success("done") — synchronously
    /// ```
    /// - Parameter callback: Receives the value or the error.
    public func observe(using callback: @escaping @Sendable (Result) -> Void) {
        if let result = register(callback) {
            callback(result)
        }
    }

    /// The result, if the future is resolved.
    var currentResult: Result? {
        state.withLock { state in
            guard case .resolved(let result) = state else { return nil }
            return result
        }
    }

    /// Stores `callback` if the future is pending and returns nil; returns the result (without storing
    /// anything) if it is resolved. The caller must then call the callback itself, outside the lock.
    func register(_ callback: @escaping Callback) -> Result? {
        registerRemovably(callback).result
    }

    /// Like ``register(_:)``, also returning the callback's identifier, for ``unregister(_:)``.
    func registerRemovably(_ callback: @escaping Callback) -> (id: Int?, result: Result?) {
        state.withLock { state in
            switch state {
            case .pending(var callbacks, let nextID):
                callbacks.append((nextID, callback))
                state = .pending(callbacks: callbacks, nextID: nextID + 1)
                return (nextID, nil)
            case .resolved(let result):
                return (nil, result)
            }
        }
    }

    /// Removes a stored callback that has not run yet (a no-op if the future is resolved).
    func unregister(_ id: Int) {
        let removed: Callback? = state.withLock { state in
            guard case .pending(var callbacks, let nextID) = state,
                let index = callbacks.firstIndex(where: { $0.id == id })
            else { return nil }
            let removed = callbacks.remove(at: index).callback
            state = .pending(callbacks: callbacks, nextID: nextID)
            return removed
        }
        _ = removed  // released here, outside the lock
    }

    /// Resolves the future with `result` if it is still pending, then runs the stored callbacks in
    /// registration order, outside the lock.
    /// - Returns: `true` if this call resolved the future; `false` if it was already resolved.
    @discardableResult
    func complete(with result: Result) -> Bool {
        let callbacks: [(id: Int, callback: Callback)]? = state.withLock { state in
            guard case .pending(let callbacks, _) = state else { return nil }
            state = .resolved(result)
            return callbacks
        }
        guard let callbacks else { return false }
        FutureResolution.run {
            for entry in callbacks {
                entry.callback(result)
            }
        }
        return true
    }
}

extension Future {
    /// Chains a future that depends on this one's value: Sundell's `chained(using:)`, the monadic
    /// bind. ``flatMap(_:)`` and `future >>- closure` are its other spellings.
    ///
    /// When this future resolves, `closure` runs with its value (on the resolving thread) and the
    /// result follows the future `closure` returns. A rejection skips `closure` and passes the error on;
    /// a throw from `closure` rejects the result with the thrown error.
    ///
    /// ```swift
    /// let user: Future<User> = loadUser(id: 7)
    /// let avatar = user.chained { user in loadImage(at: user.avatarURL) }   // Future<Image>
    /// ```
    /// - Parameter closure: Builds the next future from this one's value; may throw to reject.
    /// - Returns: A future of the chained future's value.
    public func chained<NewValue>(
        using closure: @escaping @Sendable (Value) throws -> Future<NewValue>
    ) -> Future<NewValue> {
        let promise = Promise<NewValue>()
        observe { result in
            switch result {
            case .success(let value):
                do {
                    try closure(value).observe { promise.complete(with: $0) }
                } catch {
                    promise.reject(with: error)
                }
            case .failure(let error):
                promise.reject(with: error)
            }
        }
        return promise
    }

    /// Transforms the future's value: Sundell's `transformed(with:)`, the functor map. ``map(_:)`` and
    /// `future <&> closure` are its other spellings.
    ///
    /// `closure` runs once, when this future resolves, on the resolving thread (at once if it is already
    /// resolved). A rejection skips it; a throw from it rejects the result.
    ///
    /// ```swift
    /// Future(value: 21).transformed { $0 * 2 }   // resolves with 42
    /// Future(value: "x").transformed { text -> Int in
    ///     guard let number = Int(text) else { throw ParseError.notANumber }
    ///     return number
    /// }   // rejected with ParseError.notANumber
    /// ```
    /// - Parameter closure: Transforms the value; may throw to reject.
    /// - Returns: A future of the transformed value.
    public func transformed<NewValue>(
        with closure: @escaping @Sendable (Value) throws -> NewValue
    ) -> Future<NewValue> {
        let promise = Promise<NewValue>()
        observe { result in
            promise.complete(with: result.flatMap { value in Swift.Result { try closure(value) } })
        }
        return promise
    }

    /// Transforms the future's value; the same as ``transformed(with:)``. `future <&> transform` is
    /// its operator spelling.
    ///
    /// ```swift
    /// try await Future(value: 20).map { $0 + 1 }.value   // 21
    /// ```
    /// - Parameter transform: Transforms the value; may throw to reject.
    /// - Returns: A future of the transformed value.
    public func map<NewValue>(
        _ transform: @escaping @Sendable (Value) throws -> NewValue
    ) -> Future<NewValue> {
        transformed(with: transform)
    }

    /// Chains a future that depends on this one's value; the same as ``chained(using:)``.
    /// `future >>- transform` is its operator spelling.
    ///
    /// ```swift
    /// try await Future(value: 3).flatMap { n in Future(value: String(repeating: "a", count: n)) }.value
    /// // "aaa"
    /// ```
    /// - Parameter transform: Builds the next future from this one's value; may throw to reject.
    /// - Returns: A future of the chained future's value.
    public func flatMap<NewValue>(
        _ transform: @escaping @Sendable (Value) throws -> Future<NewValue>
    ) -> Future<NewValue> {
        chained(using: transform)
    }
}
