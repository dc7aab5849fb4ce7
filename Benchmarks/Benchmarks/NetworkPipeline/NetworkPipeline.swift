// The full MasonNetwork pipeline — build → authorize → request → validate → decode — against the raw
// transport it runs on, both over loopback HTTP to the same server, in the same process.
import AsyncHTTPClient
import Benchmark
import Foundation
import Mason
import MasonAsyncHTTPClient
import MasonNetwork
import MasonTestServer
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct Product: Decodable, Sendable {
    let id: Int
    let name: String
}

struct BenchmarkFailure: Error {}

let server = LoopbackServer()
let session = URLSession(configuration: .ephemeral)
let urlSessionTransport = URLSessionTransport(configuration: .ephemeral)
let asyncHTTPClientTransport = AsyncHTTPClientTransport()
let headDeadlineTransport = AsyncHTTPClientTransport(timeoutPolicy: .headDeadline)
let delegateSession = DelegateSession()

func startServer() async throws {
    if !server.isRunning { try await server.start() }
}

func productURL() -> URL { server.url("/products/7") }

/// A transport that answers at once with a prebuilt response: the pipeline's own cost, with no network.
struct InstantTransport: Transport {
    let body = Data(#"{"id":7,"name":"Widget"}"#.utf8)
    let response = HTTPURLResponse(
        url: URL(string: "http://127.0.0.1/products/7")!, statusCode: 200, httpVersion: "HTTP/1.1",
        headerFields: ["Content-Type": "application/json"]
    )!

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) { (body, response) }
}

let instantTransport = InstantTransport()

/// Mason: the pipeline as a user writes it.
func pipeline(transport: any Transport) -> @Sendable (URL) -> Mason.Deferred<Result<Product, NetworkRequestError>> {
    let send = requestAsync(transport: transport)
    return { url in
        URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 30)
            |> authorization(.bearer("benchmark-token"))
            |> send
            <&> decodeJsonData
    }
}

/// The pipeline run to its end: the decoded product, or the typed error thrown.
func fetchProduct(transport: any Transport) -> @Sendable (URL) async throws -> Product {
    let fetch = pipeline(transport: transport)
    return { try await fetch($0).value.get() }
}

/// The request the hand-written baselines send: what the pipeline's builders make, built by hand.
func authorizedRequest(_ url: URL) -> URLRequest {
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 30)
    request.setValue("Bearer benchmark-token", forHTTPHeaderField: "Authorization")
    return request
}

/// Baseline: URLSession by hand, the same steps. `load` is `URLSession.data(for:)`; a floor passes its own.
func rawURLSession(
    _ url: URL,
    load: (URLRequest) async throws -> (Data, URLResponse?) = { try await session.data(for: $0) }
) async throws -> Product {
    let (data, response) = try await load(authorizedRequest(url))
    guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else { throw BenchmarkFailure() }
    return try JSONDecoder().decode(Product.self, from: data)
}

/// Baseline: async-http-client by hand, the same steps. `collect` reads the body; a variant passes its own.
func rawAsyncHTTPClient(
    _ url: URL,
    collect: (HTTPClientResponse.Body) async throws -> ByteBuffer = { try await $0.collect(upTo: 64 * 1024 * 1024) }
) async throws -> Product {
    var request = HTTPClientRequest(url: url.absoluteString)
    request.headers.add(name: "Authorization", value: "Bearer benchmark-token")
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
    guard (200..<300).contains(response.status.code) else { throw BenchmarkFailure() }
    let body = try await collect(response.body)
    return try JSONDecoder().decode(Product.self, from: Data(buffer: body))
}

/// Floor: `rawAsyncHTTPClient` speaking the `Transport` contract by hand — from a `URLRequest` built
/// as the pipeline's builders build it, to a status and header fields — with no checks.
func rawAsyncHTTPClientInFoundationTypes(_ url: URL) async throws -> Product {
    let urlRequest = authorizedRequest(url)
    var request = HTTPClientRequest(url: url.absoluteString)
    for (name, value) in urlRequest.allHTTPHeaderFields ?? [:] { request.headers.add(name: name, value: value) }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
    let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
    return try productInFoundationTypes(from: url, status: response.status, headers: response.headers, body: body)
}

/// The floors' last steps: the status and header fields as a `Transport` returns them, then the
/// pipeline's checks by hand — a 2xx status, the body decoded.
func productInFoundationTypes(
    from url: URL, status: HTTPResponseStatus, headers: HTTPHeaders, body: ByteBuffer
) throws -> Product {
    var fields: [String: String] = [:]
    for (name, value) in headers { fields[name] = value }
    let head = ResponseHead(url: url, statusCode: Int(status.code), headerFields: fields)
    guard (200..<300).contains(head.statusCode) else { throw BenchmarkFailure() }
    return try JSONDecoder().decode(Product.self, from: Data(buffer: body))
}

/// Raw async-http-client with the body read in its own task, cancelled with the caller: the extra hop
/// `AsyncHTTPClientTransport` took, on the async API, so that its idle timeout could stop the read alone.
func rawAsyncHTTPClientBodyInTask(_ url: URL) async throws -> Product {
    try await rawAsyncHTTPClient(url) { body in
        let reading = Task { try await body.collect(upTo: 64 * 1024 * 1024) }
        return try await withTaskCancellationHandler { try await reading.value } onCancel: { reading.cancel() }
    }
}

/// A transport used directly, with the baselines' steps by hand: its checks, limit and cancellation
/// without the pipeline's builders, `Deferred` and validation.
func transportByHand(_ transport: some Transport) -> @Sendable (URL) async throws -> Product {
    { url in
        let (data, head) = try await transport.response(to: authorizedRequest(url))
        guard (200..<300).contains(head.statusCode) else { throw BenchmarkFailure() }
        return try JSONDecoder().decode(Product.self, from: data)
    }
}

/// Baseline: the instant transport by hand, the same steps.
func byHand(_ url: URL) async throws -> Product {
    let (data, response) = try await instantTransport.send(authorizedRequest(url))
    guard (200..<300).contains(response.statusCode) else { throw BenchmarkFailure() }
    return try JSONDecoder().decode(Product.self, from: data)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(5),
        maxIterations: 5_000,
        setup: startServer
    )

    Benchmark("GET+decode, by hand on an instant transport (baseline)") { benchmark in
        let url = URL(string: "http://127.0.0.1/products/7")!
        for _ in benchmark.scaledIterations { blackHole(try await byHand(url)) }
    }

    Benchmark("GET+decode, Mason pipeline on an instant transport") { benchmark in
        let url = URL(string: "http://127.0.0.1/products/7")!
        let fetch = pipeline(transport: instantTransport)
        for _ in benchmark.scaledIterations { blackHole(try await fetch(url).value.get()) }
    }

    // Mason's own cost as a request over the network meets it: each call, on the instant transport,
    // follows a loopback exchange (untimed) that leaves the caches as libcurl and the server left them.
    // Between requests the pipeline's code is cold, and its cost is several times the warm one; the
    // network is outside the timed part, so this measures it with little noise.
    Benchmark(
        "GET+decode interleaved, cold, by hand vs Mason on an instant transport",
        configuration: Interleaved.configuration(setup: startServer)
    ) { benchmark in
        let url = URL(string: "http://127.0.0.1/products/7")!
        let fetch = fetchProduct(transport: instantTransport)
        try await Interleaved.measure(
            benchmark, raw: { try await byHand(url) }, mason: { try await fetch(url) },
            before: { _ = try await rawURLSession(productURL()) }
        )
    }

    let masonOnURLSession = fetchProduct(transport: urlSessionTransport)
    let masonOnAsyncHTTPClient = fetchProduct(transport: asyncHTTPClientTransport)
    let rawOnURLSession: @Sendable (URL) async throws -> Product = { try await rawURLSession($0) }
    let rawOnAsyncHTTPClient: @Sendable (URL) async throws -> Product = { try await rawAsyncHTTPClient($0) }
    let delegateFloor: @Sendable (URL) async throws -> Product = { try await rawURLSession($0, load: delegateSession.data(for:)) }

    Interleaved.benchmark(
        "raw URLSession vs Mason on URLSessionTransport", rawOnURLSession, masonOnURLSession, alsoConcurrent: true
    )
    // The two halves of the URLSession gap: what a delegate costs (the only way on Linux to see a body
    // as it arrives, which a size limit needs), and what Mason adds on top of one.
    Interleaved.benchmark("raw URLSession vs a bare delegate session (floor)", rawOnURLSession, delegateFloor)
    Interleaved.benchmark(
        "a bare delegate session (floor) vs Mason on URLSessionTransport", delegateFloor, masonOnURLSession,
        alsoConcurrent: true
    )

    // Mason's part split in two: the transport used directly (its checks, limit and cancellation), and
    // the pipeline over it (builders, `Deferred`, request and response validation, `decodeJsonData`).
    let urlSessionTransportByHand = transportByHand(urlSessionTransport)
    Interleaved.benchmark("a bare delegate session (floor) vs URLSessionTransport by hand", delegateFloor, urlSessionTransportByHand)
    Interleaved.benchmark("URLSessionTransport by hand vs Mason on URLSessionTransport", urlSessionTransportByHand, masonOnURLSession)

    Interleaved.benchmark(
        "raw async-http-client vs Mason on AsyncHTTPClientTransport", rawOnAsyncHTTPClient, masonOnAsyncHTTPClient,
        alsoConcurrent: true
    )
    // The two halves of the async-http-client gap: speaking Foundation's types (a `URLRequest` in,
    // status and fields out), and what Mason adds on top.
    Interleaved.benchmark(
        "raw async-http-client vs the Transport contract by hand (floor)", rawOnAsyncHTTPClient,
        rawAsyncHTTPClientInFoundationTypes, alsoConcurrent: true
    )
    Interleaved.benchmark(
        "the Transport contract by hand (floor) vs Mason on AsyncHTTPClientTransport",
        rawAsyncHTTPClientInFoundationTypes, masonOnAsyncHTTPClient
    )
    // The floor for the default policy, whose idle timeout per request needs the delegate API.
    Interleaved.benchmark(
        "raw async-http-client vs the Transport contract by hand on the delegate API (floor for .idle)",
        rawOnAsyncHTTPClient, rawAsyncHTTPClientDelegateInFoundationTypes, alsoConcurrent: true
    )
    Interleaved.benchmark(
        "the Transport contract by hand on the delegate API (floor for .idle) vs Mason on AsyncHTTPClientTransport",
        rawAsyncHTTPClientDelegateInFoundationTypes, masonOnAsyncHTTPClient, alsoConcurrent: true
    )
    // Mason's part split in two, as for URLSession: the transport used directly, and the pipeline over it.
    let asyncHTTPClientTransportByHand = transportByHand(asyncHTTPClientTransport)
    Interleaved.benchmark(
        "the Transport contract by hand (floor) vs AsyncHTTPClientTransport by hand",
        rawAsyncHTTPClientInFoundationTypes, asyncHTTPClientTransportByHand, alsoConcurrent: true
    )
    Interleaved.benchmark(
        "AsyncHTTPClientTransport by hand vs Mason on AsyncHTTPClientTransport",
        asyncHTTPClientTransportByHand, masonOnAsyncHTTPClient, alsoConcurrent: true
    )

    // The transport on the client's async API: the request's timeout a deadline for the head, the body
    // bounded by the client's read timeout. No delegate API, so no event-loop hop under load.
    let masonOnHeadDeadline = fetchProduct(transport: headDeadlineTransport)
    Interleaved.benchmark(
        "raw async-http-client vs Mason on AsyncHTTPClientTransport(timeoutPolicy: .headDeadline)", rawOnAsyncHTTPClient,
        masonOnHeadDeadline, alsoConcurrent: true
    )
    Interleaved.benchmark(
        "Mason on AsyncHTTPClientTransport vs the same with timeoutPolicy: .headDeadline", masonOnAsyncHTTPClient,
        masonOnHeadDeadline, alsoConcurrent: true
    )

    // Where async-http-client's own time goes, for a transport built on it: its delegate API (which
    // `AsyncHTTPClientTransport` uses) against its async API, and the async API with the body read in a
    // task of its own, as the transport read it before, so that an idle timeout could stop it. With many
    // requests in flight the delegate API's callbacks hop to the task's event loop whenever the
    // connection lives on another.
    Interleaved.benchmark(
        "raw async-http-client vs its delegate API", rawOnAsyncHTTPClient, rawAsyncHTTPClientDelegate, alsoConcurrent: true
    )
    Interleaved.benchmark(
        "raw async-http-client vs the body read in a task", rawOnAsyncHTTPClient, rawAsyncHTTPClientBodyInTask,
        alsoConcurrent: true
    )

    Benchmark("GET+decode, raw URLSession (baseline)") { benchmark in
        let url = productURL()
        for _ in benchmark.scaledIterations { blackHole(try await rawURLSession(url)) }
    }

    Benchmark("GET+decode, URLSession through a bare delegate (floor for a size limit)") { benchmark in
        let url = productURL()
        for _ in benchmark.scaledIterations { blackHole(try await rawURLSession(url, load: delegateSession.data(for:))) }
    }

    Benchmark("GET+decode, Mason pipeline on URLSessionTransport") { benchmark in
        let url = productURL()
        let fetch = pipeline(transport: urlSessionTransport)
        for _ in benchmark.scaledIterations { blackHole(try await fetch(url).value.get()) }
    }

    Benchmark("GET+decode, raw async-http-client (baseline)") { benchmark in
        let url = productURL()
        for _ in benchmark.scaledIterations { blackHole(try await rawAsyncHTTPClient(url)) }
    }

    Benchmark("GET+decode, async-http-client from URLRequest to status and fields (floor for Transport)") { benchmark in
        let url = productURL()
        for _ in benchmark.scaledIterations { blackHole(try await rawAsyncHTTPClientInFoundationTypes(url)) }
    }

    Benchmark("GET+decode, Mason pipeline on AsyncHTTPClientTransport") { benchmark in
        let url = productURL()
        let fetch = pipeline(transport: asyncHTTPClientTransport)
        for _ in benchmark.scaledIterations { blackHole(try await fetch(url).value.get()) }
    }
}
