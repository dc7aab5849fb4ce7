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

    /// URLs inside header values — a pagination `Link`, a redirect's `Location`, a `Referer` — lose
    /// their secrets as the request line's URL does. (Before, the response's headers logged the
    /// `api_key` the request line hid.)
    @Test func urlsInsideHeaderValuesAreRedacted() {
        let listed = LogRedaction.standard.headers([
            "Link": #"<https://api.example.com/items?api_key=K1&page=2>; rel="next""#,
            "Location": "/cb?code=K2&state=s",
            "Referer": "https://app.example.com/p?token=K3"
        ])
        for secret in ["K1", "K2", "K3"] { #expect(!listed.contains(secret), "\(listed)") }
        #expect(listed.contains("page=2") && listed.contains("state=s") && listed.contains(#"rel="next""#))
    }

    /// Presigned-URL signatures, OAuth codes and the key headers of common APIs are hidden by
    /// default, and so is any name that says it holds a token, a secret, a password, a signature, a
    /// credential or an API key.
    @Test func standardHidesPresignedSignaturesCodesAndVendorKeys() throws {
        let url = try #require(
            URL(
                string: "https://b.s3.amazonaws.com/k?X-Amz-Credential=AKIA1&X-Amz-Signature=sig1"
                    + "&X-Amz-Security-Token=st1&code=c1&my_refresh_token=rt1&page=3"))
        let text = LogRedaction.standard.url(url)
        for secret in ["AKIA1", "sig1", "st1", "c1", "rt1"] { #expect(!text.contains(secret), "\(text)") }
        #expect(text.contains("page=3"))
        for name in ["api-key", "Ocp-Apim-Subscription-Key", "X-Goog-Api-Key", "Private-Token", "X-Vault-Token"] {
            #expect(LogRedaction.standard.header(name, "v") == LogRedaction.placeholder, "\(name)")
        }
        #expect(LogRedaction.standard.header("Accept", "v") == "v")
    }

    /// A token in the fragment (OAuth's implicit flow), a `;`-separated parameter and a password in
    /// the base of a relative URL are hidden too.
    @Test func fragmentsSemicolonsAndRelativeURLsAreRedacted() throws {
        let redaction = LogRedaction.standard
        #expect(
            !redaction.url(try #require(URL(string: "https://e.com/cb#access_token=F1&type=bearer"))).contains("F1"))
        #expect(!redaction.url(try #require(URL(string: "https://e.com/a?q=1;token=F2"))).contains("F2"))
        let base = try #require(URL(string: "https://user:F3@api.example.com/v1/"))
        let relative = try #require(URL(string: "items?x=1", relativeTo: base))
        #expect(!redaction.url(relative).contains("F3"))
    }
}
