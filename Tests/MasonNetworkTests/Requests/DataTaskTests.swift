import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTesting
import Testing

@Suite struct DataTaskTests {
    private let request = NetworkTestSupport.request("https://example.com/report")

    @Test func aDataTaskKeepsTheHTTPResponse() async throws {
        let stub = StubTransport(.json("[]", status: 201, headers: ["ETag": "v1"]))
        let (data, response) = try await dataTask(request, transport: stub).value.get()
        #expect(data == Data("[]".utf8))
        #expect(response.statusCode == 201)
        #expect(response.value(forHTTPHeaderField: "ETag") == "v1")
        #expect(response.url == request.url)
    }

    @Test func aDataTaskIsLazyAndEachRunSendsAgain() async {
        let stub = StubTransport(.status(200))
        let task = dataTask(request, transport: stub)
        #expect(stub.requests.isEmpty)
        _ = await task.value
        _ = await task.value
        #expect(stub.requests.count == 2)
    }

    @Test func theCurriedFormEqualsTheTwoParameterForm() async throws {
        let stub = StubTransport(.text("x"))
        let viaChain = try await (request |> dataTask(transport: stub)).value.get()
        #expect(viaChain.0 == Data("x".utf8))
    }

    @Test func aTransportErrorIsTranslated() async {
        let offline = StubTransport.failing(with: URLError(.notConnectedToInternet))
        let result = await dataTask(request, transport: offline).value
        guard case .failure(.failed(_, let code)) = result else {
            Issue.record("expected failed, got \(result)")
            return
        }
        #expect(code == .notConnectedToInternet)
    }

    @Test func aDownloadWritesTheBodyToAFileTheCallerOwns() async throws {
        let stub = StubTransport(.text("file contents"))
        let (file, response) = try await downloadTask(request, transport: stub).value.get()
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(response.statusCode == 200)
        #expect(try Data(contentsOf: file) == Data("file contents".utf8))
        let curried = try await (request |> downloadTask(transport: stub)).value.get()
        try? FileManager.default.removeItem(at: curried.0)
        #expect(curried.0 != file)
    }

    @Test func aFailedDownloadKeepsTheBodyInTheError() async {
        let stub = StubTransport(.text("no such report", status: 404))
        let result = await downloadTask(request, transport: stub).value
        guard case .failure(.invalidResponse(let response)) = result else {
            Issue.record("expected invalidResponse, got \(result)")
            return
        }
        #expect(response.status == 404)
        #expect(response.text == "no such report")
    }

    @Test func aFailedDownloadKeepsOnlyTheFirstMebibyteOfALargeBody() async {
        // 3 MiB of error page: a download is chosen for bodies too large to hold, so the error holds 1 MiB.
        let page = String(repeating: "0123456789abcdef", count: 3 << 16)
        let stub = StubTransport(.text(page, status: 500))
        let result = await downloadTask(request, transport: stub).value
        guard case .failure(.invalidResponse(let response)) = result else {
            Issue.record("expected invalidResponse, got \(result)")
            return
        }
        #expect(response.status == 500)
        #expect(response.body == Data(page.utf8.prefix(1 << 20)))
    }

    @Test func aNilRequestDownloadsNothing() async {
        let stub = StubTransport(.status(200))
        let result = await downloadTask(nil, transport: stub).value
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure == .invalidRequest)
        #expect(stub.requests.isEmpty)
    }
}
