/// Combines futures of any number and types into one future of all their values.
///
/// The futures are already running (futures are eager); the result resolves when the last of them
/// resolves, and rejects as soon as any of them rejects, with that first rejection's error (later
/// results are ignored). Any arity works (parameter packs); `zip()` of nothing resolves at once with
/// `()`.
///
/// ```swift
/// let profile = zip(loadUser(id: 7), loadAvatar(id: 7), Future(value: 3))
/// try await profile.value   // (user, avatar, 3)
/// ```
/// - Parameter futures: The futures to combine.
/// - Returns: A future of the tuple of their values.
public func zip<each Value: Sendable>(
    _ futures: repeat Future<each Value>
) -> Future<(repeat each Value)> {
    let promise = Promise<(repeat each Value)>()
    let slots = (repeat FutureZipSlot<each Value>())
    let remaining = Locked(0)
    for _ in repeat each futures { remaining.withLock { $0 += 1 } }
    let finish: @Sendable () -> Void = {
        promise.resolve(with: (repeat (each slots).take()))
    }
    if remaining.withLock({ $0 }) == 0 { finish() }
    repeat futureZipObserve(each futures, into: each slots, promise: promise, remaining: remaining, finish: finish)
    return promise
}

/// Combines futures of any number and types, and transforms their values with `transform`.
///
/// Resolves when every future has resolved, with `transform` applied to their values; rejects with the
/// first rejection, without calling `transform`.
///
/// ```swift
/// try await zip(with: +, Future(value: 20), Future(value: 22)).value   // 42
/// ```
/// - Parameters:
///   - transform: Receives every future's value, in argument order.
///   - futures: The futures to combine.
/// - Returns: A future of `transform`'s result.
public func zip<each Value: Sendable, Output>(
    with transform: @escaping @Sendable (repeat each Value) -> Output,
    _ futures: repeat Future<each Value>
) -> Future<Output> {
    let promise = Promise<Output>()
    let slots = (repeat FutureZipSlot<each Value>())
    let remaining = Locked(0)
    for _ in repeat each futures { remaining.withLock { $0 += 1 } }
    let finish: @Sendable () -> Void = {
        promise.resolve(with: transform(repeat (each slots).take()))
    }
    if remaining.withLock({ $0 }) == 0 { finish() }
    repeat futureZipObserve(each futures, into: each slots, promise: promise, remaining: remaining, finish: finish)
    return promise
}

/// Observes one of zip's futures: stores its value in `slot` and calls `finish` when it was the last
/// one; rejects `promise` on failure.
private func futureZipObserve<Value: Sendable, Output: Sendable>(
    _ future: Future<Value>,
    into slot: FutureZipSlot<Value>,
    promise: Promise<Output>,
    remaining: Locked<Int>,
    finish: @escaping @Sendable () -> Void
) {
    future.observe { result in
        switch result {
        case .success(let value):
            slot.store(value)
            let isLast = remaining.withLock { count in
                count -= 1
                return count == 0
            }
            if isLast { finish() }
        case .failure(let error):
            promise.reject(with: error)
        }
    }
}

/// Where zip keeps one future's value until all have resolved.
private final class FutureZipSlot<Value: Sendable>: Sendable {
    private let value = Locked<Value?>(nil)

    func store(_ newValue: Value) {
        value.withLock { $0 = newValue }
    }

    func take() -> Value {
        value.withLock { stored in
            guard let stored else { preconditionFailure("zip finished before every future resolved") }
            return stored
        }
    }
}
