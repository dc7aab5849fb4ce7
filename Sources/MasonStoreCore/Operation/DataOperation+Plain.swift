import Mason

// Plain twins: `DataOperation` is `Sendable`, so it holds `@Sendable` closures. A closure that is not
// — one that captures a non-Sendable object — goes in `sending` (the caller gives it up) and is called
// under a lock, one run at a time, as in the core's `IO` and `Reader`. Swift prefers the `@Sendable`
// overloads whenever the closure is `@Sendable`, so only these closures pay for the lock.

extension DataOperation {
    /// An operation from work that is not `@Sendable`: the closure is given up by the caller, and runs
    /// of it take turns under a lock.
    ///
    /// The lock is held while the work talks to the database. On a store with many connections
    /// (PostgreSQL), two runs of this one operation at once wait for each other, whatever their
    /// transactions hold — and if one holds a row the other's earlier step locked, neither the lock
    /// nor the server sees the cycle. Make such an operation for each run (a function returning it),
    /// or make its work `@Sendable`.
    ///
    /// ```swift
    /// let audit = AuditLog()                   // a class that is not Sendable
    /// let count: (Database) throws -> Int = { db in audit.record("count"); return try Baby.fetchCount(db) }
    /// let logged = DataOperation(count)        // `count` is given up to the operation
    /// ```
    /// - Parameter body: The work.
    @_disfavoredOverload
    public init(_ body: sending @escaping (Context) throws -> Element) {
        let serial = SerialStep(body)
        self.init { context in try serial(context) }
    }

    /// `map(_:)` for a transform that is not `@Sendable`: runs of it take turns under a lock.
    ///
    /// ```swift
    /// let formatter = NumberFormatter()        // not Sendable
    /// let format: (Int) -> String = { formatter.string(for: $0) ?? "" }
    /// let text = DataOperation.count(Baby.self).map(format)
    /// ```
    /// - Parameter transform: Turns the element into the new element.
    /// - Returns: An operation that runs this one, then `transform`.
    @_disfavoredOverload
    public func map<NewElement>(
        _ transform: sending @escaping (Element) throws -> NewElement
    ) -> DataOperation<Context, NewElement> {
        let serial = SerialStep(transform)
        return map { element in try serial(element) }
    }

    /// `flatMap(_:)` for a transform that is not `@Sendable`: runs of it take turns under a lock.
    ///
    /// ```swift
    /// let chooser = Chooser()                  // not Sendable
    /// let choose: (Baby) -> DataOperation<Database, Int> = { chooser.nextOperation(after: $0) }
    /// let next = makeBaby(name: "Bae").flatMap(choose)
    /// ```
    /// - Parameter transform: Chooses the next operation from the element.
    /// - Returns: An operation that runs this one, then the one `transform` returns.
    @_disfavoredOverload
    public func flatMap<NewElement>(
        _ transform: sending @escaping (Element) throws -> DataOperation<Context, NewElement>
    ) -> DataOperation<Context, NewElement> {
        let serial = SerialStep(transform)
        return flatMap { element in try serial(element) }
    }
}

/// A closure that is not `Sendable`, called under a recursive lock.
///
/// `@unchecked Sendable`: the closure arrives `sending`, so no one else holds it or what it captures,
/// and every call runs under one lock, so what it captures is touched by one thread at a time. Its
/// input and output do not cross threads through it: an operation's steps run synchronously, inside
/// the one access that runs the operation, on that access's thread. The lock is recursive, so an
/// operation that runs itself nested (a recursive definition) calls back in instead of deadlocking.
struct SerialStep<Input, Output>: @unchecked Sendable {
    private let function: Locked<(Input) throws -> Output>

    init(_ function: sending @escaping (Input) throws -> Output) {
        self.function = Locked(function, recursive: true)
    }

    func callAsFunction(_ input: Input) throws -> Output {
        try function.withLockHeld { function throws(any Error) in try function(input) }
    }
}
