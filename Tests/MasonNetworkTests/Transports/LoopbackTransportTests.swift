import Foundation
import Mason
import MasonNetwork
import MasonTestServer
import MasonTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The seed's request chain over a real HTTP server on 127.0.0.1 (MasonTesting's `LoopbackServer`),
/// through `URLSessionTransport`. Errors, limits, timeouts and cancellation over real HTTP are in
/// `TransportConformanceTests` (MasonAsyncHTTPClientTests), which runs them on both transports.
@Suite(.timeLimit(.minutes(5))) struct LoopbackTransportTests {
    private struct AgeGuess: Decodable, Equatable, Sendable {
        let name: String
        let age: Int
    }

    private let transport = URLSessionTransport(configuration: .ephemeral, maximumBodySize: 64 * 1024)

    @Test func theSeedsAgeGuessChainRunsAgainstARealServer() async throws {
        try await LoopbackServer.withRunning { server in
            let url = server.url("/", query: ["name": "Jane"])
            let fetch = requestAsyncR(transport: transport)
            let ageGuess: Deferred<Result<AgeGuess, any Error>> =
                url.absoluteString
                |> URL.init(string:)
                >=> { URLRequest(url: $0, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 300) }
                |> fetch
                <&> decodeJsonData
            let guess = try await ageGuess.value.get()
            #expect(guess == AgeGuess(name: "Jane", age: 48))
            #expect(server.requestCount(path: "/") == 1)
        }
    }

    /// URLSession adds a configuration's `httpAdditionalHeaders` to each request after the request's own
    /// fields were checked: a value with CR/LF there would inject header lines into every request.
    @Test func aConfigurationHeaderWithALineBreakFailsEveryRequestWithNothingSent() async throws {
        try await LoopbackServer.withRunning { server in
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpAdditionalHeaders = [
                "User-Agent": "mason", "X-Trace": "1\r\nX-Injected: yes", "X-Zone": "a\nb"
            ]
            let transport = URLSessionTransport(configuration: configuration)
            let request = URLRequest(url: server.url("/echo"))
            let result = await requestAsync(request, transport: transport).value
            #expect(result == .failure(.invalidHeader(field: "X-Trace")))
            await #expect(throws: NetworkRequestError.invalidHeader(field: "X-Trace")) {
                try await transport.download(request)
            }
            #expect(server.requestCount(path: "/echo") == 0)
        }
    }

    @Test func aConfigurationHeaderArrivesWithEveryRequest() async throws {
        try await LoopbackServer.withRunning { server in
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpAdditionalHeaders = ["X-Client": "mason"]
            let transport = URLSessionTransport(configuration: configuration)
            _ = try await requestAsync(URLRequest(url: server.url("/echo")), transport: transport).value.get()
            #expect(server.requests(path: "/echo").first?.headers["x-client"] == "mason")
        }
    }
}
