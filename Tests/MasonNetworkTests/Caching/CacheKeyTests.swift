import Foundation
import MasonNetwork
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `CacheKey`: which parts of a request make a key, and that a credential is only ever kept as its
/// SHA-256 digest (checked against the FIPS 180-4 test vectors).
@Suite struct CacheKeyTests {
    private static func request(_ url: String, method: String? = nil, headers: [String: String] = [:]) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    @Test func aKeyHoldsTheMethodTheURLAndTheVaryingHeaders() throws {
        let key = try #require(
            CacheKey(Self.request("https://example.com/a?b=1", headers: ["accept": "application/json", "X-Trace": "7"]))
        )
        #expect(key.method == "GET")
        #expect(key.url == "https://example.com/a?b=1")
        #expect(key.headers == ["Accept": "application/json"])
        #expect(key.description == "GET https://example.com/a?b=1 Accept=application/json")
        #expect(key.isCacheable)
    }

    @Test func requestsDifferingOnlyInOtherHeadersShareAKey() {
        let plain = CacheKey(Self.request("https://example.com/a"))
        let traced = CacheKey(Self.request("https://example.com/a", headers: ["X-Trace": "1", "User-Agent": "test"]))
        #expect(plain == traced)
    }

    @Test func theMethodTheURLAndEachVaryingHeaderTellKeysApart() {
        let base = Self.request("https://example.com/a")
        let variants = [
            Self.request("https://example.com/a", method: "HEAD"),
            Self.request("https://example.com/b"),
            Self.request("https://example.com/a", headers: ["Accept": "text/plain"]),
            Self.request("https://example.com/a", headers: ["Accept-Encoding": "gzip"]),
            Self.request("https://example.com/a", headers: ["Accept-Language": "sv"]),
            Self.request("https://example.com/a", headers: ["Authorization": "Bearer one"]),
            Self.request("https://example.com/a", headers: ["Authorization": "Bearer two"])
        ]
        let keys = ([base] + variants).compactMap(CacheKey.init)
        #expect(Set(keys).count == 8)
    }

    /// `Vary` values, and whether keys cover them.
    static let varies: [(vary: String, covered: Bool)] = [
        ("Accept-Encoding", true), ("accept-language, ACCEPT", true), (" Authorization ,", true),
        ("Accept-Encoding, X-Tenant", false), ("*", false), ("Cookie", false), ("", true)
    ]

    @Test(arguments: varies)
    func aVaryIsCoveredOnlyWhenEveryFieldItNamesIsPartOfTheKey(vary: String, covered: Bool) {
        #expect(CacheKey.covers(vary: vary) == covered)
    }

    @Test func theAuthorizationIsKeptOnlyAsItsDigest() throws {
        let key = try #require(CacheKey(Self.request("https://example.com/a", headers: ["Authorization": "abc"])))
        #expect(
            key.headers["Authorization"] == "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let secret = try #require(
            CacheKey(Self.request("https://example.com/a", headers: ["Authorization": "Bearer s3cr3t"])))
        #expect(!secret.description.contains("s3cr3t"))
        #expect(!String(describing: secret.headers).contains("s3cr3t"))
    }

    @Test func theDigestMatchesTheSHA256TestVectors() {
        #expect(CacheKey.digest(of: "") == "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(CacheKey.digest(of: "abc") == "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            CacheKey.digest(of: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "sha256:248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            CacheKey.digest(
                of:
                    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
            ) == "sha256:cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        #expect(
            CacheKey.digest(of: String(repeating: "a", count: 1_000))
                == "sha256:41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func onlyGetAndHeadAreCacheable() {
        #expect(CacheKey(method: "get", url: "u").isCacheable)
        #expect(CacheKey(method: "HEAD", url: "u").isCacheable)
        for method in ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"] {
            #expect(!CacheKey(method: method, url: "u").isCacheable)
        }
    }
}
