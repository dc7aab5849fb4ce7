import Foundation
import Logging
import PostgresNIO
import Testing

/// The PostgreSQL server the tests run against: the one `MASON_POSTGRES_URL` names
/// (`Scripts/with-postgres swift test` starts one; CI always does). Without it the PostgreSQL tests
/// are skipped, each saying why.
enum PostgresServer {
    /// The server's address, if the environment gives one.
    static let url: String? = ProcessInfo.processInfo.environment["MASON_POSTGRES_URL"]

    /// Why a PostgreSQL test did not run.
    static let skipReason: Comment =
        "MASON_POSTGRES_URL is unset: run `Scripts/with-postgres swift test` to test on PostgreSQL"

    /// One client for the whole test process, running until it ends.
    static let client: PostgresClient = {
        guard let url, let configuration = configuration(url) else {
            fatalError("a PostgreSQL test ran without a valid MASON_POSTGRES_URL")
        }
        var logger = Logger(label: "test.postgres")
        logger.logLevel = ProcessInfo.processInfo.environment["MASON_POSTGRES_DEBUG"] == nil ? .error : .debug
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        Task.detached { await client.run() }
        return client
    }()

    /// A client configuration from a `postgres://user:password@host:port/database` address.
    static func configuration(_ url: String) -> PostgresClient.Configuration? {
        guard let parts = URLComponents(string: url), let host = parts.host, let user = parts.user else { return nil }
        var configuration = PostgresClient.Configuration(
            host: host,
            port: parts.port ?? 5432,
            username: user,
            password: parts.password,
            database: String(parts.path.dropFirst()),
            tls: .disable
        )
        configuration.options.maximumConnections = 40
        return configuration
    }

    /// A table name of its own for one test, so tests run side by side.
    static func uniqueName(_ prefix: String) -> String {
        "\(prefix)_\(UUID().uuidString.prefix(8).lowercased())"
    }
}
