import Foundation
import MasonNetwork
import Testing

@Suite struct LogRedactionTests {
    @Test func credentialHeadersAreHiddenWhateverTheirCase() {
        let redaction = LogRedaction.standard
        #expect(redaction.header("Authorization", "Basic Z3Vlc3Q6Z3Vlc3Q=") == "<redacted>")
        #expect(redaction.header("authorization", "Bearer t") == "<redacted>")
        #expect(redaction.header("SET-COOKIE", "id=1") == "<redacted>")
        #expect(redaction.header("Accept", "application/json") == "application/json")
    }

    @Test func headersAreListedSortedWithSecretsHidden() {
        let fields: [String: String] = ["X-Api-Key": "k", "Accept": "*/*", "Cookie": "a=b"]
        let listed: String = LogRedaction.standard.headers(fields)
        #expect(listed == "Accept: */*, Cookie: <redacted>, X-Api-Key: <redacted>")
    }

    @Test func secretQueryValuesAndPasswordsAreHiddenAndTheRestKept() throws {
        let url = try #require(URL(string: "https://user:pw@example.com:8443/a/b?token=abc&q=swift&API_KEY=z#top"))
        let text: String = LogRedaction.standard.url(url)
        #expect(text == "https://user:<redacted>@example.com:8443/a/b?token=<redacted>&q=swift&API_KEY=<redacted>#top")
    }

    /// A user part without a password is often a token (`https://<token>@github.com`): it is hidden whole.
    @Test func aUserPartAloneIsHidden() throws {
        let url = try #require(URL(string: "https://ghp_secret@github.com/owner/repo.git?q=1"))
        #expect(LogRedaction.standard.url(url) == "https://<redacted>@github.com/owner/repo.git?q=1")
    }

    @Test func aURLWithoutSecretsIsUnchanged() throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/?name=Jane&flag"))
        #expect(LogRedaction.standard.url(url) == "http://127.0.0.1:8080/?name=Jane&flag")
    }

    @Test func addingWidensTheRedaction() throws {
        let redaction = LogRedaction.standard.adding(headers: ["X-Session"], queryItems: ["Sid"])
        #expect(redaction.header("x-session", "s") == "<redacted>")
        let url = try #require(URL(string: "http://h/p?sid=1&x=2"))
        #expect(redaction.url(url) == "http://h/p?sid=<redacted>&x=2")
        #expect(LogRedaction.standard.header("X-Session", "s") == "s")
    }
}
