import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTesting
import Testing

@Suite struct StubTransportTests {
    private let request = URLRequest(url: URL(string: "https://example.com/a")!)

    @Test func aStubAnswersWithItsResponseAndRecordsTheRequest() async throws {
        let stub = StubTransport(.json(#"{"a": 1}"#, status: 202, headers: ["X-A": "1"]))
        let (data, response) = try await stub.send(request)
        #expect(data == Data(#"{"a": 1}"#.utf8))
        #expect(response.statusCode == 202)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(response.value(forHTTPHeaderField: "X-A") == "1")
        #expect(stub.requests == [request])
    }

    @Test func routesAnswerByURLAndFallBackTo404() async throws {
        let stub = StubTransport.routes(["https://example.com/a": .text("a")])
        #expect(try await stub.send(request).0 == Data("a".utf8))
        let other = URLRequest(url: URL(string: "https://example.com/b")!)
        #expect(try await stub.send(other).1.statusCode == 404)
    }

    @Test func aSequenceAnswersInOrderThenRepeatsTheLast() async throws {
        let stub = StubTransport.sequence([.status(503), .status(200)])
        var statuses: [Int] = []
        for _ in 0..<3 {
            statuses.append(try await stub.send(request).1.statusCode)
        }
        #expect(statuses == [503, 200, 200])
    }

    /// Requests sent at once: the n-th that `requests` records gets the n-th response. (Before, the
    /// place in the sequence was taken apart from the recording, so two requests running on two
    /// threads could swap answers.)
    @Test func theNthRecordedRequestGetsTheNthResponse() async throws {
        let count = 400
        let stub = StubTransport.sequence((0..<count).map { .text("\($0)") })
        let answers = try await withThrowingTaskGroup(of: (String, String).self) { group in
            for index in 0..<count {
                group.addTask {
                    let url = try #require(URL(string: "https://example.com/\(index)"))
                    let (data, _) = try await stub.send(URLRequest(url: url))
                    return (url.absoluteString, String(decoding: data, as: UTF8.self))
                }
            }
            return try await group.reduce(into: [String: String]()) { $0[$1.0] = $1.1 }
        }
        for (place, request) in stub.requests.enumerated() {
            #expect(answers[request.url?.absoluteString ?? ""] == "\(place)")
        }
    }

    @Test func aHandlerSeesTheRequest() async throws {
        let stub = StubTransport { request in
            request.httpMethod == "POST" ? .status(201) : .status(200)
        }
        let posted = request |> post(Data("x".utf8))
        #expect(try await stub.send(posted).1.statusCode == 201)
        #expect(try await stub.send(request).1.statusCode == 200)
    }

    @Test func aFailingStubThrowsItsError() async {
        let stub = StubTransport.failing(with: URLError(.networkConnectionLost))
        await #expect(throws: URLError(.networkConnectionLost)) { try await stub.send(request) }
    }

    @Test func waitForRequestsReturnsOnceEnoughHaveArrived() async throws {
        let stub = StubTransport(.status(200))
        let waiter = Task { await stub.waitForRequests(count: 2) }
        _ = try await stub.send(request)
        _ = try await stub.send(request)
        await waiter.value
        #expect(stub.requests.count == 2)
        await stub.waitForRequests(count: 1)  // already satisfied: returns at once
    }

    /// A test whose requests never come ends at its time limit, which cancels its task: the wait
    /// must end then, or the test hangs the run. Cancelled before it parks or while parked (the
    /// yields let some waiters get there first), each wait ends.
    @Test func waitForRequestsEndsWhenItsTaskIsCancelled() async {
        let stub = StubTransport(.status(200))
        for yields in 0..<16 {
            let waiter = Task { await stub.waitForRequests(count: 1) }
            for _ in 0..<yields { await Task.yield() }
            waiter.cancel()
            await waiter.value
        }
        #expect(stub.requests.isEmpty)
    }

    @Test func theDefaultDownloadWritesTheBodyToAFile() async throws {
        let stub = StubTransport(.text("on disk"))
        let (file, _) = try await stub.download(request)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Data(contentsOf: file) == Data("on disk".utf8))
    }
}
