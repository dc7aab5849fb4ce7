import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTesting
import Testing

@Suite struct HeadersTests {
    private let plain = NetworkTestSupport.request("https://example.com/items")

    @Test func setHeaderSetsTheValueForTheField() {
        let request = plain |> setHeader("application/json", for: "Accept")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "accept") == "application/json")
    }

    // The builders take their request `consuming`: a temporary is changed in place, a variable is copied.
    @Test func aPipedVariableIsLeftAsItWas() {
        let original = plain |> setHeader("1", for: "X-Trace")
        let changed = original |> setHeader("2", for: "X-Trace") |> authorization(.bearer("t"))
        let originalTrace: String? = original.value(forHTTPHeaderField: "X-Trace")
        let originalAuthorization: String? = original.value(forHTTPHeaderField: "Authorization")
        let changedTrace: String? = changed.value(forHTTPHeaderField: "X-Trace")
        #expect(originalTrace == "1")
        #expect(originalAuthorization == nil)
        #expect(changedTrace == "2")
    }

    @Test func setHeaderReplacesAnEarlierValue() {
        let request = plain |> setHeader("text/csv", for: "Accept") |> setHeader("text/plain", for: "Accept")
        #expect(request.allHTTPHeaderFields == ["Accept": "text/plain"])
    }

    @Test func setHeadersMergesAndNewValuesWin() {
        let request =
            plain
            |> setHeaders(["Accept": "text/csv", "X-Trace": "1"])
            |> setHeaders(["X-Trace": "2", "X-Other": "o"])
        #expect(request.allHTTPHeaderFields == ["Accept": "text/csv", "X-Trace": "2", "X-Other": "o"])
    }

    @Test func headerValuesWithCROrLFAreRejectedAndNothingIsSent() async {
        let stub = StubTransport(.status(200))
        let values = ["a\r\nX-Injected: 1", "a\nb", "a\rb", "a\u{0}b"]
        for value in values {
            let request = plain |> setHeader(value, for: "X-Trace")
            let result = await requestAsync(request, transport: stub).value
            #expect(result == .failure(.invalidHeader(field: "X-Trace")))
        }
        #expect(stub.requests.isEmpty)
    }

    @Test func aFieldNameWithALineBreakIsRejected() async {
        let stub = StubTransport(.status(200))
        let request = plain |> setHeaders(["X-Good": "1", "X-Bad\nName": "2"])
        let result = await requestAsync(request, transport: stub).value
        #expect(result == .failure(.invalidHeader(field: "X-Bad\nName")))
        #expect(stub.requests.isEmpty)
    }

    @Test func theFirstInvalidHeaderIsTheOneReported() {
        let request = plain |> setHeader("1\n", for: "X-First") |> setHeader("2\n", for: "X-Second")
        #expect(validateRequest(request) == .failure(.invalidHeader(field: "X-First")))
    }

    @Test func validHeadersReachTheTransportUnchanged() async throws {
        let stub = StubTransport(.status(204))
        let request = plain |> setHeaders(["Accept": "text/csv", "X-Trace": "abc-123"])
        _ = try await requestAsync(request, transport: stub).value.get()
        let sent = stub.requests.first?.allHTTPHeaderFields
        #expect(sent == ["Accept": "text/csv", "X-Trace": "abc-123"])
    }
}
