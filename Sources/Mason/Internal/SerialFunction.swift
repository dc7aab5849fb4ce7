/// A function that is not `Sendable`, made safe to share by calling it under a lock: how a plain
/// closure goes into a `Sendable` effect such as `IO`.
///
/// The function arrives `sending`, so the caller holds no other reference to it or to what it
/// captures; every call then runs under one lock, so what it captures is touched by one thread at a
/// time, each call after the last. Its input and output are `Sendable`, so nothing that is not flows
/// in or out of it across threads. The lock is recursive: a function that runs an effect holding
/// itself (a recursive definition) calls back in on the same thread instead of deadlocking.
///
/// ```swift
/// let counter = Counter()                     // a class that is not Sendable
/// let next = SerialFunction { (n: Int) in counter.add(n) }
/// next(1)                                     // callable from any thread, one call at a time
/// ```
package struct SerialFunction<Input: Sendable, Output: Sendable>: Sendable {
    private let function: Locked<(Input) -> Output>

    /// Takes sole ownership of `function`.
    package init(_ function: sending @escaping (Input) -> Output) {
        self.function = Locked(function, recursive: true)
    }

    /// Calls the function under its lock.
    package func callAsFunction(_ input: Input) -> Output {
        function.withLockHeld { $0(input) }
    }
}
