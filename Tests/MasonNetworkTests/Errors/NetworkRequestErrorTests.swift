import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import Testing

@Suite struct NetworkRequestErrorTests {
    private struct Other: Error, CustomStringConvertible {
        var description: String { "other failure" }
    }

    @Test func cancellationsBecomeCanceledByUser() {
        #expect(NetworkRequestError(CancellationError()) == .canceledByUser)
        #expect(NetworkRequestError(URLError(.cancelled)) == .canceledByUser)
        #expect(NetworkRequestError.cancellation == .canceledByUser)
    }

    @Test func urlErrorsKeepTheirCode() {
        guard case .failed(let description, let code) = NetworkRequestError(URLError(.timedOut)) else {
            Issue.record("expected failed")
            return
        }
        #expect(code == .timedOut)
        #expect(!description.isEmpty)
        #expect(NetworkRequestError(URLError(.timedOut)) == NetworkRequestError(URLError(.timedOut)))
        #expect(NetworkRequestError(URLError(.timedOut)) != NetworkRequestError(URLError(.cannotConnectToHost)))
    }

    @Test func aNetworkRequestErrorIsKeptAndOthersAreDescribed() {
        #expect(NetworkRequestError(NetworkRequestError.noResponse) == .noResponse)
        #expect(NetworkRequestError(Other()) == .failed(description: "other failure", code: nil))
    }

    @Test func statusCodeAndResponseAreThereOnlyForInvalidResponses() {
        let details = HTTPResponseDetails(status: 503, headers: ["Retry-After": "1"], body: Data("busy".utf8))
        #expect(NetworkRequestError.invalidResponse(details).statusCode == 503)
        #expect(NetworkRequestError.invalidResponse(details).response == details)
        #expect(NetworkRequestError.noResponse.statusCode == nil)
        #expect(NetworkRequestError.bodyTooLarge(limit: 1).response == nil)
    }

    @Test func aDecodingErrorKeepsItsCodingPath() {
        struct Item: Decodable { let id: Int }
        struct Page: Decodable { let items: [Item] }
        let data = Data(#"{"items": [{"id": 1}, {"id": "two"}]}"#.utf8)
        do {
            _ = try JSONDecoder().decode(Page.self, from: data)
            Issue.record("expected a decoding error")
        } catch let error as DecodingError {
            guard case .decodingFailed(let type, _, let path) = NetworkRequestError(decoding: error, as: "Page") else {
                Issue.record("expected decodingFailed")
                return
            }
            #expect(type == "Page")
            #expect(path == ["items", "1", "id"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aMissingKeyIsTheLastComponentOfThePath() {
        struct Guess: Decodable { let name: String; let age: Int }
        do {
            _ = try JSONDecoder().decode(Guess.self, from: Data(#"{"name": "Jane"}"#.utf8))
            Issue.record("expected a decoding error")
        } catch let error as DecodingError {
            let mapped = NetworkRequestError(decoding: error, as: "Guess")
            guard case .decodingFailed(_, _, let path) = mapped else {
                Issue.record("expected decodingFailed")
                return
            }
            #expect(path == ["age"])
            #expect(NetworkRequestError(error as any Error) != mapped)  // the type is unknown there
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// Printed, logged or shown, an error says what happened — the status, where from, the server's
    /// words — and none of the secrets its response holds. (Before, `"\(error)"` printed every header,
    /// `Set-Cookie` included, and the URL with its password and token, and `localizedDescription` said
    /// "error 1".)
    @Test func descriptionsHideSecretsAndKeepTheServersWords() throws {
        let details = HTTPResponseDetails(
            status: 401, headers: ["Set-Cookie": "sid=cookie-secret", "Content-Type": "application/json"],
            body: Data(#"{"error":"expired"}"#.utf8),
            url: URL(string: "https://u:pw-secret@api.example.com/me?access_token=query-secret"))
        let error = NetworkRequestError.invalidResponse(details)
        let texts = [
            String(describing: error), String(reflecting: error), error.localizedDescription,
            String(describing: details), String(reflecting: details)
        ]
        for text in texts {
            for secret in ["cookie-secret", "pw-secret", "query-secret"] {
                #expect(!text.contains(secret), "\(secret) in \(text)")
            }
        }
        #expect(error.localizedDescription.contains("401"))
        #expect(error.localizedDescription.contains("expired"))
        #expect(String(reflecting: details).contains("Content-Type: application/json"))
    }

    /// An endpoint that cannot make a URL reports what it was given, without its secret values.
    @Test func anInvalidEndpointsSummaryHidesItsKey() {
        let endpoint = Endpoint(
            host: "api.example.com", path: "search",
            queryItems: [URLQueryItem(name: "api_key", value: "key-secret"), URLQueryItem(name: "q", value: "c")])
        #expect(endpoint.url == nil)
        #expect(!endpoint.summary.contains("key-secret"), "\(endpoint.summary)")
        #expect(endpoint.summary.contains("q=c"))
    }
}
