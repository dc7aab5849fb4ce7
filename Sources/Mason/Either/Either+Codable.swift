/// The keys of an encoded ``Either``: exactly one of them is present.
private enum EitherCodingKey: String, CodingKey {
    case left
    case right
}

extension Either: Encodable where Left: Encodable, Right: Encodable {
    /// Encodes the value as a one-key object: `{"left": …}` or `{"right": …}`.
    ///
    /// ```swift
    /// try JSONEncoder().encode(Either<String, Int>.right(1))    // {"right":1}
    /// try JSONEncoder().encode(Either<String, Int>.left("no"))  // {"left":"no"}
    /// ```
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder or the wrapped value throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EitherCodingKey.self)
        switch self {
        case .left(let left): try container.encode(left, forKey: .left)
        case .right(let right): try container.encode(right, forKey: .right)
        }
    }
}

extension Either: Decodable where Left: Decodable, Right: Decodable {
    /// Decodes a one-key object: `{"left": …}` or `{"right": …}`.
    ///
    /// Other keys are ignored.
    ///
    /// ```swift
    /// try JSONDecoder().decode(Either<String, Int>.self, from: Data(#"{"right":1}"#.utf8))   // .right(1)
    /// try JSONDecoder().decode(Either<String, Int>.self, from: Data("{}".utf8))              // throws
    /// ```
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when neither or both of the keys `left` and `right`
    ///   are present, or whatever decoding the wrapped value throws.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: EitherCodingKey.self)
        switch (container.contains(.left), container.contains(.right)) {
        case (true, false):
            self = .left(try container.decode(Left.self, forKey: .left))
        case (false, true):
            self = .right(try container.decode(Right.self, forKey: .right))
        case (true, true):
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: #"An Either needs exactly one of the keys "left" and "right"; found both."#
                )
            )
        case (false, false):
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: #"An Either needs exactly one of the keys "left" and "right"; found neither."#
                )
            )
        }
    }
}
