import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTesting
import Testing

/// Sundell's "Functional networking in Swift" on MasonNetwork: `Endpoint`, `URLSession.request`,
/// the `Networking` function type, and a `ProductLoader` tested with an injected closure (no mocks).
@Suite struct NetworkingTests {
    struct Product: Codable, Equatable, Sendable {
        typealias ID = Int
        let id: ID
        let name: String
    }

    /// The article's loader, with networking injected as a function (default: `URLSession.shared.request`).
    final class ProductLoader: Sendable {
        private let networking: Networking

        init(networking: @escaping Networking = URLSession.shared.request) {
            self.networking = networking
        }

        func loadProduct(withID id: Product.ID) -> Future<Product> {
            let endpoint = Endpoint.product(withID: id)
            return networking(endpoint).decoded()
        }

        /// The article's final form: `chain(networking, to: Future.decoded)(id)`.
        func loadProductChained(withID id: Product.ID) -> Future<Product> {
            let networking = chain(Endpoint.product, to: self.networking)
            return chain(networking, to: Future.decoded)(id)
        }

        /// The article's `combine(endpoint, with: networking)().decoded()`.
        func loadProductCombined(withID id: Product.ID) -> Future<Product> {
            let networking = combine(Endpoint.product(withID: id), with: self.networking)
            return networking().decoded()
        }
    }

    static let iPad = Product(id: 7, name: "iPad Pro")
    static let iPadJSON = Data(#"{"id": 7, "name": "iPad Pro"}"#.utf8)

    @Test func theLoaderDecodesWhatAnInjectedClosureReturns() async throws {
        // The article's test: pass a function returning the value the test is based on.
        let loader = ProductLoader { endpoint in
            #expect(endpoint == .product(withID: 7))
            return Promise(value: Self.iPadJSON)
        }
        #expect(try await loader.loadProduct(withID: 7).value == Self.iPad)
        #expect(try await loader.loadProductChained(withID: 7).value == Self.iPad)
        #expect(try await loader.loadProductCombined(withID: 7).value == Self.iPad)
    }

    @Test func theLoaderRunsOnAStubTransportWithValidation() async throws {
        let stub = StubTransport.routes([
            "https://shop.example.com/products/7": .json(#"{"id": 7, "name": "iPad Pro"}"#)
        ])
        let loader = ProductLoader(networking: request(transport: stub))
        #expect(try await loader.loadProduct(withID: 7).value == Self.iPad)
        await #expect(throws: NetworkRequestError.self) { try await loader.loadProduct(withID: 8).value }
        do {
            _ = try await loader.loadProductChained(withID: 8).value
            Issue.record("expected a 404")
        } catch let error as NetworkRequestError {
            #expect(error.statusCode == 404)
        }
    }

    @Test func anInvalidEndpointRejectsAtOnceWithoutSending() async {
        let stub = StubTransport(.status(200))
        let invalid = Endpoint(host: "shop.example.com", path: "no-slash")
        let future = request(invalid, transport: stub)
        await #expect(throws: NetworkRequestError.invalidURL("https://shop.example.com no-slash")) {
            try await future.value
        }
        #expect(stub.requests.isEmpty)
        let session = URLSession(configuration: StubURLProtocol.configuration())
        await #expect(throws: NetworkRequestError.invalidURL("https://shop.example.com no-slash")) {
            try await session.request(invalid).value
        }
    }

    @Test func urlSessionRequestValidatesTheStatus() async throws {
        let session = URLSession(configuration: StubURLProtocol.configuration())
        defer { session.finishTasksAndInvalidate() }
        let ok = Endpoint(scheme: "http", host: "stub.test", path: "/status/200")
        #expect(try await session.request(ok).value == Data("status 200".utf8))
        let missing = Endpoint(scheme: "http", host: "stub.test", path: "/status/404")
        do {
            _ = try await session.request(missing).value
            Issue.record("expected a 404")
        } catch let error as NetworkRequestError {
            #expect(error.response?.text == "status 404")
        }
    }

    @Test func aSessionsRequestMethodIsANetworkingFunction() async throws {
        let session = URLSession(configuration: StubURLProtocol.configuration())
        defer { session.finishTasksAndInvalidate() }
        let networking: Networking = session.request
        let product: Future<Product> = chain(
            { _ in Endpoint(scheme: "http", host: "stub.test", path: "/echo") }, to: networking
        )(7).map { _ in Self.iPad }
        #expect(try await product.value == Self.iPad)
        let loader = ProductLoader()  // compiles with the article's default, URLSession.shared.request
        _ = loader
    }
}

extension Endpoint {
    /// The article's `Endpoint.product(withID:)`.
    fileprivate static func product(withID id: NetworkingTests.Product.ID) -> Endpoint {
        Endpoint(host: "shop.example.com", path: "/products/\(id)")
    }
}
