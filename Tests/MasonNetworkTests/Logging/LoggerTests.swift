import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import Testing

@Suite struct LoggerTests {
    @Test func loggerReturnsItsInputInAChain() {
        let request = NetworkTestSupport.request("https://example.com") |> setHeader("1", for: "X-A") |> logger
        #expect(request.value(forHTTPHeaderField: "X-A") == "1")
        #expect(logger(42) == 42)
    }
}
