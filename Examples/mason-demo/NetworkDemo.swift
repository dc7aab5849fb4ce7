// The seeds' network examples, against an embedded loopback server (or --base-url): FunNetworking's
// age guess and IP chain, Mortar's cache-or-network, Sundell's product loader — with a retry after an
// injected 503, a token refresh and a cancellation.
import Foundation
import Logging
import Mason
import MasonAsyncHTTPClient
import MasonNetwork
import MasonTestServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct AgeGuess: Decodable, Sendable {
    let name: String
    let age: Int
}

struct Host: Decodable, Sendable {
    let ip: String
}

struct IpInfo: Decodable, Sendable {
    let ip: String
    let city: String
}

struct Product: Decodable, Sendable, Identifiable {
    let id: Int
    let name: String
}

/// Where the examples send their requests: the embedded server, or the one `--base-url` names.
struct DemoTarget: Sendable {
    let baseURL: URL
    let server: LoopbackServer?

    /// The base URL as text, without a trailing slash, for the seeds' string-built URLs.
    var base: String {
        let text = baseURL.absoluteString
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}

/// Prints log lines indented under the example that caused them.
struct PrintLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        print("      log: \(event.message)")
    }
}

enum NetworkDemo {
    static let log = Logger(label: "mason-demo") { _ in PrintLogHandler() }

    static func run(baseURL: URL?) async throws {
        if let baseURL {
            try await examples(DemoTarget(baseURL: baseURL, server: nil))
            return
        }
        try await LoopbackServer.withRunning { server in
            MasonDemo.section("The embedded server: \(server.baseURL.absoluteString)")
            print("  serves /?name=, /ip?format=json, /ipinfo/{ip}/geo, /products/{id} and /secure on 127.0.0.1")
            try await examples(DemoTarget(baseURL: server.baseURL, server: server))
        }
    }

    static func examples(_ target: DemoTarget) async throws {
        await ageGuess(target)
        await ipChainWithRetry(target)
        await mortarCacheOrNetwork(target)
        await productLoader(target)
        await singleFlight(target)
        await tokenRefresh(target)
        await cancellation(target)
    }
}

// MARK: FunNetworking — example 1 and the chaining example, with HTTP-aware retry

extension NetworkDemo {
    static func ageGuess(_ target: DemoTarget) async {
        MasonDemo.section("FunNetworking: URL.init >=> urlRequestWithTimeout(30) |> requestAsyncR <&> decodeJsonData")
        let urlRequestWithTimeout = flip(requestWithCachePolicy(.reloadIgnoringLocalCacheData))
        func ageGuess(from name: String) -> Deferred<Result<AgeGuess, any Error>> {
            "\(target.base)/?name=\(name)"
                |> URL.init(string:)
                >=> urlRequestWithTimeout(30)
                |> requestAsyncR
                <&> decodeJsonData
        }
        let guess = ageGuess(from: "Daniel")
        print("  built; nothing sent yet. await guess.value:")
        switch await guess.value {
        case .success(let guess): MasonDemo.show("ageGuess(from: \"Daniel\")", "\(guess.name) is probably \(guess.age)")
        case .failure(let error): MasonDemo.show("ageGuess(from: \"Daniel\")", "failed: \(error)")
        }
    }

    static func ipChainWithRetry(_ target: DemoTarget) async {
        MasonDemo.section("FunNetworking: fetchIpNumber >>- fetchHostInfo, on a logging, retrying transport")
        let requestWithTimeout = flip(requestWithCachePolicy(.reloadIgnoringLocalCacheData))
        let transport = URLSessionTransport.shared.logging(to: log).retrying(.standard)
        if let server = target.server {
            server.inject([.retryAfter(seconds: 1)], at: "/ipinfo/10.0.0.7/geo")   // the IP /ip reports
            print("  the server will answer the first /ipinfo request with 503 and Retry-After: 1")
        }
        let fetchIpNumber: Deferred<Either<any Error, Host>> =
            "\(target.base)/ip?format=json"
            |> URL.init(string:)
            >=> requestWithTimeout(30)
            |> requestAsyncE(transport: transport)
            <&> decodeJsonData
        let ipInfoFrom: @Sendable (Host) -> Deferred<Either<any Error, IpInfo>> = { host in
            "\(target.base)/ipinfo/\(host.ip)/geo"
                |> URL.init(string:)
                >=> requestWithTimeout(30)
                |> requestAsyncE(transport: transport)
                <&> decodeJsonData
        }
        let fetchHostInfo: @Sendable (Either<any Error, Host>) -> Deferred<Either<any Error, IpInfo>> = { result in
            switch result {
            case .right(let host): ipInfoFrom(host)
            case .left(let error): Deferred.pure(.left(error))
            }
        }
        let ipInfoFetcher = fetchIpNumber >>- fetchHostInfo
        switch await ipInfoFetcher.value {
        case .right(let info): MasonDemo.show("ipInfoFetcher", "\(info.ip) is in \(info.city)")
        case .left(let error): MasonDemo.show("ipInfoFetcher", "failed: \(error)")
        }
    }
}

// MARK: Mortar — the README case study, on a real cache and a real session

extension NetworkDemo {
    struct Credentials: Sendable {
        let token: String
    }

    struct Client: Sendable {
        let baseURL: URL

        func buildRequest(_ credentials: Credentials) -> URLRequest {
            var request = URLRequest(url: baseURL.appendingPathComponent("products/7"), timeoutInterval: 30)
            request.setValue("Bearer \(credentials.token)", forHTTPHeaderField: "Authorization")
            return request
        }
    }

    struct Session: Sendable {
        let transport: any Transport
        let cache: MemoryResponseCache

        func fetchUpdated(with request: URLRequest) async throws(NetworkRequestError) -> Data {
            let (data, response) = try await dataTask(request, transport: transport).value.get()
            await cache.store(data, response, for: request)
            return data
        }
    }

    struct Model: Decodable, Sendable {
        let id: Int
        let name: String

        static func create(_ data: Data) -> Result<Model, NetworkRequestError> {
            decodeJsonData(result: .success(data))
        }
    }

    static func mortarCacheOrNetwork(_ target: DemoTarget) async {
        MasonDemo.section("Mortar: client.buildRequest <<- cache.fetchCached <-> session.fetchUpdated <<- Model.create")
        let client = Client(baseURL: target.baseURL)
        let cache = MemoryResponseCache(timeToLive: .seconds(60))
        let session = Session(transport: URLSessionTransport.shared.logging(to: log), cache: cache)
        let pipeline = client.buildRequest <<- cache.fetchCached <-> session.fetchUpdated <<- Model.create
        for call in ["1st call: network", "2nd call: cache, no log"] {
            do {
                let model = try await pipeline(Credentials(token: "ada"))
                MasonDemo.show("pipeline(credentials), \(call)", "\(model.name)")
            } catch {
                MasonDemo.show("pipeline(credentials), \(call)", "failed: \(error)")
            }
        }
    }
}

// MARK: Swift by Sundell — networking as an injected function

extension Endpoint {
    static func product(withID id: Product.ID, at base: URL) -> Endpoint {
        Endpoint(
            scheme: base.scheme ?? "http", host: base.host ?? "", port: base.port, path: "/products/\(id)")
    }
}

extension NetworkDemo {
    final class ProductLoader: Sendable {
        private let networking: Networking
        private let base: URL

        init(base: URL, networking: @escaping Networking = URLSession.shared.request) {
            self.base = base
            self.networking = networking
        }

        func loadProduct(withID id: Product.ID) -> Future<Product> {
            let endpoint = Endpoint.product(withID: id, at: base)
            return networking(endpoint).decoded()
        }
    }

    static func productLoader(_ target: DemoTarget) async {
        MasonDemo.section("Sundell: ProductLoader(networking:) — URLSession.shared.request, or any transport")
        let onURLSession = ProductLoader(base: target.baseURL)
        let onAsyncHTTPClient = ProductLoader(base: target.baseURL, networking: request(transport: AsyncHTTPClientTransport()))
        let loadSeven = combine(7, with: onAsyncHTTPClient.loadProduct)
        do {
            MasonDemo.show("URLSession: loadProduct(withID: 42)", try await onURLSession.loadProduct(withID: 42).value.name)
            MasonDemo.show("async-http-client: combine(7, with: loadProduct)()", try await loadSeven().value.name)
        } catch {
            MasonDemo.show("loadProduct", "failed: \(error)")
        }
    }
}

// MARK: Beyond the seeds — single flight, token refresh, cancellation

extension NetworkDemo {
    static func singleFlight(_ target: DemoTarget) async {
        MasonDemo.section("Single flight and a cache: 10 identical GETs at once, one request")
        let cache = MemoryResponseCache(timeToLive: .seconds(60))
        let transport = AsyncHTTPClientTransport().singleFlight().caching(cache, policy: .cacheFirst)
        let url = target.server?.url("/products/9", fault: .delay(.milliseconds(200))) ?? target.baseURL.appendingPathComponent("products/9")
        let load = requestAsync(URLRequest(url: url, timeoutInterval: 30), transport: transport) <&> { (result: Result<Data, NetworkRequestError>) -> Result<Product, NetworkRequestError> in decodeJsonData(result: result) }
        let all = await sequence(Array(repeating: load, count: 10)).value
        let names = Set(all.map { (try? $0.get().name) ?? "failed" })
        MasonDemo.show("sequence(10 × requestAsync(/products/9))", names.sorted().joined(separator: ", "))
        if let server = target.server {
            MasonDemo.show("requests the server saw", server.requestCount(path: "/products/9"))
        }
    }

    static func tokenRefresh(_ target: DemoTarget) async {
        MasonDemo.section("Token refresh: five requests with an expired token, one refresh")
        guard let server = target.server else { return print("  skipped: needs the embedded server's /secure") }
        server.acceptToken("fresh-token")
        let authenticator = Authenticator(credential: .bearer("expired-token")) { _ in
            print("    refreshing the token (once)")
            return .bearer("fresh-token")
        }
        let transport = URLSessionTransport.shared.authenticated(by: authenticator)
        let secure = requestAsync(URLRequest(url: server.url("/secure"), timeoutInterval: 30), transport: transport)
        let results = await sequence(Array(repeating: secure, count: 5)).value
        MasonDemo.show("statuses", results.map { (try? $0.get()) == nil ? "failed" : "200" })
        MasonDemo.show("refreshes", authenticator.refreshCount)
    }

    static func cancellation(_ target: DemoTarget) async {
        MasonDemo.section("Cancellation: a request the server never answers, cancelled")
        guard let server = target.server else { return print("  skipped: needs the embedded server's faults") }
        let url = server.url("/products/1", id: "cancel-me", fault: .neverRespond)
        let pending = requestAsync(URLRequest(url: url, timeoutInterval: 30), transport: URLSessionTransport.shared)
        let outcome = await withCheckedContinuation { continuation in
            pending.run { continuation.resume(returning: $0) }
            Task {
                _ = try? await server.waitForRequests(1, id: "cancel-me")
                print("  the server has the request; pending.cancel()")
                pending.cancel()
            }
        }
        MasonDemo.show("delivered", outcome)
        let closed = (try? await server.waitForDisconnections(1, id: "cancel-me").count) ?? 0
        MasonDemo.show("connections the server saw closed", closed)
    }
}
