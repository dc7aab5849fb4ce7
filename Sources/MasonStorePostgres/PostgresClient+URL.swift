public import MasonStoreCore
public import PostgresNIO

import struct Foundation.URLComponents

extension PostgresClient.Configuration {
    /// A configuration from a connection address, `postgres://user:password@host:port/database`,
    /// with an optional `?sslmode=disable|prefer|require` (`prefer` by default, as libpq's).
    ///
    /// ```swift
    /// let configuration = try PostgresClient.Configuration(url: "postgres://mason:secret@127.0.0.1:5432/mason")
    /// let client = PostgresClient(configuration: configuration)
    /// ```
    /// - Parameter url: The address; the password and database are optional, the user is not.
    /// - Throws: `StoreError` (`misuse`) naming what is missing, never echoing the password.
    public init(url: String) throws(StoreError) {
        guard let parts = URLComponents(string: url), ["postgres", "postgresql"].contains(parts.scheme) else {
            throw StoreError(kind: .misuse, message: "not a postgres:// address")
        }
        guard let host = parts.host, !host.isEmpty else {
            throw StoreError(kind: .misuse, message: "the postgres:// address names no host")
        }
        guard let user = parts.user, !user.isEmpty else {
            throw StoreError(kind: .misuse, message: "the postgres:// address names no user")
        }
        let tls: TLS
        switch parts.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer" {
        case "disable": tls = .disable
        case "prefer": tls = .prefer(.makeClientConfiguration())
        case "require": tls = .require(.makeClientConfiguration())
        case let mode: throw StoreError(kind: .misuse, message: "unknown sslmode \(mode)")
        }
        let database = parts.path.drop { $0 == "/" }
        self.init(
            host: host,
            port: parts.port ?? 5432,
            username: user,
            password: parts.password,
            database: database.isEmpty ? nil : String(database),
            tls: tls
        )
    }
}
