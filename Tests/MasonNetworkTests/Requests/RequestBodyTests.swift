import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTesting
import Testing

@Suite struct RequestBodyTests {
    private struct NewUser: Codable, Equatable {
        let name: String
        let age: Int
    }

    private struct Measurement: Encodable {
        let value: Double
    }

    private let plain = NetworkTestSupport.request("https://example.com/users")

    @Test func postDataSetsMethodAndBodyAndNoContentType() {
        let request = plain |> post(Data("a=1".utf8))
        #expect(request.httpMethod == "POST")
        #expect(request.httpBody == Data("a=1".utf8))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test func postEncodableSetsAJSONBodyAndTheSeedsHeaders() throws {
        let request = plain |> post(NewUser(name: "Jane", age: 48))
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        let body = try #require(request.httpBody)
        #expect(try JSONDecoder().decode(NewUser.self, from: body) == NewUser(name: "Jane", age: 48))
    }

    @Test func anInjectedEncoderIsUsed() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        struct Payload: Encodable { let firstName: String }
        let request = plain |> post(Payload(firstName: "Jane"), encoder: encoder)
        #expect(request.httpBody == Data(#"{"first_name":"Jane"}"#.utf8))
    }

    @Test func putPatchAndDeleteSetTheirMethods() {
        let body = Data("x".utf8)
        let json: [String: String] = ["k": "v"]
        let putData: URLRequest = plain |> put(body)
        let patchData: URLRequest = plain |> patch(body)
        let putJSON: URLRequest = plain |> put(json)
        let patchJSON: URLRequest = plain |> patch(json)
        let deleted: URLRequest = plain |> delete
        let head: URLRequest = plain |> method(.head)
        let purge: URLRequest = plain |> method("PURGE")
        #expect(putData.httpMethod == "PUT")
        #expect(patchData.httpMethod == "PATCH")
        #expect(putJSON.httpMethod == "PUT")
        #expect(patchJSON.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(deleted.httpMethod == "DELETE")
        #expect(head.httpMethod == "HEAD")
        #expect(purge.httpMethod == "PURGE")
    }

    @Test func anEncodingFailureIsSurfacedAndNothingIsSent() async {
        let stub = StubTransport(.status(200))
        let request = plain |> post(Measurement(value: .infinity))
        let result = await requestAsync(request, transport: stub).value
        guard case .failure(.encodingFailed(let type, let description)) = result else {
            Issue.record("expected encodingFailed, got \(result)")
            return
        }
        #expect(type == "Measurement")
        #expect(!description.isEmpty)
        #expect(stub.requests.isEmpty)
    }

    @Test func anEncodingFailureSurvivesLaterBuilders() {
        let request =
            plain
            |> post(Measurement(value: .nan))
            |> authorization(.bearer("t"))
            |> setHeader("1", for: "X-Trace")
        guard case .failure(.encodingFailed(let type, _)) = validateRequest(request) else {
            Issue.record("expected encodingFailed")
            return
        }
        #expect(type == "Measurement")
    }

    @Test func aNewBodyReplacesAFailedOne() {
        let request = plain |> post(Measurement(value: .nan)) |> post(Data("ok".utf8))
        #expect(validateRequest(request) == .success(request))
        #expect(request.httpBody == Data("ok".utf8))
    }

    @Test func encodeJSONBodyReturnsTheFailureInsteadOfThrowing() throws {
        let encoded = try encodeJSONBody(NewUser(name: "A", age: 1)).get()
        #expect(try JSONDecoder().decode(NewUser.self, from: encoded) == NewUser(name: "A", age: 1))
        guard case .failure(.encodingFailed(let type, _)) = encodeJSONBody(Measurement(value: .infinity)) else {
            Issue.record("expected encodingFailed")
            return
        }
        #expect(type == "Measurement")
    }

    @Test func aContentTypeWithALineBreakIsRejectedAndNothingIsSent() async {
        let stub = StubTransport(.status(200))
        let request = plain |> body(Data("a,b".utf8), method: .put, contentType: "text/csv\r\nX-Injected: 1")
        #expect(validateRequest(request) == .failure(.invalidHeader(field: "Content-Type")))
        #expect(await requestAsync(request, transport: stub).value == .failure(.invalidHeader(field: "Content-Type")))
        #expect(stub.requests.isEmpty)
    }

    @Test func thePostedBodyReachesTheTransport() async throws {
        let stub = StubTransport(.status(201))
        let request = plain |> post(NewUser(name: "Jane", age: 48))
        _ = try await requestAsync(request, transport: stub).value.get()
        let sent = try #require(stub.requests.first?.httpBody)
        #expect(try JSONDecoder().decode(NewUser.self, from: sent) == NewUser(name: "Jane", age: 48))
        #expect(stub.requests.first?.httpMethod == "POST")
    }
}
