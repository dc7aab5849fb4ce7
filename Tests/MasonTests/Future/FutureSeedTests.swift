import Foundation
import Mason
import Testing

/// Sundell's "Functional networking in Swift": networking as an injected function returning a
/// `Future<Data>`, a loader decoding it, and the same loader written with `combine` and `chain`.
@Suite struct FutureSeedTests {
    struct Product: Codable, Equatable, Sendable {
        typealias ID = Int
        let id: ID
        let name: String
    }

    /// A stand-in for Sundell's `Endpoint` (from "Constructing URLs in Swift").
    struct Endpoint: Equatable, Sendable {
        enum Error: Swift.Error, Equatable { case invalidURL, notFound }
        let path: String

        static func product(withID id: Product.ID) -> Endpoint {
            Endpoint(path: "/products/\(id)")
        }
    }

    typealias Networking = @Sendable (Endpoint) -> Future<Data>

    /// The article's `ProductLoader`, with networking injected as a function.
    final class ProductLoader: Sendable {
        private let networking: Networking

        init(networking: @escaping Networking) {
            self.networking = networking
        }

        /// `networking(endpoint).decoded()`, as in the article.
        func loadProduct(withID id: Product.ID) -> Future<Product> {
            networking(.product(withID: id)).decoded()
        }

        /// The article's `combine(endpoint, with: networking)().decoded()`.
        func loadProductCombined(withID id: Product.ID) -> Future<Product> {
            let networking = combine(Endpoint.product(withID: id), with: self.networking)
            return networking().decoded()
        }

        /// The article's `chain(networking, to: Future.decoded)(id)`.
        func loadProductChained(withID id: Product.ID) -> Future<Product> {
            let networking = chain(Endpoint.product, to: self.networking)
            return chain(networking, to: Future.decoded)(id)
        }
    }

    /// The test networking of the article: a closure returning a pre-resolved `Promise`.
    static let stubNetworking: Networking = { endpoint in
        switch endpoint {
        case .product(withID: 7):
            return Promise(value: Data(#"{"id": 7, "name": "iPad Pro"}"#.utf8))
        case .product(withID: 8):
            return Promise(value: Data(#"{"id": "eight"}"#.utf8))
        default:
            let promise = Promise<Data>()
            promise.reject(with: Endpoint.Error.notFound)
            return promise
        }
    }

    static let iPad = Product(id: 7, name: "iPad Pro")

    @Test func loaderDecodesTheInjectedNetworkingsData() async throws {
        let loader = ProductLoader(networking: Self.stubNetworking)
        #expect(try await loader.loadProduct(withID: 7).value == Self.iPad)
        #expect(try await loader.loadProductCombined(withID: 7).value == Self.iPad)
        #expect(try await loader.loadProductChained(withID: 7).value == Self.iPad)
    }

    @Test func aPreResolvedPromiseCallsBackSynchronously() {
        let loader = ProductLoader(networking: Self.stubNetworking)
        let received = Locked<Product?>(nil)
        loader.loadProductChained(withID: 7).observe { result in
            received.withLock { $0 = try? result.get() }
        }
        #expect(received.withLock { $0 } == Self.iPad)
    }

    @Test func networkingErrorsAndDecodingErrorsReject() async {
        let loader = ProductLoader(networking: Self.stubNetworking)
        await #expect(throws: Endpoint.Error.notFound) { try await loader.loadProductChained(withID: 1).value }
        await #expect(throws: DecodingError.self) { try await loader.loadProductCombined(withID: 8).value }
    }

    @Test func networkingComposesIntoASingleProductLoadingFunction() async throws {
        // The article's `productNetworking`: `(Product.ID) -> Future<Product>` with no loader type.
        // The article's own types: plain functions, no `@Sendable`.
        typealias Loading = () -> Future<Product>
        let networking: (Endpoint) -> Future<Data> = Self.stubNetworking
        let productNetworking: (Product.ID) -> Future<Product> = chain(
            chain(Endpoint.product, to: networking), to: Future.decoded)
        #expect(try await productNetworking(7).value == Self.iPad)

        // And a view controller's `Loading`, made with `combine`.
        let loading: Loading = combine(7, with: productNetworking)
        #expect(try await loading().value == Self.iPad)
    }

    @Test func aLoaderRespondsLaterWhenNetworkingResolvesLater() async throws {
        let pending = Promise<Data>()
        let requested = Locked<[Endpoint]>([])
        let loader = ProductLoader(networking: { endpoint in
            requested.withLock { $0.append(endpoint) }
            return pending
        })
        let product = loader.loadProductChained(withID: 7)
        let requests = requested.withLock { $0 }
        #expect(requests == [.product(withID: 7)])
        Task { pending.resolve(with: Data(#"{"id": 7, "name": "iPad Pro"}"#.utf8)) }
        #expect(try await product.value == Self.iPad)
    }
}
