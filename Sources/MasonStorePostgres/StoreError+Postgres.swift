import MasonStoreCore
import PostgresNIO

extension StoreError {
    /// The typed error for whatever an operation on PostgreSQL threw: a server error keeps its SQLSTATE,
    /// message and the statement's SQL but never its bound values; a closed connection is
    /// `.connectionLost` (or `.cancelled` when a cancellation closed it); a row that does
    /// not decode is `.typeMismatch`; anything else is your code's.
    static func postgres(_ error: any Error, cancelled: Bool) -> StoreError {
        switch error {
        case let error as StoreError:
            return error
        case is CancellationError:
            return StoreError(kind: .cancelled, message: "the task was cancelled", underlying: error)
        case let error as PSQLError:
            return postgres(error, cancelled: cancelled)
        case is ConnectionClosed:
            return StoreError(
                kind: cancelled ? .cancelled : .connectionLost,
                message: cancelled ? "the task was cancelled" : "the connection closed"
            )
        case is PostgresDecodingError, is DecodingError:
            // Their descriptions may quote the value (which may be a secret): keep neither.
            return StoreError(kind: .typeMismatch, message: "a row does not decode into the type asked for")
        case EncodingError.invalidValue:
            // It holds the value itself (a bound `Codable` holding `Double.nan`), as on SQLite.
            return StoreError(kind: .typeMismatch, message: "a value does not encode")
        default:
            return StoreError(kind: .operation, underlying: error)
        }
    }

    private static func postgres(_ error: PSQLError, cancelled: Bool) -> StoreError {
        let sql: String? = error.query.map { PostgresCancellation.untagged($0.sql) }
        guard let server = error.serverInfo, let state = server[.sqlState] else {
            if cancelled {
                return StoreError(kind: .cancelled, message: "the task was cancelled", sql: sql)
            }
            let kind: Kind
            switch error.code {
            case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown, .poolClosed,
                .messageDecodingFailure, .unexpectedBackendMessage:  // postgres-nio closes the connection
                kind = .connectionLost
            case .queryCancelled:
                kind = .cancelled
            default:
                kind = .database
            }
            return StoreError(kind: kind, message: "\(error.code)", sql: sql)
        }
        let message = state.hasPrefix("22") ? server[.message].map(withoutQuotedValue) : server[.message]
        // A server's answer that came as the task was cancelled is still the server's: its SQLSTATE
        // and message stay, though the kind says the task was cancelled.
        let kind: Kind = cancelled ? .cancelled : kind(of: state)
        var failure = StoreError(kind: kind, message: message, sql: sql)
        failure.sqlState = state
        return failure
    }

    /// A data exception's message (class 22) without the value it quotes, which may be a bound one:
    /// PostgreSQL writes `invalid input syntax for type integer: "hunter2"` and
    /// `value "99999999999" is out of range for type integer`. Everything from the first double quote
    /// to the last becomes `"…"`, so a value holding quotes is hidden whole.
    static func withoutQuotedValue(_ message: String) -> String {
        guard let first = message.firstIndex(of: "\""), let last = message.lastIndex(of: "\""), first < last
        else { return message }
        return message[..<first] + "\"…\"" + message[message.index(after: last)...]
    }

    /// The kind of a SQLSTATE: its class (first two characters) and a few exact codes. A statement the
    /// server stopped on its own (57014: `statement_timeout`, another session's `pg_cancel_backend`)
    /// is `.database`: only a cancelled task is `.cancelled`.
    static func kind(of state: String) -> Kind {
        switch state {
        case "40001", "40P01": return .serializationFailure
        case "42P01", "42703", "42883", "3F000": return .missingSchema
        case "42804": return .typeMismatch
        case "55P03": return .busy
        case "25006": return .readOnly
        case "57P01", "57P02", "57P03": return .connectionLost
        case "XX001", "XX002": return .corrupt
        default: break
        }
        switch state.prefix(2) {
        case "23": return .constraintViolation
        case "22": return .typeMismatch
        case "08": return .connectionLost
        default: return .database
        }
    }
}
