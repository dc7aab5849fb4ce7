public import MasonStoreCore
internal import GRDB

extension StoreError {
    /// The typed error for whatever an access threw: GRDB's `DatabaseError` keeps its codes, message
    /// and SQL but loses its arguments; a decoding failure (GRDB's, or a `DecodingError` from a `Codable`
    /// record) is a type mismatch that names the type expected, never the value, as is a value that does
    /// not encode;
    /// a cancellation (or an
    /// interrupt caused by one) is `.cancelled`; anything else is your code's, kept whole.
    ///
    /// `operate` makes these for you; use it for GRDB calls of your own outside an operation.
    ///
    /// ```swift
    /// do { dbQueue = try DatabaseQueue(path: path) } catch { throw StoreError(error) }
    /// ```
    /// - Parameter error: What GRDB, SQLite or your code threw.
    public init(_ error: any Error) {
        switch error {
        case let error as StoreError:
            self = error
        case let error as DatabaseError:
            self.init(
                kind: Self.kind(of: error),
                resultCode: error.resultCode.primaryResultCode.rawValue,
                extendedResultCode: error.extendedResultCode.rawValue,
                message: error.message,
                sql: error.sql
            )
        case is CancellationError:
            self.init(kind: .cancelled, message: "the task was cancelled", underlying: error)
        case is RowDecodingError:
            // Its description names the column and the value (which may be a secret): keep neither.
            self.init(kind: .typeMismatch, message: "a row does not decode into the record asked for")
        case let error as DecodingError:
            // GRDB's `Codable` records throw it for a value such as a `String` enum's or a JSON column's;
            // its description quotes the value, and its path may be the JSON's own keys: keep neither.
            self.init(kind: .typeMismatch, message: Self.summary(of: error))
        case let error as RecordError:
            if case .recordNotFound(let table, _) = error {
                self.init(kind: .recordNotFound, message: "no row in \(table) for the record")
            } else {
                self.init(kind: .database, message: "a record could not be persisted")
            }
        case let error as EncodingError:
            // `.invalidValue` holds the value itself.
            guard case .invalidValue = error else { fallthrough }
            self.init(kind: .typeMismatch, message: "a value does not encode")
        default:
            self.init(kind: .operation, underlying: error)
        }
    }

    /// Runs `body`, turning whatever it throws into a `StoreError`: the one place GRDB's errors become
    /// Mason's.
    static func catching<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw StoreError(error)
        }
    }

    /// The `async` twin of ``catching(_:)``.
    static func catching<T>(_ body: () async throws -> T) async throws(StoreError) -> T {
        do {
            return try await body()
        } catch {
            throw StoreError(error)
        }
    }

    /// What a decoding failure says without its value or its path: a JSON column is decoded apart
    /// from its row, so its path holds the column's own keys, which are stored data. The type it
    /// expected is code: it stays.
    private static func summary(of error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, _), .valueNotFound(let type, _):
            return "a stored value does not decode as \(type)"
        case .keyNotFound:
            return "a stored value lacks a key its type needs"
        default:
            return "a stored value does not decode"
        }
    }

    private static func kind(of error: DatabaseError) -> Kind {
        switch error.resultCode.primaryResultCode {
        case .SQLITE_CONSTRAINT:
            return error.extendedResultCode == .SQLITE_CONSTRAINT_DATATYPE ? .typeMismatch : .constraintViolation
        case .SQLITE_MISMATCH:
            return .typeMismatch
        case .SQLITE_READONLY:
            return .readOnly
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return .corrupt
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .busy
        case .SQLITE_INTERRUPT:
            return .cancelled
        case .SQLITE_MISUSE:
            return .misuse
        case .SQLITE_ERROR:
            let message = error.message ?? ""
            // `table baby has no column named nickname`: an insert of a record with a property no
            // migration added.
            let isMissing =
                message.hasPrefix("no such table") || message.hasPrefix("no such column")
                || message.contains("has no column named")
            return isMissing ? .missingSchema : .database
        default:
            return .database
        }
    }
}
