import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTesting
import Testing

@Suite struct RequestValidationTests {
    @Test func aWellFormedRequestPassesUnchanged() {
        let request = NetworkTestSupport.request("https://example.com") |> setHeader("1", for: "X-Trace")
        #expect(validateRequest(request) == .success(request))
    }

    @Test func aNilRequestIsInvalidAndNothingIsSent() async {
        let stub = StubTransport(.status(200))
        #expect(await requestAsync(nil, transport: stub).value == .failure(.invalidRequest))
        #expect(stub.requests.isEmpty)
    }

    @Test func aBadURLStringGivesAnInvalidRequestThroughTheSeedsChain() async {
        let stub = StubTransport(.status(200))
        let urlRequestWithTimeout = flip(requestWithCachePolicy(.returnCacheDataElseLoad))
        let request = "" |> URL.init(string:) >=> urlRequestWithTimeout(30)
        let result = await requestAsyncR(request, transport: stub).value
        #expect((try? result.get()) == nil)
        #expect(result.failure as? NetworkRequestError == .invalidRequest)
        #expect(stub.requests.isEmpty)
    }

    @Test func aFieldWithALineBreakSetDirectlyIsFound() {
        var request = NetworkTestSupport.request("https://example.com")
        request.setValue("v", forHTTPHeaderField: "X-A\r\nX-B")
        #expect(validateRequest(request) == .failure(.invalidHeader(field: "X-A\r\nX-B")))
    }

    @Test func ofSeveralBadFieldsTheFirstByNameIsReported() {
        var request = NetworkTestSupport.request("https://example.com")
        request.setValue("v", forHTTPHeaderField: "X-Z\nX-Y")
        request.setValue("v", forHTTPHeaderField: "X-Good")
        request.setValue("v", forHTTPHeaderField: "X-B\r\nX-C")
        #expect(validateRequest(request) == .failure(.invalidHeader(field: "X-B\r\nX-C")))
    }

    @Test func aRequestWithoutHeaderFieldsPasses() throws {
        let request = URLRequest(url: try #require(URL(string: "https://example.com")))
        #expect(validateRequest(request) == .success(request))
    }
}

extension Result {
    /// The failure, if any (test helper).
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
