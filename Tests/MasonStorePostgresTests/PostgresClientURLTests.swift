import MasonStorePostgres
import PostgresNIO
import Testing

/// A connection address becomes a client configuration; a bad one is a typed error that never echoes
/// the password.
struct PostgresClientURLTests {
    @Test func anAddressGivesEveryPart() throws {
        let configuration = try PostgresClient.Configuration(
            url: "postgres://mason:s3cret@db.example:6543/shop?sslmode=disable")
        #expect(configuration.host == "db.example")
        #expect(configuration.port == 6543)
        #expect(configuration.username == "mason")
        #expect(configuration.password == "s3cret")
        #expect(configuration.database == "shop")
    }

    @Test func thePortAndDatabaseAreOptional() throws {
        let configuration = try PostgresClient.Configuration(url: "postgresql://mason@localhost")
        #expect(configuration.port == 5432)
        #expect(configuration.database == nil)
        #expect(configuration.password == nil)
    }

    /// libpq's modes: `prefer` and `require` encrypt without checking the certificate (a self-signed
    /// server works), `verify-ca` checks it, `verify-full` checks the host name too.
    @Test func everyLibpqSSLModeIsReadAsLibpqReadsIt() throws {
        let verification = Dictionary(
            uniqueKeysWithValues: PostgresSSLMode.allCases.map { ($0.rawValue, $0.certificateVerification) })
        #expect(verification["disable"] == .some(nil))
        #expect(verification["prefer"] == CertificateVerification.none)
        #expect(verification["require"] == CertificateVerification.none)
        #expect(verification["verify-ca"] == .noHostnameVerification)
        #expect(verification["verify-full"] == .fullVerification)
        for mode in PostgresSSLMode.allCases {
            _ = try PostgresClient.Configuration(url: "postgres://mason@localhost/shop?sslmode=\(mode.rawValue)")
        }
    }

    @Test(arguments: [
        "http://mason@localhost/shop",
        "postgres:///shop",
        "postgres://localhost/shop",
        "postgres://mason:s3cret@localhost/shop?sslmode=sometimes",
        "not an address"
    ])
    func aBadAddressIsMisuse(url: String) {
        let error = #expect(throws: StoreError.self) { try PostgresClient.Configuration(url: url) }
        #expect(error?.kind == .misuse)
        #expect(error.map { "\($0)" }?.contains("s3cret") == false)
    }
}
