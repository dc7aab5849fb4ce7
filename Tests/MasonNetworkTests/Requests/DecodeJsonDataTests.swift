import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTesting
import Testing

@Suite struct DecodeJsonDataTests {
    private struct AgeGuess: Decodable, Equatable, Sendable {
        let name: String
        let age: Int
    }

    private struct Forecast: Decodable, Equatable, Sendable {
        let maxTemperature: Double
    }

    private struct Upstream: Error, Equatable {}

    private let jane = Data(#"{"name": "Jane", "age": 48}"#.utf8)
    private let wrongAge = Data(#"{"name": "Jane", "age": "old"}"#.utf8)

    @Test func resultDataDecodes() throws {
        let result: Result<AgeGuess, any Error> = decodeJsonData(result: .success(jane))
        #expect(try result.get() == AgeGuess(name: "Jane", age: 48))
    }

    @Test func anUpstreamFailurePassesThroughUnchanged() {
        let result: Result<AgeGuess, any Error> = decodeJsonData(result: .failure(Upstream()))
        guard case .failure(let error) = result else {
            Issue.record("expected the upstream failure")
            return
        }
        #expect(error as? Upstream == Upstream())
        let either: Either<any Error, AgeGuess> = decodeJsonData(result: .left(Upstream()))
        guard case .left(let left) = either else {
            Issue.record("expected the upstream failure")
            return
        }
        #expect(left as? Upstream == Upstream())
        let typed: Result<AgeGuess, NetworkRequestError> = decodeJsonData(result: .failure(.noResponse))
        #expect(typed == .failure(.noResponse))
    }

    @Test func aDecodingFailureCarriesTypeAndCodingPath() {
        let typed: Result<AgeGuess, NetworkRequestError> = decodeJsonData(result: .success(wrongAge))
        guard case .failure(.decodingFailed(let type, let description, let path)) = typed else {
            Issue.record("expected decodingFailed, got \(typed)")
            return
        }
        #expect(type == "AgeGuess")
        #expect(path == ["age"])
        #expect(!description.isEmpty)
        let untyped: Result<AgeGuess, any Error> = decodeJsonData(result: .success(wrongAge))
        guard case .failure(let error) = untyped else {
            Issue.record("expected a failure")
            return
        }
        #expect(error as? NetworkRequestError == typed.failureValue)
    }

    @Test func eitherDecodesAndFailsOnTheLeft() {
        let right: Either<any Error, AgeGuess> = decodeJsonData(result: .right(jane))
        guard case .right(let guess) = right else {
            Issue.record("expected a guess")
            return
        }
        #expect(guess == AgeGuess(name: "Jane", age: 48))
        let left: Either<any Error, AgeGuess> = decodeJsonData(result: .right(Data("[]".utf8)))
        guard case .left(let error) = left, case .decodingFailed(let type, _, _)? = error as? NetworkRequestError else {
            Issue.record("expected decodingFailed on the left")
            return
        }
        #expect(type == "AgeGuess")
    }

    @Test func anInjectedDecoderIsUsedInAChain() async throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let stub = StubTransport(.json(#"{"max_temperature": 21.5}"#))
        let request = NetworkTestSupport.request("https://example.com/weather")
        let fetch: @Sendable (URLRequest?) -> Deferred<Result<Forecast, any Error>> =
            requestAsyncR(transport: stub) <&> decodeJsonData(with: decoder)
        let forecast = try await fetch(request).value.get()
        #expect(forecast == Forecast(maxTemperature: 21.5))
        let plain: Result<Forecast, any Error> = await (requestAsyncR(transport: stub) <&> decodeJsonData)(request)
            .value
        #expect((try? plain.get()) == nil)
    }

    @Test func theCurriedFormsServeEitherAndTypedChains() async throws {
        let decoder = JSONDecoder()
        let stub = StubTransport(.json(#"{"name": "Jane", "age": 48}"#))
        let request = NetworkTestSupport.request("https://example.com")
        let typedFetch: @Sendable (URLRequest?) -> Deferred<Result<AgeGuess, NetworkRequestError>> =
            requestAsync(transport: stub) <&> decodeJsonData(with: decoder)
        let typed = try await typedFetch(request).value.get()
        #expect(typed == AgeGuess(name: "Jane", age: 48))
        let eitherFetch: @Sendable (URLRequest?) -> Deferred<Either<any Error, AgeGuess>> =
            requestAsyncE(transport: stub) <&> decodeJsonData(with: decoder)
        let either = await eitherFetch(request).value
        guard case .right(let guess) = either else {
            Issue.record("expected a guess")
            return
        }
        #expect(guess == typed)
    }
}

extension Result where Failure == NetworkRequestError {
    /// The failure, if any (test helper).
    fileprivate var failureValue: NetworkRequestError? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
