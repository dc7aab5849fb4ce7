import Foundation
import PostgresNIO

/// Decodes a row into a `Decodable` type: a keyed container reads the column named by each key, a
/// single value reads the first column (so `fetchAll(Int.self, "SELECT count(*) …")` works), and a
/// cell decodes through postgres-nio's own decoding when the type has one (`PostgresDecodable`).
enum PostgresRowDecoder {
    static func decode<Row: Decodable>(_ type: Row.Type, from row: PostgresRow) throws -> Row {
        let row = PostgresRandomAccessRow(row)
        if Row.self is any PostgresDecodable.Type {
            guard !row.isEmpty else { throw missingColumn("the first column", codingPath: []) }
            return try CellDecoder(cell: row[0], codingPath: []).decodeValue(Row.self)
        }
        return try Row(from: RowDecoder(row: row))
    }

    static func missingColumn(_ name: String, codingPath: [any CodingKey]) -> DecodingError {
        .valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "the row has no column \(name)"))
    }
}

/// The decoder of a whole row.
private struct RowDecoder: Decoder {
    let row: PostgresRandomAccessRow
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowContainer<Key>(row: row))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self,
            .init(codingPath: [], debugDescription: "a row decodes into a keyed type or a single value")
        )
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard !row.isEmpty else { throw PostgresRowDecoder.missingColumn("the first column", codingPath: []) }
        return CellDecoder(cell: row[0], codingPath: [])
    }
}

/// The columns of a row, by name.
private struct RowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: PostgresRandomAccessRow
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { row.compactMap { Key(stringValue: $0.columnName) } }

    func contains(_ key: Key) -> Bool {
        row.contains(key.stringValue)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try cell(for: key).bytes == nil
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try CellDecoder(cell: cell(for: key), codingPath: [key]).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw unsupported(key)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw unsupported(key)
    }

    func superDecoder() throws -> any Decoder {
        RowDecoder(row: row)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try CellDecoder(cell: cell(for: key), codingPath: [key])
    }

    private func cell(for key: Key) throws -> PostgresCell {
        guard row.contains(key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "the row has no such column"))
        }
        return row[key.stringValue]
    }

    private func unsupported(_ key: Key) -> DecodingError {
        .typeMismatch(
            Any.self,
            .init(codingPath: [key], debugDescription: "a column decodes into a single value, not a container")
        )
    }
}

/// One cell, as a single value.
private struct CellDecoder: Decoder, SingleValueDecodingContainer {
    let cell: PostgresCell
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw mismatch(type)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw mismatch([Any].self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    func decodeNil() -> Bool {
        cell.bytes == nil
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        try decodeValue(type)
    }

    func decode(_ type: String.Type) throws -> String {
        try decodeValue(type)
    }

    func decode(_ type: Double.Type) throws -> Double {
        try decodeValue(type)
    }

    func decode(_ type: Float.Type) throws -> Float {
        try decodeValue(type)
    }

    func decode(_ type: Int.Type) throws -> Int {
        try decodeValue(type)
    }

    func decode(_ type: Int8.Type) throws -> Int8 {
        try decodeValue(type)
    }

    func decode(_ type: Int16.Type) throws -> Int16 {
        try decodeValue(type)
    }

    func decode(_ type: Int32.Type) throws -> Int32 {
        try decodeValue(type)
    }

    func decode(_ type: Int64.Type) throws -> Int64 {
        try decodeValue(type)
    }

    func decode(_ type: UInt.Type) throws -> UInt {
        try decodeValue(type)
    }

    func decode(_ type: UInt8.Type) throws -> UInt8 {
        try decodeValue(type)
    }

    func decode(_ type: UInt16.Type) throws -> UInt16 {
        try decodeValue(type)
    }

    func decode(_ type: UInt32.Type) throws -> UInt32 {
        try decodeValue(type)
    }

    func decode(_ type: UInt64.Type) throws -> UInt64 {
        try decodeValue(type)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeValue(type)
    }

    /// Through postgres-nio when the type has a Postgres decoding; otherwise through the type's own
    /// `init(from:)` on this cell (raw-value enums, wrappers of one value).
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let decodable = type as? any PostgresDecodable.Type {
            return try decodeCell(decodable) as! T  // swift-format-ignore: the cast cannot fail: T is that type
        }
        if let unsigned = type as? any UnsignedInteger.Type {
            return try decodeUnsigned(unsigned) as! T  // swift-format-ignore: as above
        }
        return try T(from: self)
    }

    private func decodeCell<Value: PostgresDecodable>(_ type: Value.Type) throws -> Value {
        guard cell.bytes != nil || Value.self is any ExpressibleByNilLiteral.Type else {
            throw DecodingError.valueNotFound(
                type,
                .init(codingPath: codingPath, debugDescription: "column \(cell.columnName) is NULL")
            )
        }
        return try cell.decode(type)
    }

    /// PostgreSQL has no unsigned integers: an unsigned property reads a `bigint` (or smaller) column
    /// and refuses a negative or too large value.
    private func decodeUnsigned<Value: UnsignedInteger>(_ type: Value.Type) throws -> Value {
        let signed = try decodeCell(Int64.self)
        guard let value = Value(exactly: signed) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "column \(cell.columnName) does not fit \(type)")
            )
        }
        return value
    }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(
            type,
            .init(codingPath: codingPath, debugDescription: "column \(cell.columnName) holds a single value")
        )
    }
}
