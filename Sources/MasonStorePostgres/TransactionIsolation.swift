/// The isolation level of the transactions an operation runs in on PostgreSQL.
///
/// `readCommitted` is PostgreSQL's default. Under `serializable`, concurrent operations behave as if
/// they ran one after another; a conflict fails one of them with
/// `StoreError.Kind.serializationFailure`, which `operate(in:isolation:retrying:clock:logger:)` retries.
///
/// ```swift
/// try await increment.save().operate(in: client, isolation: .serializable, retrying: .immediate(retries: 20))
/// ```
public enum TransactionIsolation: String, Sendable, Hashable, CaseIterable {
    /// Each statement sees what was committed before it began (PostgreSQL's default).
    case readCommitted = "READ COMMITTED"
    /// Every statement sees what was committed before the transaction's first statement.
    case repeatableRead = "REPEATABLE READ"
    /// The transaction behaves as if no other ran at the same time; conflicts fail with `40001`.
    case serializable = "SERIALIZABLE"
}
