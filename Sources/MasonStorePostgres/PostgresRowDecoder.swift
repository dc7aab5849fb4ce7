import Foundation
import PostgresNIO

/// Decodes rows into a `Decodable` type: a keyed container reads the column named by each key, a
/// single value reads the first column (so `fetchAll(Int.self, "SELECT count(*) …")` works), and a
/// cell decodes through postgres-nio's own decoding when the type has one (`PostgresDecodable`).
///
/// One decoder serves every row of a result: it learns the columns' names from the first row.
struct PostgresRowDecoder {
    private let columns = ColumnNames()

    func decode<Row: Decodable>(_ type: Row.Type, from row: PostgresRow) throws -> Row {
        let cells = PostgresRandomAccessRow(row)
        if columns.isSingleValue(Row.self) {
            guard !cells.isEmpty else { throw Self.missingColumn("the first column", key: nil) }
            return try CellDecoder(cell: cells[0], key: nil).decodeValue(Row.self)
        }
        return try Row(from: RowDecoder(cells: cells, index: columns.index(of: cells)))
    }

    static func missingColumn(_ name: String, key: (any CodingKey)?) -> DecodingError {
        .valueNotFound(
            Any.self,
            .init(codingPath: key.map { [$0] } ?? [], debugDescription: "the row has no column \(name)")
        )
    }
}

/// What the decoder learns once per result: the columns' positions by name, and whether the row type
/// is one column's value.
private final class ColumnNames {
    private var positions: [String: Int]?
    private var singleValue: Bool?

    func index(of cells: PostgresRandomAccessRow) -> [String: Int] {
        if let positions { return positions }
        var positions: [String: Int] = [:]
        for (position, cell) in cells.enumerated() where positions[cell.columnName] == nil {
            positions[cell.columnName] = position
        }
        self.positions = positions
        return positions
    }

    func isSingleValue<Row>(_ type: Row.Type) -> Bool {
        if let singleValue { return singleValue }
        let single = type is any PostgresDecodable.Type
        singleValue = single
        return single
    }
}

/// The decoder of a whole row.
private struct RowDecoder: Decoder {
    let cells: PostgresRandomAccessRow
    let index: [String: Int]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowContainer<Key>(cells: cells, index: index))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self,
            .init(codingPath: [], debugDescription: "a row decodes into a keyed type or a single value")
        )
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard !cells.isEmpty else { throw PostgresRowDecoder.missingColumn("the first column", key: nil) }
        return CellDecoder(cell: cells[0], key: nil)
    }
}

/// The columns of a row, by name.
private struct RowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let cells: PostgresRandomAccessRow
    let index: [String: Int]
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { index.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        index[key.stringValue] != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try cell(for: key).bytes == nil
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try CellDecoder(cell: cell(for: key), key: key).decodeDirect(type)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try CellDecoder(cell: cell(for: key), key: key).decodeDirect(type)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try CellDecoder(cell: cell(for: key), key: key).decodeDirect(type)
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try CellDecoder(cell: cell(for: key), key: key).decodeDirect(type)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try CellDecoder(cell: cell(for: key), key: key).decodeDirect(type)
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try CellDecoder(cell: cell(for: key), key: key).decodeNarrow(type)
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try CellDecoder(cell: cell(for: key), key: key).decodeDirect(type)
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try CellDecoder(cell: cell(for: key), key: key).decodeDirect(type)
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try CellDecoder(cell: cell(for: key), key: key).decodeDirect(type)
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try CellDecoder(cell: cell(for: key), key: key).decodeNarrow(type)
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try CellDecoder(cell: cell(for: key), key: key).decodeNarrow(type)
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try CellDecoder(cell: cell(for: key), key: key).decodeNarrow(type)
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try CellDecoder(cell: cell(for: key), key: key).decodeNarrow(type)
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try CellDecoder(cell: cell(for: key), key: key).decodeNarrow(type)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try CellDecoder(cell: cell(for: key), key: key).decodeValue(type)
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
        RowDecoder(cells: cells, index: index)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try CellDecoder(cell: cell(for: key), key: key)
    }

    private func cell(for key: Key) throws -> PostgresCell {
        guard let position = index[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "the row has no such column"))
        }
        return cells[position]
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
    let key: (any CodingKey)?
    var codingPath: [any CodingKey] { key.map { [$0] } ?? [] }
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
        try decodeDirect(type)
    }

    func decode(_ type: String.Type) throws -> String {
        try decodeDirect(type)
    }

    func decode(_ type: Double.Type) throws -> Double {
        try decodeDirect(type)
    }

    func decode(_ type: Float.Type) throws -> Float {
        try decodeDirect(type)
    }

    func decode(_ type: Int.Type) throws -> Int {
        try decodeDirect(type)
    }

    func decode(_ type: Int8.Type) throws -> Int8 {
        try decodeNarrow(type)
    }

    func decode(_ type: Int16.Type) throws -> Int16 {
        try decodeDirect(type)
    }

    func decode(_ type: Int32.Type) throws -> Int32 {
        try decodeDirect(type)
    }

    func decode(_ type: Int64.Type) throws -> Int64 {
        try decodeDirect(type)
    }

    func decode(_ type: UInt.Type) throws -> UInt {
        try decodeNarrow(type)
    }

    func decode(_ type: UInt8.Type) throws -> UInt8 {
        try decodeNarrow(type)
    }

    func decode(_ type: UInt16.Type) throws -> UInt16 {
        try decodeNarrow(type)
    }

    func decode(_ type: UInt32.Type) throws -> UInt32 {
        try decodeNarrow(type)
    }

    func decode(_ type: UInt64.Type) throws -> UInt64 {
        try decodeNarrow(type)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeValue(type)
    }

    /// Through postgres-nio when the type has a Postgres decoding; as a checked conversion for the
    /// integers PostgreSQL lacks; otherwise through the type's own `init(from:)` on this cell
    /// (raw-value enums, wrappers of one value).
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let optional = type as? any OptionalCell.Type {
            return try optional.decode(from: self) as! T  // swift-format-ignore: the cast cannot fail: T is that type
        }
        do {
            return try decodeWithoutJSON(type)
        } catch  where cell.dataType == .json || cell.dataType == .jsonb {
            // A value a `Codable` property holds as JSON (as GRDB decodes a nested `Codable` from its
            // JSON column): what postgres-nio, or the type's own `init(from:)` on the cell, cannot read.
            guard let json = try jsonText() else { throw error }
            return try JSONDecoder().decode(T.self, from: json)
        }
    }

    /// ``decodeValue(_:)`` but for JSON.
    private func decodeWithoutJSON<T: Decodable>(_ type: T.Type) throws -> T {
        // postgres-nio decodes `UInt8` from a `"char"` column (a character's code), not from a number.
        if type == UInt8.self {
            return try decodeNarrow(UInt8.self) as! T  // swift-format-ignore: the cast cannot fail: T is UInt8
        }
        if let decodable = type as? any PostgresDecodable.Type {
            return try decodeDirect(decodable) as! T  // swift-format-ignore: the cast cannot fail: T is that type
        }
        if let integer = type as? any FixedWidthInteger.Type {
            return try decodeNarrow(integer) as! T  // swift-format-ignore: as above
        }
        return try T(from: self)
    }

    /// The text of a `json` or `jsonb` cell, `nil` when NULL. In binary, `jsonb` leads with its
    /// version, 1.
    private func jsonText() throws -> Data? {
        guard var bytes = cell.bytes else { return nil }
        if cell.format == .binary, cell.dataType == .jsonb {
            guard bytes.readInteger(as: UInt8.self) == 1 else { throw mismatch(Data.self) }
        }
        return Data(bytes.readableBytesView)
    }

    /// A value postgres-nio decodes; a NULL is an error unless the type is optional. A `numeric`
    /// (what `avg`, `sum` of `bigint` and a decimal literal give) also decodes into a `Double`,
    /// `Float` or integer, as on SQLite: exactly for an integer (a fraction or a value out of range is
    /// a mismatch), to the nearest value for a floating-point type.
    func decodeDirect<Value: PostgresDecodable>(_ type: Value.Type) throws -> Value {
        guard cell.bytes != nil || Value.self is any ExpressibleByNilLiteral.Type else {
            throw DecodingError.valueNotFound(
                type,
                .init(codingPath: codingPath, debugDescription: "column \(cell.columnName) is NULL")
            )
        }
        if cell.dataType == .numeric, cell.bytes != nil, Value.self != Decimal.self,
            let number = Value.self as? any (LosslessStringConvertible & Numeric).Type
        {
            guard let text = numericText(), let value = number.init(text) as? Value else {
                throw DecodingError.typeMismatch(
                    type,
                    .init(codingPath: codingPath, debugDescription: "column \(cell.columnName) does not fit \(type)")
                )
            }
            return value
        }
        return try cell.decode(type)
    }

    /// The text of a `numeric` cell — its digits (`-12.5`), or `nan`, `inf`, `-inf` — as Swift's
    /// numbers parse it; `nil` when the cell does not read as a numeric. Read from PostgreSQL's binary
    /// form (groups of four digits in base 10,000), not through `Decimal`, which holds fewer digits and
    /// a smaller range than `numeric` (postgres-nio traps on a value beyond it).
    private func numericText() -> String? {
        guard var bytes = cell.bytes else { return nil }
        guard cell.format == .binary else { return String(buffer: bytes) }
        guard let count = bytes.readInteger(as: Int16.self), let weight = bytes.readInteger(as: Int16.self),
            let sign = bytes.readInteger(as: UInt16.self), bytes.readInteger(as: Int16.self) != nil
        else { return nil }
        switch sign {
        case 0xC000: return "nan"
        case 0xD000: return "inf"
        case 0xF000: return "-inf"
        case 0x0000, 0x4000: break
        default: return nil
        }
        var groups: [Int16] = []
        for _ in 0..<max(Int(count), 0) {
            guard let group = bytes.readInteger(as: Int16.self), (0..<10_000).contains(group) else { return nil }
            groups.append(group)
        }
        // Group `i` counts `10_000^(weight - i)`.
        func digits(_ index: Int, padded: Bool) -> String {
            let text = String(index >= 0 && index < groups.count ? groups[index] : 0)
            return padded ? String(repeating: "0", count: 4 - text.count) + text : text
        }
        let integer: String =
            weight < 0 ? "0" : (0...Int(weight)).map { digits($0, padded: $0 > 0) }.joined()
        var fraction: String = stride(from: Int(weight) + 1, to: groups.count, by: 1)
            .map { digits($0, padded: true) }.joined()
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (sign == 0x4000 ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// An integer type PostgreSQL has no column for (`Int8`, the unsigned ones): read from a
    /// `bigint` (or smaller) column, refusing a value that does not fit.
    func decodeNarrow<Value: FixedWidthInteger>(_ type: Value.Type) throws -> Value {
        let wide = try decodeDirect(Int64.self)
        guard let value = Value(exactly: wide) else {
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

/// An `Optional` a cell decodes into: `nil` for NULL, else the wrapped type's value, decoded as that
/// type would be (a `numeric` into `Double?`, a number into `UInt8?`, JSON into a `Codable?`).
private protocol OptionalCell {
    static func decode(from decoder: CellDecoder) throws -> Self
}

extension Optional: OptionalCell where Wrapped: Decodable {
    fileprivate static func decode(from decoder: CellDecoder) throws -> Self {
        decoder.cell.bytes == nil ? nil : try decoder.decodeValue(Wrapped.self)
    }
}
