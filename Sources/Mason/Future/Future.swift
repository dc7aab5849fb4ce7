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
/// **Concurrency.** `Future` is `Sendable`: all of its mutable state lives behind a lock of its own,
/// an atomic flag stored in the future (a future is one allocation). Its value
/// must be `Sendable`, since the result crosses from the resolving thread to the observers. A future
/// cannot be cancelled; cancelling a task that awaits ``value`` only stops that task's wait.
public class Future<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: the mutable stored properties (`callbacks`, `isResolved`, `outcome`) are
    // read and written only inside `lock.withLock` (an acquiring compare-and-swap before, a releasing
    // store after), so no two threads touch them at once and every access happens-after the previous
    // one. The stored callbacks are `@Sendable` and `Value` is `Sendable`, so handing the result to
    // callbacks on other threads is safe. Subclasses (only `Promise`, which is final) add no stored
    // state.

    /// The outcome of a future: its value, or the error it was rejected with.
    public typealias Result = Swift.Result<Value, any Error>

    /// A stored observer.
    @usableFromInline
    typealias Callback = @Sendable (Result) -> Void

    /// Guards `callbacks`, `isResolved` and `outcome`. Inline in the future, so a future is one
    /// allocation with no mutex to create.
    @usableFromInline
    final let lock = SpinLock()

    /// The observers waiting for the result, until it comes. Only inside `lock`, which already makes
    /// every access exclusive: Swift's own check of that is switched off. Its layout does not depend
    /// on `Value`, so it is stored first, where code that is not specialised reaches it directly.
    @usableFromInline
    @exclusivity(unchecked)
    final var callbacks = FutureCallbacks<Value>()

    /// Whether `outcome` holds the result. Only inside `lock`.
    @usableFromInline
    @exclusivity(unchecked)
    final var isResolved: Bool

    /// The result once ``isResolved``; until then a placeholder. Not optional: the deinitializer,
    /// which cannot be specialised, then looks up the metadata of one generic type, not two.
    @usableFromInline
    @exclusivity(unchecked)
    final var outcome: Result

    /// Creates a future that is pending, or already resolved with `result`.
    @inlinable
    init(result: Result?) {
        isResolved = result != nil
        outcome = result ?? .failure(FuturePending.placeholder)
    }

    /// The result, if the future is resolved. Only inside `lock`.
    @inlinable
    final var result: Result? {
        isResolved ? outcome : nil
    }

    /// Releases the observers of a future dropped while pending as ``FutureResolution`` runs callbacks:
    /// each holds the future it would resolve, whose observers hold the next one, so a long chain
    /// released here in one go would nest a deinitializer per step. Up to its nesting limit the release
    /// happens here; deeper, a queued closure holds the observers until the outermost resolution or
    /// release on this thread drops it.
    deinit {
        guard !callbacks.isEmpty else { return }
        var released = FutureCallbacks<Value>()
        swap(&released, &callbacks)
        if !FutureResolution.runIfShallow({ released = FutureCallbacks() }) {
            FutureResolution.enqueue { [released] in _ = released }
        }
    }

    /// Creates a future already resolved with `value`.
    ///
    /// ```swift
    /// Future(value: 42).observe { print($0) }   // prints "success(42)" at once
    /// ```
    /// - Parameter value: The future's value.
    @inlinable
    public convenience init(value: Value) {
        self.init(result: .success(value))
    }

    /// Creates a future already rejected with `error`.
    ///
    /// ```swift
    /// Future<Int>(error: CancellationError()).observe { print($0) }   // prints "failure(…)" at once
    /// ```
    /// - Parameter error: The error the future is rejected with.
    @inlinable
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
    @inlinable
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
    /// Called from inside a callback nested 64 deep (a loop written as recursion through `flatMap` on
    /// resolved futures), the callback waits instead until the outermost callback on this thread
    /// returns, so that the recursion runs in a bounded stack; the outermost `observe` still returns
    /// only after every callback it led to has run.
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
    @inlinable
    public final func observe(using callback: @escaping @Sendable (Result) -> Void) {
        guard let result = register(callback) else { return }
        if !FutureResolution.runIfShallow({ callback(result) }) {
            FutureResolution.enqueue { callback(result) }
        }
    }

    /// How many slots the future holds for observers after the first (removed ones included, until
    /// compacted): for tests and diagnostics.
    package final var observerSlots: Int {
        lock.withLock { callbacks.others.count }
    }

    /// The result, if the future is resolved.
    @inlinable
    final var currentResult: Result? {
        lock.withLock { result }
    }

    /// Stores `callback` if the future is pending and returns nil; returns the result (without storing
    /// anything) if it is resolved. The caller must then call the callback itself, outside the lock.
    @inlinable
    final func register(_ callback: @escaping Callback) -> Result? {
        registerRemovably(callback).result
    }

    /// Like ``register(_:)``, also returning the callback's identifier, for ``unregister(_:)``.
    @inlinable
    final func registerRemovably(_ callback: @escaping Callback) -> (id: Int?, result: Result?) {
        lock.withLock {
            if let result { return (nil, result) }
            return (callbacks.append(callback), nil)
        }
    }

    /// Removes a stored callback that has not run yet (a no-op if the future is resolved).
    func unregister(_ id: Int) {
        let removed = lock.withLock { isResolved ? nil : callbacks.remove(id) }
        _ = removed  // released here, outside the lock
    }

    /// Resolves the future with `result` if it is still pending, then runs the stored callbacks in
    /// registration order, outside the lock.
    /// - Returns: `true` if this call resolved the future; `false` if it was already resolved.
    @inlinable
    @discardableResult
    final func complete(with result: Result) -> Bool {
        let callbacks: FutureCallbacks<Value>? = lock.withLock {
            guard !isResolved else { return nil }
            isResolved = true
            outcome = result
            var taken = FutureCallbacks<Value>()
            swap(&taken, &self.callbacks)
            return taken
        }
        guard let callbacks else { return false }
        if callbacks.isEmpty { return true }
        if !FutureResolution.runIfShallow({ callbacks.run(with: result) }) {
            FutureResolution.enqueue { callbacks.run(with: result) }
        }
        return true
    }
}

/// The placeholder outcome of a pending future; never observed.
@usableFromInline
struct FuturePending: Error {
    /// The one placeholder, boxed once: a new `any Error` would allocate a box per future.
    @usableFromInline
    static let placeholder: any Error = FuturePending()
}

/// A pending future's observers in registration order, each with an identifier (the order it came
/// in). The first is stored inline, so a future observed once (every step of a chain) allocates no
/// array. Removed observers leave a gap until gaps are half the array, which then closes them, so a
/// long-pending future awaited again and again by tasks that are cancelled holds only the waiters
/// still waiting.
@usableFromInline
struct FutureCallbacks<Value: Sendable>: Sendable {
    @usableFromInline
    typealias Callback = @Sendable (Swift.Result<Value, any Error>) -> Void

    @usableFromInline
    var first: Callback?
    /// The observers after the first, by increasing identifier; `callback` is `nil` once removed.
    @usableFromInline
    var others: [(id: Int, callback: Callback?)] = []
    /// The identifier the next observer gets: how many were ever stored.
    @usableFromInline
    var count = 0
    /// How many of `others` were removed.
    @usableFromInline
    var gaps = 0

    @inlinable
    init() {}

    /// Whether no observer was ever stored.
    @inlinable
    var isEmpty: Bool { count == 0 }

    /// Stores `callback` last; returns its identifier.
    @inlinable
    mutating func append(_ callback: @escaping Callback) -> Int {
        defer { count += 1 }
        if count == 0 { first = callback } else { others.append((count, callback)) }
        return count
    }

    /// Takes out the observer `id`, if it is still stored.
    mutating func remove(_ id: Int) -> Callback? {
        if id == 0 {
            defer { first = nil }
            return first
        }
        // Identifiers increase along the array: a binary search finds the observer.
        var (low, high) = (others.startIndex, others.endIndex)
        while low < high {
            let middle = (low + high) / 2
            if others[middle].id < id { low = middle + 1 } else { high = middle }
        }
        guard low < others.endIndex, others[low].id == id, let callback = others[low].callback else { return nil }
        others[low].callback = nil
        gaps += 1
        if gaps * 2 >= others.count {
            others.removeAll { $0.callback == nil }
            gaps = 0
        }
        return callback
    }

    /// Calls every stored observer with `result`, in registration order.
    @inlinable
    func run(with result: Swift.Result<Value, any Error>) {
        first?(result)
        for other in others {
            other.callback?(result)
        }
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
    @inlinable
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
    @inlinable
    public func transformed<NewValue>(
        with closure: @escaping @Sendable (Value) throws -> NewValue
    ) -> Future<NewValue> {
        let promise = Promise<NewValue>()
        observe { result in
            switch result {
            case .success(let value):
                do {
                    promise.complete(with: .success(try closure(value)))
                } catch {
                    promise.complete(with: .failure(error))
                }
            case .failure(let error):
                promise.complete(with: .failure(error))
            }
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
    @inlinable
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
    @inlinable
    public func flatMap<NewValue>(
        _ transform: @escaping @Sendable (Value) throws -> Future<NewValue>
    ) -> Future<NewValue> {
        chained(using: transform)
    }
}
