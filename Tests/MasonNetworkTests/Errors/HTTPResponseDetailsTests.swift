import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MasonNetwork
import MasonTesting
import Testing

@Suite struct HTTPResponseDetailsTests {
    @Test func detailsOfAnHTTPResponseKeepEveryHeaderAndTheBody() {
        let url = NetworkTestSupport.url("https://example.com")
        let response = StubResponse(status: 404, headers: ["X-A": "1", "Content-Type": "text/plain"]).httpResponse(
            for: url)
        let details = HTTPResponseDetails(response, body: Data("gone".utf8))
        #expect(
            details
                == HTTPResponseDetails(
                    status: 404, headers: ["X-A": "1", "Content-Type": "text/plain"], body: Data("gone".utf8),
                    url: url))
        #expect(details.url == url)
    }

    @Test func headerLookupIgnoresCase() {
        let details = HTTPResponseDetails(status: 429, headers: ["Retry-After": "3"])
        #expect(details.value(forHeader: "Retry-After") == "3")
        #expect(details.value(forHeader: "RETRY-AFTER") == "3")
        #expect(details.value(forHeader: "X-Missing") == nil)
    }

    @Test func textIsTheBodyAsUTF8OrNil() {
        #expect(HTTPResponseDetails(status: 500, body: Data("oops".utf8)).text == "oops")
        #expect(HTTPResponseDetails(status: 500, body: Data([0xFF, 0xFE])).text == nil)
    }
}

@Suite struct HTTPStatusCodeSpellingTests {
    @Test func theSeedsSpellingIsTheSameType() {
        let seed: HttpStatusCode = 404
        let primary: HTTPStatusCode = seed
        #expect(primary == 404)
        #expect(HttpStatusCode.self == HTTPStatusCode.self)
    }
}
