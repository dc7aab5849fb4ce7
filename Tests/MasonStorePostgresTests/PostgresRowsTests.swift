import Foundation
import Mason
import MasonStorePostgres
import PostgresNIO
import Testing

/// Rows decode into `Decodable` records, and every interpolated value is a bound parameter.
@Suite(.enabled(if: PostgresServer.url != nil, PostgresServer.skipReason), .timeLimit(.minutes(10)))
struct PostgresRowsTests {
    let client = PostgresServer.client

    enum Mood: String, Codable, Sendable { case calm, loud }

    struct Baby: Codable, Sendable, Equatable {
        var id: Int
        var name: String
        var nickname: String?
        var born: Date
        var tag: UUID
        var weight: Double
        var mood: Mood
        var siblings: UInt32
    }

    @Test func recordsRoundTripWithBoundParameters() async throws {
        let table = PostgresServer.uniqueName("baby")
        let born = Date(timeIntervalSince1970: 1_700_000_000)
        let tag = UUID()
        // A name that would break SQL spliced in as text: bound, it is stored as written.
        let name = "Bobby'); DROP TABLE \(table); --"
        let create = DataOperation<PostgresContext, Int>.execute(
            PostgresQuery(
                unsafeSQL: """
                    CREATE TABLE \(table) (id serial PRIMARY KEY, name text NOT NULL, nickname text,
                    born timestamptz NOT NULL, tag uuid NOT NULL, weight float8 NOT NULL, mood text NOT NULL,
                    siblings int NOT NULL)
                    """
            )
        )
        let insert = DataOperation<PostgresContext, Baby?>.fetchOne(
            Baby.self,
            """
            INSERT INTO \(unescaped: table) (name, nickname, born, tag, weight, mood, siblings)
            VALUES (\(name), \(String?.none), \(born), \(tag), \(3.25), \(Mood.loud.rawValue), \(2))
            RETURNING *
            """
        )
        let inserted = try await create.flatMap { _ in insert }.save().operate(in: client)
        let expected = Baby(
            id: 1, name: name, nickname: nil, born: born, tag: tag, weight: 3.25, mood: .loud, siblings: 2
        )
        #expect(inserted == expected)
        let all = try await DataOperation.fetchAll(Baby.self, "SELECT * FROM \(unescaped: table)").operate(in: client)
        #expect(all == [expected])
    }

    @Test func aSingleColumnDecodesIntoPlainValues() async throws {
        let numbers = try await DataOperation.fetchAll(Int.self, "SELECT generate_series(1, \(5))").operate(in: client)
        #expect(numbers == [1, 2, 3, 4, 5])
        let none = try await DataOperation.fetchOne(String.self, "SELECT 'x' WHERE false").operate(in: client)
        #expect(none == nil)
    }

    @Test func rowsStreamInOrderAndAThrowMidwayLeavesTheConnectionReady() async throws {
        let sum = try await DataOperation<PostgresContext, Int> { db in
            var sum = 0
            var expected = 1
            try db.forEachRow("SELECT generate_series(1, \(100_000))") { row in
                let value = try row.decode(Int.self)
                #expect(value == expected)
                expected += 1
                sum += value
            }
            return sum
        }
        .operate(in: client)
        #expect(sum == 100_000 * 100_001 / 2)
        let stopped = DataOperation<PostgresContext, Int> { db in
            var seen = 0
            do {
                try db.forEachRow("SELECT generate_series(1, \(50_000))") { _ in
                    seen += 1
                    if seen == 10 { throw Refusal() }
                }
            } catch is Refusal {}
            // The same connection, in the same transaction, answers the next statement.
            return try db.fetchOne(Int.self, "SELECT \(seen) + 1") ?? 0
        }
        #expect(try await stopped.operate(in: client) == 11)
    }

    @Test func integersPostgreSQLLacksAreCheckedConversions() async throws {
        struct Small: Decodable, Sendable, Equatable {
            var tiny: Int8
            var count: UInt64
        }
        let row = try await DataOperation.fetchOne(Small.self, "SELECT 7::int2 AS tiny, 9::int8 AS count")
            .operate(in: client)
        #expect(row == Small(tiny: 7, count: 9))
        let overflow = await #expect(throws: StoreError.self) {
            try await DataOperation.fetchOne(Small.self, "SELECT 300 AS tiny, 1 AS count").operate(in: client)
        }
        #expect(overflow?.kind == .typeMismatch)
    }

    @Test func aUInt8IsACheckedConversionLikeTheOtherUnsignedIntegers() async throws {
        struct Small: Decodable, Sendable, Equatable { var byte: UInt8 }
        #expect(try await DataOperation.fetchOne(UInt8.self, "SELECT 7::int2").operate(in: client) == 7)
        let row = try await DataOperation.fetchOne(Small.self, "SELECT 255 AS byte").operate(in: client)
        #expect(row == Small(byte: 255))
        let overflow = await #expect(throws: StoreError.self) {
            try await DataOperation.fetchOne(Small.self, "SELECT 256 AS byte").operate(in: client)
        }
        #expect(overflow?.kind == .typeMismatch)
        let character = await #expect(throws: StoreError.self) {
            try await DataOperation.fetchOne(UInt8.self, "SELECT 'A'::\"char\"").operate(in: client)
        }
        #expect(character?.kind == .typeMismatch, "a \"char\" is a character, not a number")
    }

    /// A `numeric` — what `avg`, `sum` of a `bigint` and a decimal literal give — decodes into a
    /// `Double` or an integer, as the same query does on SQLite; an integer refuses a fraction, and the
    /// mismatch names no value. (Before, every one of these was a type mismatch: postgres-nio decodes a
    /// `Double` from `float4`/`float8` only.)
    @Test func aNumericDecodesIntoADoubleOrAnExactInteger() async throws {
        struct Summary: Decodable, Sendable { var mean: Double; var total: Int }
        let summary = try await DataOperation.fetchAll(
            Summary.self, "SELECT avg(x) AS mean, sum(x) AS total FROM (VALUES (1::bigint), (2)) AS t(x)"
        ).operate(in: client)
        #expect(summary.map(\.mean) == [1.5])
        #expect(summary.map(\.total) == [3])
        #expect(try await DataOperation.fetchAll(Double.self, "SELECT 2.25::numeric").operate(in: client) == [2.25])
        #expect(try await DataOperation.fetchAll(Int64.self, "SELECT 12::numeric").operate(in: client) == [12])
        let fraction = await #expect(throws: StoreError.self) {
            try await DataOperation.fetchAll(Int.self, "SELECT 1234.5::numeric").operate(in: client)
        }
        #expect(fraction?.kind == .typeMismatch)
        #expect(!String(describing: fraction).contains("1234"))
    }

    /// A nullable aggregate reads as an optional. (Before: `Double?` was a type mismatch.)
    @Test func numericOptionals() async throws {
        let average = "SELECT avg(x) FROM (VALUES (1::bigint), (2)) AS t(x)"
        let mean: Double?? = try await DataOperation.fetchOne(Double?.self, PostgresQuery(unsafeSQL: average))
            .operate(in: client)
        let expectedMean: Double?? = 1.5
        #expect(mean == expectedMean)
        let none: Double?? = try await DataOperation.fetchOne(
            Double?.self, PostgresQuery(unsafeSQL: average + " WHERE false")
        ).operate(in: client)
        let expectedNone: Double?? = .some(nil)
        #expect(none == expectedNone)
    }

    /// A numeric beyond `Decimal`'s range, `NaN` and the infinities read as a `Double` does them, and
    /// an integer refuses them. (Before: `NaN` read as 0, and 1e200 trapped in postgres-nio's
    /// `Decimal`.)
    @Test func numericEdges() async throws {
        let edges: [Double] = try await DataOperation.fetchAll(
            Double.self,
            """
            SELECT x FROM (VALUES (1, 10::numeric ^ 200), (2, 'NaN'), (3, 'Infinity'), (4, '-Infinity'),
            (5, -0.000125), (6, 123456789.000100)) AS t(i, x) ORDER BY i
            """
        ).operate(in: client)
        let huge: Double = 1e200
        let rest: [Double] = [Double.infinity, -Double.infinity, -0.000125, 123_456_789.0001]
        #expect(edges.count == 6)
        #expect(edges.first == huge)
        #expect(edges.dropFirst().first?.isNaN == true)
        #expect(Array(edges.dropFirst(2)) == rest)
        let notAnInteger = await #expect(throws: StoreError.self) {
            try await DataOperation.fetchAll(Int.self, "SELECT 'NaN'::numeric").operate(in: client)
        }
        #expect(notAnInteger?.kind == .typeMismatch)
        let whole: [Int] = try await DataOperation.fetchAll(Int.self, "SELECT 120000.000::numeric").operate(in: client)
        #expect(whole == [120_000])
        let small: UInt8?? = try await DataOperation.fetchOne(UInt8?.self, "SELECT 7::int2").operate(in: client)
        let expectedSmall: UInt8?? = 7
        #expect(small == expectedSmall)
    }

    /// A JSON column decodes into an array too, and a type reading the JSON as text still can.
    @Test func aJSONArrayAndJSONAsTextDecode() async throws {
        #expect(
            try await DataOperation.fetchOne([String].self, #"SELECT '["a","b"]'::jsonb"#).operate(in: client) == [
                "a", "b"
            ])
        #expect(
            try await DataOperation.fetchOne(String.self, #"SELECT '{"a":1}'::json"#).operate(in: client) == #"{"a":1}"#
        )
    }

    /// A property of a `Codable` type that PostgreSQL holds as `jsonb` (or `json`) decodes from it, as
    /// GRDB decodes a nested `Codable` from its JSON column. (Before, a type mismatch.)
    @Test func aNestedCodableDecodesFromItsJSONColumn() async throws {
        struct Meta: Codable, Sendable, Equatable { var tags: [String]; var weight: Double }
        struct Item: Decodable, Sendable, Equatable { var id: Int; var meta: Meta; var note: Meta? }
        let items = try await DataOperation.fetchAll(
            Item.self,
            """
            SELECT 1 AS id, '{"tags":["a","b"],"weight":2.5}'::jsonb AS meta, NULL::jsonb AS note
            UNION ALL SELECT 2, '{"tags":[],"weight":0}'::jsonb, '{"tags":["c"],"weight":1}'::jsonb
            """
        ).operate(in: client)
        #expect(
            items == [
                Item(id: 1, meta: Meta(tags: ["a", "b"], weight: 2.5), note: nil),
                Item(id: 2, meta: Meta(tags: [], weight: 0), note: Meta(tags: ["c"], weight: 1))
            ])
        let plain = try await DataOperation.fetchOne(
            Item.self, #"SELECT 3 AS id, '{"tags":["d"],"weight":3}'::json AS meta, NULL::json AS note"#
        ).operate(in: client)
        #expect(plain == Item(id: 3, meta: Meta(tags: ["d"], weight: 3), note: nil))
    }

    @Test func aMissingColumnOrANullIsATypeMismatch() async throws {
        struct Named: Decodable, Sendable { var name: String }
        let missing = await #expect(throws: StoreError.self) {
            try await DataOperation.fetchAll(Named.self, "SELECT 1 AS id").operate(in: client)
        }
        #expect(missing?.kind == .typeMismatch)
        let null = await #expect(throws: StoreError.self) {
            try await DataOperation.fetchAll(Named.self, "SELECT NULL::text AS name").operate(in: client)
        }
        #expect(null?.kind == .typeMismatch)
        let negative = await #expect(throws: StoreError.self) {
            try await DataOperation.fetchAll(UInt.self, "SELECT -1").operate(in: client)
        }
        #expect(negative?.kind == .typeMismatch)
    }

    @Test func aNestedOperateIsASavepoint() async throws {
        let table = PostgresServer.uniqueName("nest")
        let insert = { @Sendable (value: Int) in
            DataOperation<PostgresContext, Int>.execute("INSERT INTO \(unescaped: table) VALUES (\(value))")
        }
        let failing = insert(2).flatMap { _ in DataOperation<PostgresContext, Int>.fail(Refusal()) }
        let operation = DataOperation<PostgresContext, [Int]> { db in
            try db.execute(PostgresQuery(unsafeSQL: "CREATE TABLE \(table) (value int)"))
            _ = try insert(1).operate(in: db)
            #expect(throws: StoreError.self) { try failing.operate(in: db) }
            return try db.fetchAll(Int.self, "SELECT value FROM \(unescaped: table) ORDER BY value")
        }
        #expect(try await operation.save().operate(in: client) == [1])
    }
}
