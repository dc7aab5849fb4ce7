import Mason

/// Map: `operation <&> transform` is `DataOperation.map(_:)`.
///
/// ```swift
/// let name = makeBaby(name: "Bae") <&> \.name
/// ```
@inlinable
public func <&> <Context, Element, NewElement>(
    operation: DataOperation<Context, Element>,
    transform: @escaping @Sendable (Element) throws -> NewElement
) -> DataOperation<Context, NewElement> {
    operation.map(transform)
}

/// Bind: `operation >>- transform` is `DataOperation.flatMap(_:)`.
///
/// ```swift
/// let renamed = makeBaby(name: "Bae") >>- { rename($0, to: "Bea") }
/// ```
@inlinable
public func >>- <Context, Element, NewElement>(
    operation: DataOperation<Context, Element>,
    transform: @escaping @Sendable (Element) throws -> DataOperation<Context, NewElement>
) -> DataOperation<Context, NewElement> {
    operation.flatMap(transform)
}

/// Map: `operation <&> transform` is ``ResultDataOperation/map(_:)``.
///
/// ```swift
/// let name = checkedBaby <&> \.name
/// ```
@inlinable
public func <&> <Context, Element, NewElement, Failure>(
    operation: ResultDataOperation<Context, Element, Failure>,
    transform: @escaping @Sendable (Element) throws -> NewElement
) -> ResultDataOperation<Context, NewElement, Failure> {
    operation.map(transform)
}

/// Bind: `operation >>- transform` is ``ResultDataOperation/flatMap(_:)``.
///
/// ```swift
/// let games = nameOperation >>- fetchGames(named:)
/// ```
@inlinable
public func >>- <Context, Element, NewElement, Failure>(
    operation: ResultDataOperation<Context, Element, Failure>,
    transform: @escaping @Sendable (Element) throws -> ResultDataOperation<Context, NewElement, Failure>
) -> ResultDataOperation<Context, NewElement, Failure> {
    operation.flatMap(transform)
}
