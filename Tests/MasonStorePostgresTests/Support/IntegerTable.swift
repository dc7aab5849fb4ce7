import MasonStorePostgres
import PostgresNIO

/// Creates a table of one integer column `v` (the primary key) on the test server, with a name of its
/// own, and returns the name.
func makeTable(_ prefix: String) async throws -> String {
    let table: String = PostgresServer.uniqueName(prefix)
    let create = DataOperation<PostgresContext, Int>.execute(
        PostgresQuery(unsafeSQL: "CREATE TABLE \(table) (v int PRIMARY KEY)"))
    try await create.save().operate(in: PostgresServer.client)
    return table
}

/// The values of a table ``makeTable(_:)`` made, in order, read on the tests' own client: what the
/// server really holds.
func rows(of table: String) async throws -> [Int] {
    let select = DataOperation<PostgresContext, [Int]>.fetchAll(
        Int.self, PostgresQuery(unsafeSQL: "SELECT v FROM \(table) ORDER BY v"))
    return try await select.operate(in: PostgresServer.client)
}
