import Foundation
import MasonNetwork
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

    @Test func noQueryItemsMeansNoQuestionMark() {
        #expect(
            Endpoint(host: "example.com", path: "/products/7").url?.absoluteString == "https://example.com/products/7")
    }

    @Test func aPathWithoutALeadingSlashOrAnEmptyHostHasNoURL() {
        #expect(Endpoint(host: "example.com", path: "no-slash").url == nil)
        #expect(Endpoint(host: "", path: "/a").url == nil)
        #expect(Endpoint(host: "example.com", path: "no-slash").summary == "https://example.com no-slash")
    }
}
