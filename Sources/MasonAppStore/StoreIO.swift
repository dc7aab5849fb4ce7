public import GRDB
public import MasonApp
public import MasonStore

/// A database as an IO kind: the pure function asks for a data operation — a value that describes the
/// work, run only by the handler — and gets its element back, or the operation's `StoreError`
/// through `io.failure(forToken:)`. One kind per element type: `StoreIO<Forecast?>` beside
/// `StoreIO<Void>`. An operation cancelled before its handler began (in the run that asked for it, or
/// replaced by a later `.latestWins` output) fails with `CancellationError` instead, from the loop: it
/// never ran. Operations run in the order asked for within one handler, so one element type; a
/// `StoreIO<Void>` write and a `StoreIO<Forecast?>` read may run in either order.
///
/// ```swift
/// let load = DataOperation<Database, Forecast?>.fetchOne(Forecast.self, id: city)
/// let (next, token) = io.addingOutput(.read(load), for: StoreIO<Forecast?>.self)
/// // …a later run:
/// if case .element(let cached)? = io.input(forToken: token) { … }
/// if let error = io.failure(forToken: token) as? StoreError { … }
/// ```
public enum StoreIO<Element: Sendable>: IOType {
    /// What an operation gives back.
    ///
    /// ```swift
    /// if case .element(let value)? = io.input(forToken: token) { … }
    /// ```
    public enum Input: Sendable {
        /// The operation's element.
        case element(Element)
    }

    /// What the pure function asks for.
    ///
    /// ```swift
    /// io.addingOutput(.operate(DataOperation.insert(latest).save()), for: StoreIO<Forecast>.self)
    /// ```
    public enum Output: Sendable {
        /// Run the operation in a write transaction (`operate(in:)`): what it saves (`save()`) stays, the
        /// rest is rolled back, as in MasonStore.
        case operate(DataOperation<Database, Element>)
        /// Run the operation read-only (`read(from:)`): on a pool, beside the writes.
        case read(DataOperation<Database, Element>)
    }
}

/// Performs ``StoreIO`` outputs on a GRDB database: writes through `operate(in:)`, reads through
/// `read(from:)`, neither blocking a thread of Swift's pool. Its outputs run one at a time, in order
/// (``outputPolicy`` is `.serial`), so a read asked for after a write sees it.
///
/// ```swift
/// let store = StoreIOHandler<Forecast?>(database: try DatabaseQueue.opening(path: path))
/// ```
public final class StoreIOHandler<Element: Sendable>: IOHandling {
    /// The IO kind this handler performs.
    public typealias IO = StoreIO<Element>

    /// One operation at a time, in the order the pure function asked for them.
    ///
    /// ```swift
    /// StoreIOHandler<Int>.outputPolicy   // .serial
    /// ```
    public static var outputPolicy: OutputPolicy { .serial }

    private let database: any DatabaseWriter

    /// A handler on a fresh in-memory database: what `init()` must give (the handler-types form of
    /// `MainFactory`); real apps pass their database.
    ///
    /// ```swift
    /// let scratch = StoreIOHandler<Int>()
    /// ```
    public convenience init() {
        // An in-memory database fails to open only when memory runs out.
        self.init(database: try! DatabaseQueue())
    }

    /// A handler on `database`.
    ///
    /// ```swift
    /// let store = StoreIOHandler<Forecast?>(database: try DatabasePool.opening(path: path))
    /// ```
    /// - Parameter database: A `DatabaseQueue` or `DatabasePool`; several handlers may share it.
    public init(database: any DatabaseWriter) {
        self.database = database
    }

    /// Runs the operation and hands back its element.
    ///
    /// ```swift
    /// try await store.handle(output: .read(count), token: token) { input in print(input) }
    /// ```
    /// - Parameters:
    ///   - output: The operation and how to run it.
    ///   - token: The output's token.
    ///   - inputClosure: Receives `.element(_:)`.
    /// - Throws: `StoreError`.
    public func handle(
        output: StoreIO<Element>.Output, token: IOToken<StoreIO<Element>>,
        inputClosure: @escaping @Sendable (StoreIO<Element>.Input) -> Void
    ) async throws {
        switch output {
        case .operate(let operation): inputClosure(.element(try await operation.operate(in: database)))
        case .read(let operation): inputClosure(.element(try await operation.read(from: database)))
        }
    }
}
