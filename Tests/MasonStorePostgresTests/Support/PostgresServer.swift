import Foundation
import Logging
import MasonStorePostgres
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

    /// The same server behind PgBouncer in transaction mode, if the environment gives it
    /// (`Scripts/with-postgres` starts one when PgBouncer is installed; CI always does).
    static let bouncerURL: String? = ProcessInfo.processInfo.environment["MASON_PGBOUNCER_URL"]

    /// Why a test behind PgBouncer did not run.
    static let bouncerSkipReason: Comment =
        "MASON_PGBOUNCER_URL is unset: install PgBouncer and run `Scripts/with-postgres swift test`"

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

    /// The client's configuration: the server's address, and room for the tests side by side.
    static func configuration(_ url: String) -> PostgresClient.Configuration? {
        guard var configuration = try? PostgresClient.Configuration(url: url) else { return nil }
        configuration.options.maximumConnections = 40
        return configuration
    }

    /// A table name of its own for one test, so tests run side by side.
    static func uniqueName(_ prefix: String) -> String {
        "\(prefix)_\(UUID().uuidString.prefix(8).lowercased())"
    }
}
