public import Foundation
public import Mason

// FunNetworking's `decodeJsonData`, for `Result` and `Either`, with the default `JSONDecoder` or an
// injected one. An upstream failure passes through unchanged (the request's error, not "invalid data");
// a decoding failure becomes `NetworkRequestError.decodingFailed` with the type and the coding path.

/// Decodes a request's JSON body: FunNetworking's `decodeJsonData`, for `Result<Data, Error>`.
///
/// A failure passes through unchanged; data that does not decode fails with
/// ``NetworkRequestError/decodingFailed(type:description:codingPath:)``. Uses a new `JSONDecoder()`;
/// see `decodeJsonData(with:)` to inject one.
///
/// ```swift
/// let guess: Result<AgeGuess, Error> = decodeJsonData(result: .success(Data(#"{"name": "Jane", "age": 48}"#.utf8)))
/// // .success(AgeGuess(name: "Jane", age: 48))
/// let fetch = requestAsyncR <&> decodeJsonData   // (URLRequest?) -> Deferred<Result<AgeGuess, Error>>
/// ```
/// - Parameter result: The body, or the failure to pass on.
/// - Returns: The decoded value, or the failure.
public func decodeJsonData<Value: Decodable>(result: Result<Data, any Error>) -> Result<Value, any Error> {
    decodeJsonData(result: result, decoder: JSONDecoder())
}

/// Decodes a request's JSON body: FunNetworking's `decodeJsonData`, for `Either<Error, Data>`.
///
/// A left passes through unchanged; data that does not decode becomes a left
/// ``NetworkRequestError/decodingFailed(type:description:codingPath:)``.
///
/// ```swift
/// let host: Either<Error, Host> = decodeJsonData(result: .right(Data(#"{"ip": "10.0.0.7"}"#.utf8)))
/// // .right(Host(ip: "10.0.0.7"))
/// ```
/// - Parameter result: The body on the right, or the failure on the left.
/// - Returns: The decoded value on the right, or the failure on the left.
public func decodeJsonData<Value: Decodable>(result: Either<any Error, Data>) -> Either<any Error, Value> {
    decodeJsonData(result: result, decoder: JSONDecoder())
}

/// Decodes a request's JSON body keeping the typed error: `decodeJsonData(result:)`
/// for ``requestAsync(_:)``.
///
/// ```swift
/// let fetch = requestAsync(transport: transport) <&> decodeJsonData
/// // (URLRequest?) -> Deferred<Result<AgeGuess, NetworkRequestError>>
/// ```
/// - Parameter result: The body, or the failure to pass on.
/// - Returns: The decoded value, or the failure.
public func decodeJsonData<Value: Decodable>(
    result: Result<Data, NetworkRequestError>
) -> Result<Value, NetworkRequestError> {
    decodeJsonData(result: result, decoder: JSONDecoder())
}

/// Decodes with an injected decoder, curried for chains: FunNetworking's `decodeJsonData(with:)`.
///
/// The returned function decodes a `Result<Data, Error>`, an `Either<Error, Data>` or a
/// `Result<Data, NetworkRequestError>` — whichever the context asks for.
///
/// ```swift
/// let snakeCase = JSONDecoder()
/// snakeCase.keyDecodingStrategy = .convertFromSnakeCase
/// let fetch = requestAsyncR <&> decodeJsonData(with: snakeCase)
/// ```
/// - Parameter decoder: The decoder to use.
/// - Returns: A function decoding a `Result<Data, Error>`.
public func decodeJsonData<Value: Decodable & SendableMetatype>(
    with decoder: JSONDecoder
) -> @Sendable (Result<Data, any Error>) -> Result<Value, any Error> {
    { decodeJsonData(result: $0, decoder: decoder) }
}

/// Decodes with an injected decoder, curried for chains over `Either`; see `decodeJsonData(with:)`.
///
/// ```swift
/// let fetch = requestSyncE <&> decodeJsonData(with: snakeCase)   // (URLRequest?) -> IO<Either<Error, Host>>
/// ```
/// - Parameter decoder: The decoder to use.
/// - Returns: A function decoding an `Either<Error, Data>`.
public func decodeJsonData<Value: Decodable & SendableMetatype>(
    with decoder: JSONDecoder
) -> @Sendable (Either<any Error, Data>) -> Either<any Error, Value> {
    { decodeJsonData(result: $0, decoder: decoder) }
}

/// Decodes with an injected decoder, curried for chains over the typed requests; see `decodeJsonData(with:)`.
///
/// ```swift
/// let fetch = requestAsync(transport: transport) <&> decodeJsonData(with: snakeCase)
/// ```
/// - Parameter decoder: The decoder to use.
/// - Returns: A function decoding a `Result<Data, NetworkRequestError>`.
public func decodeJsonData<Value: Decodable & SendableMetatype>(
    with decoder: JSONDecoder
) -> @Sendable (Result<Data, NetworkRequestError>) -> Result<Value, NetworkRequestError> {
    { decodeJsonData(result: $0, decoder: decoder) }
}

/// Decodes a `Result<Data, Error>` with `decoder`, uncurried.
///
/// ```swift
/// let guess: Result<AgeGuess, Error> = decodeJsonData(result: body, decoder: snakeCase)
/// ```
/// - Parameters:
///   - result: The body, or the failure to pass on.
///   - decoder: The decoder to use.
/// - Returns: The decoded value, or the failure.
public func decodeJsonData<Value: Decodable>(
    result: Result<Data, any Error>, decoder: JSONDecoder
) -> Result<Value, any Error> {
    result.flatMap { data in decode(Value.self, from: data, with: decoder).mapError { $0 } }
}

/// Decodes an `Either<Error, Data>` with `decoder`, uncurried: FunNetworking's `decodeJsonDataEither`.
///
/// ```swift
/// let host: Either<Error, Host> = decodeJsonData(result: body, decoder: snakeCase)
/// ```
/// - Parameters:
///   - result: The body on the right, or the failure on the left.
///   - decoder: The decoder to use.
/// - Returns: The decoded value on the right, or the failure on the left.
public func decodeJsonData<Value: Decodable>(
    result: Either<any Error, Data>, decoder: JSONDecoder
) -> Either<any Error, Value> {
    result.flatMap { data in Either(decode(Value.self, from: data, with: decoder).mapError { $0 }) }
}

/// Decodes a `Result<Data, NetworkRequestError>` with `decoder`, uncurried.
///
/// ```swift
/// let guess: Result<AgeGuess, NetworkRequestError> = decodeJsonData(result: body, decoder: snakeCase)
/// ```
/// - Parameters:
///   - result: The body, or the failure to pass on.
///   - decoder: The decoder to use.
/// - Returns: The decoded value, or the failure.
public func decodeJsonData<Value: Decodable>(
    result: Result<Data, NetworkRequestError>, decoder: JSONDecoder
) -> Result<Value, NetworkRequestError> {
    result.flatMap { data in decode(Value.self, from: data, with: decoder) }
}

private func decode<Value: Decodable>(
    _ type: Value.Type, from data: Data, with decoder: JSONDecoder
) -> Result<Value, NetworkRequestError> {
    do {
        return .success(try decoder.decode(type, from: data))
    } catch let error as DecodingError {
        return .failure(NetworkRequestError(decoding: error, as: String(describing: type)))
    } catch {
        return .failure(
            .decodingFailed(type: String(describing: type), description: String(describing: error), codingPath: []))
    }
}
