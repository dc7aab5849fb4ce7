import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTesting
import Testing

/// A transport that answers only with a head built from fields, as a transport on an HTTP client other
/// than URLSession does. Its `send` throws: a request function or decorator that calls it instead of
/// `response(to:)` has dropped the head and would build an `HTTPURLResponse` for nothing.
private struct HeadOnlyTransport: Transport {
    struct SendWasCalled: Error {}

    let status: HttpStatusCode
    let body = Data(#"{"id":7}"#.utf8)

    func response(to request: URLRequest) async throws -> (Data, ResponseHead) {
        let url = try #require(request.url)
        return (
            body,
            ResponseHead(
                url: url, statusCode: status, headerFields: ["X-Kind": "head", "Content-Type": "application/json"])
        )
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        throw SendWasCalled()
    }
}

@Suite struct ResponseHeadTests {
    private let url = NetworkTestSupport.url("https://example.com/products/7")

    @Test func aHeadFromFieldsBuildsTheHTTPURLResponseOnlyWhenAsked() throws {
        let head = ResponseHead(
            url: url, statusCode: 404, httpVersion: "HTTP/2.0", headerFields: ["Content-Type": "text/plain"])
        let response = try #require(head.httpURLResponse)
        #expect(head.statusCode == 404)
        #expect(response.statusCode == 404)
        #expect(response.url == url)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(head.headerFields == ["Content-Type": "text/plain"])
    }

    @Test func aHeadWrappingAnHTTPURLResponseHandsOutThatResponse() throws {
        let response = StubResponse(status: 201, headers: ["X-A": "1"]).httpResponse(for: url)
        let head = ResponseHead(response)
        #expect(head.statusCode == 201)
        #expect(head.httpURLResponse === response)
        #expect(head.headerFields["X-A"] == "1")
    }

    @Test func headerLookupIgnoresCaseInBothForms() {
        let built = ResponseHead(url: url, statusCode: 429, headerFields: ["Retry-After": "3"])
        let wrapped = ResponseHead(StubResponse(status: 429, headers: ["Retry-After": "3"]).httpResponse(for: url))
        for head in [built, wrapped] {
            #expect(head.value(forHTTPHeaderField: "retry-after") == "3")
            #expect(head.value(forHTTPHeaderField: "RETRY-AFTER") == "3")
            #expect(head.value(forHTTPHeaderField: "X-Missing") == nil)
        }
    }

    @Test func theDefaultResponseToARequestWrapsWhatSendReturns() async throws {
        let stub = StubTransport(StubResponse(status: 202, headers: ["X-A": "1"], body: Data("ok".utf8)))
        let (data, head) = try await stub.response(to: URLRequest(url: url))
        #expect(data == Data("ok".utf8))
        #expect(head.statusCode == 202)
        #expect(head.value(forHTTPHeaderField: "X-A") == "1")
    }

    /// Every decorator, stacked over a transport that answers only with a head: `requestAsync` succeeds,
    /// so no layer called `send`.
    private func decorated(_ base: HeadOnlyTransport) -> any Transport {
        base
            .retrying(clock: ManualClock())
            .singleFlight()
            .caching(
                MemoryResponseCache(timeToLive: .seconds(60), clock: ManualClock()),
                policy: .networkFirst(staleFallback: nil)
            )
            .authenticated(by: Authenticator(credential: .bearer("token")) { _ in .bearer("renewed") })
            .logging(to: LogRecorder().logger())
    }

    @Test func theDecoratorsPassAHeadThroughToRequestAsync() async throws {
        let result = await requestAsync(URLRequest(url: url), transport: decorated(HeadOnlyTransport(status: 200)))
            .value
        #expect(try result.get() == Data(#"{"id":7}"#.utf8))
    }

    @Test func aRejectedHeadIsReportedWithItsFieldsAndBody() async {
        let result = await requestAsync(URLRequest(url: url), transport: decorated(HeadOnlyTransport(status: 404)))
            .value
        let expected = HTTPResponseDetails(
            status: 404, headers: ["X-Kind": "head", "Content-Type": "application/json"], body: Data(#"{"id":7}"#.utf8),
            url: url)
        #expect(result == .failure(.invalidResponse(expected)))
    }

    @Test func dataTaskBuildsTheHTTPURLResponseFromTheHead() async throws {
        let (_, response) = try await dataTask(
            URLRequest(url: url), transport: decorated(HeadOnlyTransport(status: 200))
        ).value.get()
        #expect(response.statusCode == 200)
        #expect(response.url == url)
        #expect(response.value(forHTTPHeaderField: "X-Kind") == "head")
    }

    @Test func aDecoratorsSendBuildsTheHTTPURLResponseFromTheHead() async throws {
        let (data, response) = try await decorated(HeadOnlyTransport(status: 200)).send(URLRequest(url: url))
        #expect(data == Data(#"{"id":7}"#.utf8))
        #expect(response.value(forHTTPHeaderField: "X-Kind") == "head")
    }
}
