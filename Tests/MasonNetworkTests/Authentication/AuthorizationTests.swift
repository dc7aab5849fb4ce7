import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTesting
import Testing

@Suite struct AuthorizationTests {
    private let plain = NetworkTestSupport.request("https://api.agify.io/?name=Jane")

    @Test func basicAuthorizationForGuestIsTheSeedsExactString() {
        let request = plain |> authorization(.basic(username: "guest", password: "guest"))
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Basic Z3Vlc3Q6Z3Vlc3Q=")
        #expect(request.allHTTPHeaderFields == ["Authorization": "Basic Z3Vlc3Q6Z3Vlc3Q="])
    }

    @Test func basicAuthorizationEncodesUTF8UserAndPassword() {
        let value = AuthorizationType.basic(username: "Åsa", password: "p:ss").headerValue
        #expect(value == "Basic " + Data("Åsa:p:ss".utf8).base64EncodedString())
    }

    @Test func bearerAuthorizationIsTheReadmesExactString() {
        let request = plain |> authorization(.bearer("secret-token-123"))
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer secret-token-123")
        #expect(AuthorizationType.bearer(token: "secret-token-123") == .bearer("secret-token-123"))
    }

    @Test func customAuthorizationIsTheReadmesExactString() {
        let request = plain |> authorization(.custom(field: "CustomField", data: "5-53455345g"))
        #expect(request.value(forHTTPHeaderField: "Authorization") == "CustomField 5-53455345g")
    }

    @Test func uncurriedAuthorizationWithEqualsTheCurriedForm() {
        let types: [AuthorizationType] = [
            .basic(username: "guest", password: "guest"), .bearer("t"), .custom(field: "F", data: "d")
        ]
        for type in types {
            #expect(authorizationWith(plain, type) == authorization(type)(plain))
        }
    }

    @Test func authorizationReplacesAnEarlierAuthorization() {
        let request = plain |> authorization(.bearer("old")) |> authorization(.bearer("new"))
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer new")
    }

    @Test func aTokenWithALineBreakIsRejectedBeforeSending() async {
        let stub = StubTransport(.status(200))
        let request = plain |> authorization(.bearer("token\r\nX-Admin: 1"))
        let result = await requestAsync(request, transport: stub).value
        #expect(result == .failure(.invalidHeader(field: "Authorization")))
        #expect(stub.requests.isEmpty)
    }

    @Test func theAuthorizationHeaderReachesTheTransport() async throws {
        let stub = StubTransport(.status(200))
        let request = plain |> authorization(.basic(username: "guest", password: "guest"))
        _ = try await requestAsync(request, transport: stub).value.get()
        #expect(stub.requests.first?.value(forHTTPHeaderField: "Authorization") == "Basic Z3Vlc3Q6Z3Vlc3Q=")
    }
}
