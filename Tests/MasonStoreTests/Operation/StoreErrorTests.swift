import MasonStore
import Testing

/// What an error says of a `COMMIT` whose outcome is unknown: never worth retrying, and said in its
/// description. (PostgreSQL's tests lose a real COMMIT's answer; SQLite never sets the flag.)
@Suite struct StoreErrorTests {
    @Test func aCommitInDoubtIsNeverWorthRetrying() {
        var error = StoreError(kind: .serializationFailure, message: "could not serialize access", sql: "COMMIT")
        #expect(error.isWorthRetrying)
        error.isCommitInDoubt = true
        #expect(!error.isWorthRetrying, "running it again might do the work twice")
    }

    @Test func theDescriptionSaysTheCommitsOutcomeIsUnknown() {
        var error = StoreError(kind: .connectionLost, message: "serverClosedConnection", sql: "COMMIT")
        #expect(error.description == "connectionLost: serverClosedConnection — COMMIT")
        error.isCommitInDoubt = true
        let expected = "connectionLost: serverClosedConnection — COMMIT; the COMMIT's outcome is unknown"
        #expect(error.description == expected)
    }
}
