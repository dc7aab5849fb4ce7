import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MasonNetwork
import MasonTesting
import Testing

@Suite struct ResponseValidationTests {
    private static let url = NetworkTestSupport.url("https://example.com/a")

    private static func response(_ status: Int, headers: [String: String] = [:]) -> HTTPURLResponse {
        StubResponse(status: status, headers: headers).httpResponse(for: url)
    }

    @Test func everyStatusIn2xxSucceeds() throws {
        for status in [200, 201, 204, 299] {
            let (data, response) = try validateResponse((Data("ok".utf8), Self.response(status))).get()
            #expect(data == Data("ok".utf8))
            #expect(response.statusCode == status)
        }
    }

    @Test func aHeadIsValidatedAsItsResponseWouldBe() throws {
        let accepted = ResponseHead(url: Self.url, statusCode: 204)
        #expect(try validateResponse((Data("ok".utf8), accepted)).get().1.statusCode == 204)
        let rejected = ResponseHead(url: Self.url, statusCode: 503, headerFields: ["Retry-After": "2"])
        let expected = HTTPResponseDetails(
            status: 503, headers: ["Retry-After": "2"], body: Data("why".utf8), url: Self.url)
        #expect(validateResponse((Data("why".utf8), rejected)).map(\.0) == .failure(.invalidResponse(expected)))
        #expect(
            validateResponse((Data(), accepted), acceptableStatus: 200..<201).map(\.0)
                == .failure(.invalidResponse(HTTPResponseDetails(status: 204, url: Self.url))))
    }

    @Test func aNon2xxStatusKeepsStatusHeadersAndBody() {
        for status in [199, 300, 304, 404, 429, 500, 503] {
            let response = Self.response(status, headers: ["Retry-After": "2"])
            let result = validateResponse((Data("why".utf8), response))
            guard case .failure(.invalidResponse(let details)) = result else {
                Issue.record("expected invalidResponse for \(status)")
                continue
            }
            #expect(details.status == status)
            #expect(details.value(forHeader: "retry-after") == "2")
            #expect(details.text == "why")
        }
    }

    @Test func theAcceptableStatusesCanBeWidened() {
        let result = validateResponse((Data(), Self.response(304)), acceptableStatus: 200..<400)
        #expect((try? result.get()) != nil)
    }

    @Test func theCompletionHandlerFormMapsTheSeedsCases() {
        let ok = validateResponse(data: Data("x".utf8), response: Self.response(200), error: nil)
        #expect((try? ok.get())?.0 == Data("x".utf8))
        let missingBody = validateResponse(data: nil, response: Self.response(200), error: nil)
        #expect((try? missingBody.get())?.0 == Data())
        let notHTTP = URLResponse(url: Self.url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
        #expect(mapFailure(validateResponse(data: Data(), response: notHTTP, error: nil)) == .noResponse)
        #expect(mapFailure(validateResponse(data: nil, response: nil, error: nil)) == .noResponse)
        let cancelled = validateResponse(data: nil, response: nil, error: URLError(.cancelled))
        #expect(mapFailure(cancelled) == .canceledByUser)
        let offline = validateResponse(data: nil, response: nil, error: URLError(.notConnectedToInternet))
        guard case .failed(_, let code) = mapFailure(offline) else {
            Issue.record("expected failed")
            return
        }
        #expect(code == .notConnectedToInternet)
    }

    @Test func theRequestFunctionsValidateEveryResponse() async {
        let stub = StubTransport(.text("teapot", status: 418, headers: ["X-Reason": "short"]))
        let result = await requestAsync(NetworkTestSupport.request("https://example.com/tea"), transport: stub).value
        let expected = HTTPResponseDetails(
            status: 418, headers: ["Content-Type": "text/plain; charset=utf-8", "X-Reason": "short"],
            body: Data("teapot".utf8), url: NetworkTestSupport.url("https://example.com/tea"))
        #expect(result == .failure(.invalidResponse(expected)))
    }

    private func mapFailure(_ result: Result<(Data, HTTPURLResponse), NetworkRequestError>) -> NetworkRequestError? {
        if case .failure(let failure) = result { return failure }
        return nil
    }
}
