import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import Testing

@Suite struct RequestBuildingTests {
    @Test func requestWithCachePolicyIsCurriedPolicyURLTimeout() {
        let url = NetworkTestSupport.url("https://example.com")
        let request = requestWithCachePolicy(.reloadIgnoringLocalCacheData)(url)(12)
        #expect(request.url == url)
        #expect(request.cachePolicy == .reloadIgnoringLocalCacheData)
        #expect(request.timeoutInterval == 12)
    }

    @Test func theReadmesUrlRequestWithTimeoutIsAFlip() {
        let urlRequestWithTimeout = flip(requestWithCachePolicy(.returnCacheDataElseLoad))
        let url = NetworkTestSupport.url("https://api.agify.io/?name=Jane")
        let request = urlRequestWithTimeout(30)(url)
        #expect(request == URLRequest(url: url, cachePolicy: .returnCacheDataElseLoad, timeoutInterval: 30))
    }

    @Test func kleisliWithTheBuilderKeepsAnInvalidURLAsNil() {
        let urlRequestWithTimeout = flip(requestWithCachePolicy(.returnCacheDataElseLoad))
        let build = URL.init(string:) >=> urlRequestWithTimeout(30)
        #expect(build("https://example.com")?.url?.absoluteString == "https://example.com")
        #expect(build("") == nil)
    }
}
