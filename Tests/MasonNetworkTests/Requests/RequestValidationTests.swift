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

    @Test(arguments: [
        "", "GE T", "GET\r\nX-Injected: 1\r\nX:", "GET /admin HTTP/1.1\r\nHost: internal\r\n\r\nGET", "GET\0",
        "P\u{D6}ST", "GET:"
    ])
    func aMethodThatIsNotATokenIsAnInvalidRequestAndNothingIsSent(name: String) async {
        let stub = StubTransport(.status(200))
        let request = NetworkTestSupport.request("https://example.com") |> method(HTTPMethod(name))
        #expect(validateRequest(request) == .failure(.invalidRequest))
        #expect(await requestAsync(request, transport: stub).value == .failure(.invalidRequest))
        #expect(stub.requests.isEmpty)
    }

    @Test func everyTokenCharacterMakesAValidMethodAndFieldName() {
        let token = "Az09!#$%&'*+-.^_`|~"
        let request =
            NetworkTestSupport.request("https://example.com") |> method(HTTPMethod(token)) |> setHeader("v", for: token)
        #expect(validateRequest(request) == .success(request))
    }

    @Test(arguments: ["X Bad", "X-Bad:", "X-B\u{E4}d", "X\tBad"])
    func aFieldNameThatIsNotATokenIsAnInvalidHeaderAndNothingIsSent(name: String) async {
        var direct = NetworkTestSupport.request("https://example.com")
        direct.setValue("v", forHTTPHeaderField: name)
        #expect(validateRequest(direct) == .failure(.invalidHeader(field: name)))
        let stub = StubTransport(.status(200))
        let built = NetworkTestSupport.request("https://example.com") |> setHeader("v", for: name)
        #expect(await requestAsync(built, transport: stub).value == .failure(.invalidHeader(field: name)))
        #expect(stub.requests.isEmpty)
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
