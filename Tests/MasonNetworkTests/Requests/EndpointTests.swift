import Foundation
import MasonNetwork
import MasonTesting
import Testing

@Suite struct EndpointTests {
    @Test func anEndpointBuildsItsURL() {
        let endpoint = Endpoint(
            host: "api.github.com", path: "/search/repositories", queryItems: [URLQueryItem(name: "q", value: "swift")])
        #expect(endpoint.url?.absoluteString == "https://api.github.com/search/repositories?q=swift")
    }

    @Test func schemePortAndEncodedQueryAreKept() {
        let endpoint = Endpoint(
            scheme: "http", host: "127.0.0.1", port: 8080, path: "/a b",
            queryItems: [URLQueryItem(name: "q", value: "1 2")])
        #expect(endpoint.url?.absoluteString == "http://127.0.0.1:8080/a%20b?q=1%202")
    }

    // Before the fix `c++` went as `q=c++`, which a server reads as "c  ".
    @Test func aPlusInAQueryValueIsEncodedSoNoServerReadsItAsASpace() {
        let endpoint = Endpoint(
            host: "example.com", path: "/search",
            queryItems: [URLQueryItem(name: "q", value: "c++"), URLQueryItem(name: "at", value: "12:00+02:00")])
        #expect(endpoint.url?.absoluteString == "https://example.com/search?q=c%2B%2B&at=12:00%2B02:00")
        let query = URLComponents(url: endpoint.url!, resolvingAgainstBaseURL: false)?.queryItems
        #expect(query?.map(\.value) == ["c++", "12:00+02:00"], "a reader decodes the values as given")
    }

    @Test func noQueryItemsMeansNoQuestionMark() {
        #expect(
            Endpoint(host: "example.com", path: "/products/7").url?.absoluteString == "https://example.com/products/7")
    }

    @Test func aPathWithoutALeadingSlashOrAnEmptyHostHasNoURL() {
        #expect(Endpoint(host: "example.com", path: "no-slash").url == nil)
        #expect(Endpoint(host: "", path: "/a").url == nil)
        #expect(Endpoint(host: "example.com", path: "no-slash").summary == "https://example.com no-slash")
    }

    /// Schemes and ports `URLComponents` would end the process for, were they set on it.
    static let unbuildable = [
        Endpoint(scheme: "ht tp", host: "example.com", path: "/a"),
        Endpoint(scheme: "https ", host: "example.com", path: "/a"),
        Endpoint(scheme: "https\n", host: "example.com", path: "/a"),
        Endpoint(scheme: "", host: "example.com", path: "/a"),
        Endpoint(scheme: "1http", host: "example.com", path: "/a"),
        Endpoint(scheme: "h\u{E9}ttp", host: "example.com", path: "/a"),
        Endpoint(host: "example.com", port: -1, path: "/a"),
        Endpoint(host: "example.com", port: 65_536, path: "/a")
    ]

    @Test(arguments: unbuildable)
    func anInvalidSchemeOrPortHasNoURLAndFailsWithInvalidURLWithNothingSent(endpoint: Endpoint) async {
        #expect(endpoint.url == nil)
        let stub = StubTransport(.status(200))
        await #expect(throws: NetworkRequestError.invalidURL(endpoint.summary)) {
            try await request(endpoint, transport: stub).value
        }
        #expect(stub.requests.isEmpty)
    }

    @Test func everySchemeCharacterAndTheEdgePortsAreAccepted() {
        #expect(Endpoint(scheme: "coap+tcp-2.0", host: "example.com", path: "/a").url?.scheme == "coap+tcp-2.0")
        #expect(Endpoint(scheme: "HTTP", host: "example.com", path: "/a").url != nil)
        #expect(Endpoint(host: "example.com", port: 0, path: "/a").url?.port == 0)
        #expect(Endpoint(host: "example.com", port: 65_535, path: "/a").url?.port == 65_535)
    }
}
