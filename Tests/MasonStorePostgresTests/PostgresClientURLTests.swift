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
