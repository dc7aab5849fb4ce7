import Foundation
import Mason
import Testing

@Suite struct EitherCodableTests {
    struct Payload: Codable, Equatable {
        var name: String
        var values: [Int]
    }

    static func encoded<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decoded<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func encodesRightUnderTheRightKey() throws {
        #expect(try Self.encoded(Either<String, Int>.right(1)) == #"{"right":1}"#)
    }

    @Test func encodesLeftUnderTheLeftKey() throws {
        #expect(try Self.encoded(Either<String, Int>.left("no")) == #"{"left":"no"}"#)
    }

    @Test func decodesEachSide() throws {
        #expect(try Self.decoded(Either<String, Int>.self, #"{"right":1}"#) == .right(1))
        #expect(try Self.decoded(Either<String, Int>.self, #"{"left":"no"}"#) == .left("no"))
    }

    @Test func roundTripsNestedValues() throws {
        let values: [Either<Payload, [String: Int]>] = [
            .left(Payload(name: "a", values: [1, 2])),
            .right(["x": 1])
        ]
        let data = try JSONEncoder().encode(values)
        #expect(try JSONDecoder().decode([Either<Payload, [String: Int]>].self, from: data) == values)
    }

    @Test func roundTripsAnOptionalNilSide() throws {
        let value = Either<Int?, String>.left(nil)
        #expect(try Self.encoded(value) == #"{"left":null}"#)
        #expect(try Self.decoded(Either<Int?, String>.self, #"{"left":null}"#) == value)
    }

    @Test func decodingFailsWhenNeitherKeyIsPresent() {
        #expect(throws: DecodingError.self) {
            try Self.decoded(Either<String, Int>.self, #"{"other":1}"#)
        }
    }

    @Test func decodingFailsWhenBothKeysArePresent() {
        #expect(throws: DecodingError.self) {
            try Self.decoded(Either<String, Int>.self, #"{"left":"no","right":1}"#)
        }
    }

    @Test func decodingFailsWhenThePresentSideHasTheWrongType() {
        #expect(throws: DecodingError.self) {
            try Self.decoded(Either<String, Int>.self, #"{"right":"one"}"#)
        }
    }

    @Test func decodingErrorSaysWhichKeysWereFound() {
        do {
            _ = try Self.decoded(Either<String, Int>.self, #"{"left":"no","right":1}"#)
            Issue.record("expected a decoding error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("found both"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
