public import MasonStoreCore
public import PostgresNIO

import struct Foundation.URLComponents

extension PostgresClient.Configuration {
    /// A configuration from a connection address, `postgres://user:password@host:port/database`,
    /// with an optional `?sslmode=` as libpq reads it (`prefer` by default): `disable` (no TLS),
    /// `prefer` (TLS when the server offers it) and `require` (TLS always) encrypt without checking the
    /// server's certificate, as libpq does; `verify-ca` checks it against the system's trusted roots,
    /// and `verify-full` its host name too — the one to use over a network you do not trust.
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
        let mode = parts.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer"
        guard let sslMode = PostgresSSLMode(rawValue: mode) else {
            throw StoreError(kind: .misuse, message: "unknown sslmode \(mode)")
        }
        let tls = sslMode.tls
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

/// A libpq `sslmode`, as ``PostgresClient/Configuration/init(url:)`` reads it.
package enum PostgresSSLMode: String, Sendable, CaseIterable {
    case disable
    case prefer
    case require
    case verifyCA = "verify-ca"
    case verifyFull = "verify-full"

    /// How the server's certificate is checked, or `nil` for no TLS.
    package var certificateVerification: CertificateVerification? {
        switch self {
        case .disable: nil
        case .prefer, .require: CertificateVerification.none
        case .verifyCA: .noHostnameVerification
        case .verifyFull: .fullVerification
        }
    }

    /// The client's TLS setting for this mode.
    var tls: PostgresClient.Configuration.TLS {
        guard let certificateVerification else { return .disable }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = certificateVerification
        return self == .prefer ? .prefer(configuration) : .require(configuration)
    }
}
