import Mason

/// A piece of database work as a value: it runs only when you `operate` it, and only on the context
/// it is given — the seed's `FunctionalDataOperation`, over any kind of connection.
///
/// An operation is a function from a context (for SQLite, GRDB's `Database` inside an access of a
/// `DatabaseQueue` or `DatabasePool`) to an element. Its function is private: the only way to run it
/// is `operate`, which first takes the writer's serialized access, so no caller can touch the
/// database from the wrong thread. Operations compose with `map(_:)`, `flatMap(_:)`,
/// ``zip(_:)``, ``sequence(_:)``, ``save()-swift.method`` and ``retry(_:sleeper:retryIf:)``; the whole composition
/// then runs in **one** access, in order.
///
/// ```swift
/// func makeBaby(name: String) -> DataOperation<Database, Baby> {
///     DataOperation { db in try Baby(name: name).inserted(db) }
/// }
/// let bae = try makeBaby(name: "Bae").save().operate(in: dbQueue)
/// ```
///
/// The context is generic so that every combinator is written once: SQLite through GRDB is the first
/// context (`Context == Database`), and another (PostgreSQL) needs only its own `operate` and a
/// ``DataContext`` conformance.
///
/// An operation is `Sendable`: it is made to be handed to a writer's queue, which runs it on a thread
/// of its own, so its function must be safe to send there.
public struct DataOperation<Context, Element>: Sendable {
    @usableFromInline
    let body: @Sendable (Context) throws -> Element
    /// The program `body` runs when the operation ends in a `flatMap`: what a `flatMap` after this one
    /// hands to the run loop instead of calling `body` nested (see `BoundProgram`).
    let bound: OperationBind<Context>?

    /// An operation that runs `body` with the context it is operated in.
    ///
    /// ```swift
    /// let count = DataOperation<Database, Int> { db in try Baby.fetchCount(db) }
    /// ```
    /// - Parameter body: The work; it may throw, which rolls back everything since the last save.
    public init(_ body: @escaping @Sendable (Context) throws -> Element) {
        self.body = body
        self.bound = nil
    }

    /// An operation that runs `bound` in its loop.
    init(bound: OperationBind<Context>) {
        self.body = { context in try bound.run(in: context) as! Element }
        self.bound = bound
    }

    /// The operation as the program of a run loop, its element's type erased.
    var erased: OperationBind<Context>.Source {
        if let bound { return .bind(bound) }
        return .run(body)
    }

    /// The operation as the next one for a run loop: run now in `context` if it has no `flatMap` (a
    /// stack its steps bound is enough for it), or else left to the loop.
    func runUntilBound(in context: Context) throws -> OperationBind<Context>.Next {
        if let bound { return .program(bound) }
        return .value(try body(context))
    }

    /// Runs the work in `context` with no transaction handling of its own: the building block of the
    /// combinators. Callers outside Mason use `operate`.
    @inlinable
    package func perform(in context: Context) throws -> Element {
        try body(context)
    }
}

extension DataOperation where Element: Sendable {
    /// An operation that touches nothing and returns `element`.
    ///
    /// ```swift
    /// let seven = DataOperation<Database, Int>.pure(7)
    /// ```
    /// - Parameter element: What every run returns.
    @inlinable
    public static func pure(_ element: Element) -> DataOperation {
        DataOperation { _ in element }
    }
}

extension DataOperation {
    /// An operation that fails with `error`: operating it rolls back everything since the last save.
    ///
    /// ```swift
    /// let refused = DataOperation<Database, Int>.fail(ValidationError.emptyName)
    /// ```
    /// - Parameter error: The error every run throws.
    @inlinable
    public static func fail(_ error: some Error) -> DataOperation {
        DataOperation { _ in throw error }
    }
}

/// The bound program of an operation: given the database, it may throw anything.
typealias OperationBind<Context> = BoundProgram<Context, any Error>
