import Dispatch
import Foundation
import Mason
import MasonStorePostgres
import PostgresNIO
import Testing

/// A `COMMIT` whose answer never came is in doubt: the server may have committed. The error says so,
/// and only then: a proxy between client and server lets the server run the statement and loses its
/// answer for real, and the table, read on a connection of its own, shows what the server did.
@Suite(.enabled(if: PostgresServer.url != nil, PostgresServer.skipReason), .timeLimit(.minutes(5)))
struct InDoubtCommitTests {
    @Test func aCommitWhoseAnswerIsLostIsInDoubtThoughTheServerCommitted() async throws {
        let table = try await makeTable("in_doubt")
        let proxy = try await startProxy(dropping: "COMMIT", occurrence: 2)
        let twoSaves: DataOperation<PostgresContext, Void> = insert(1, into: table).save()
            .flatMap { _ in insert(2, into: table).save() }
        let error: StoreError? = await #expect(throws: StoreError.self) {
            try await withClient(through: proxy) { client in try await twoSaves.operate(in: client) }
        }
        await proxy.stop()
        #expect(await proxy.droppedAnswer() == "COMMIT", "the server committed, and the client never heard")
        #expect(error?.kind == .connectionLost)
        #expect(error?.isCommitInDoubt == true)
        #expect(error?.savesBeforeFailure == 1, "the save in doubt is not counted")
        #expect(error?.sql == "COMMIT")
        #expect(error?.isWorthRetrying == false)
        let description: String = error.map { String(describing: $0) } ?? ""
        #expect(description.hasSuffix("; the COMMIT's outcome is unknown"))
        #expect(try await rows(of: table) == [1, 2], "the save in doubt did commit")
    }

    @Test func aCommitCancelledWhileAwaitingItsAnswerIsInDoubt() async throws {
        let table = try await makeTable("in_doubt_cancelled")
        let proxy = try await startProxy(dropping: "COMMIT", then: .keepOpen)
        let saved: DataOperation<PostgresContext, Void> = insert(1, into: table).save()
        let error: StoreError? = await #expect(throws: StoreError.self) {
            try await withClient(through: proxy) { client in
                let run: Task<Void, any Error> = Task { try await saved.operate(in: client) }
                // The server has committed and the answer is held back: the COMMIT awaits it.
                _ = await proxy.droppedAnswer()
                run.cancel()
                try await run.value
            }
        }
        await proxy.stop()
        #expect(error?.kind == .cancelled)
        #expect(error?.isCommitInDoubt == true)
        #expect(error?.savesBeforeFailure == 0)
        #expect(try await rows(of: table) == [1], "the cancelled save did commit")
    }

    /// PostgreSQL ends the session with a `FATAL` error even after it committed: a backend
    /// terminated while its `COMMIT` waited for a synchronous standby says "the transaction has
    /// already committed locally". The proxy lets the server commit and answers with that error.
    @Test func aCommitAnsweredByEndingTheSessionIsInDoubt() async throws {
        let table = try await makeTable("in_doubt_fatal")
        let proxy = try await startProxy(dropping: "COMMIT", then: .endSession(sqlState: "57P01"))
        let saved: DataOperation<PostgresContext, Void> = insert(1, into: table).save()
        let error: StoreError? = await #expect(throws: StoreError.self) {
            try await withClient(through: proxy) { client in try await saved.operate(in: client) }
        }
        await proxy.stop()
        #expect(await proxy.droppedAnswer() == "COMMIT")
        #expect(error?.kind == .connectionLost)
        #expect(error?.sqlState == "57P01", "the server's own error is kept")
        #expect(error?.isCommitInDoubt == true)
        #expect(error?.isWorthRetrying == false)
        #expect(try await rows(of: table) == [1], "the save in doubt did commit")
    }

    /// A pooler whose connection to the server failed while `COMMIT` was on it answers with an error
    /// of severity `ERROR` (PgBouncer's "server conn crashed?", `08P01`): the server may have
    /// committed, so the save is in doubt. (Before, any `ERROR` answer counted as a rollback.)
    @Test func aCommitAnsweredWithAConnectionErrorByAPoolerIsInDoubt() async throws {
        let table = try await makeTable("in_doubt_pooler")
        let proxy = try await startProxy(dropping: "COMMIT", then: .failAsAPooler(sqlState: "08P01"))
        let saved: DataOperation<PostgresContext, Void> = insert(1, into: table).save()
        let error: StoreError? = await #expect(throws: StoreError.self) {
            try await withClient(through: proxy) { client in try await saved.operate(in: client) }
        }
        await proxy.stop()
        #expect(await proxy.droppedAnswer() == "COMMIT")
        #expect(error?.sqlState == "08P01")
        #expect(error?.isCommitInDoubt == true)
        #expect(try await rows(of: table) == [1], "the save in doubt did commit")
    }

    /// An answer to `COMMIT` that the client cannot read (postgres-nio then closes the connection)
    /// says nothing of what the server did: in doubt, as a lost answer is.
    @Test func aCommitWhoseAnswerCannotBeReadIsInDoubt() async throws {
        let table = try await makeTable("in_doubt_garbled")
        let proxy = try await startProxy(dropping: "COMMIT", then: .garble)
        let saved: DataOperation<PostgresContext, Void> = insert(1, into: table).save()
        let error: StoreError? = await #expect(throws: StoreError.self) {
            try await withClient(through: proxy) { client in try await saved.operate(in: client) }
        }
        await proxy.stop()
        #expect(await proxy.droppedAnswer() == "COMMIT")
        #expect(error?.kind == .connectionLost)
        #expect(error?.isCommitInDoubt == true)
        #expect(try await rows(of: table) == [1], "the save in doubt did commit")
    }

    /// A body that catches the error of a save in doubt and throws one of its own: the operation fails
    /// with the body's error, still flagged in doubt, so that a retry policy does not run the work
    /// again (here, before the fix, a second attempt inserted the row again and hit its key).
    @Test func aBodyThatThrowsAfterASaveInDoubtKeepsTheDoubt() async throws {
        let table = try await makeTable("in_doubt_rethrown")
        let proxy = try await startProxy(dropping: "COMMIT")
        let attempts = Locked(0)
        let insertAndSave = DataOperation<PostgresContext, Void> { db in
            attempts.withLock { $0 += 1 }
            try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)"))
            do {
                try db.saveChanges()
            } catch {
                throw StoreError(kind: .serializationFailure, message: "the body's own error")
            }
        }
        let error: StoreError? = await #expect(throws: StoreError.self) {
            try await withClient(through: proxy) { client in
                try await insertAndSave.operate(in: client, retrying: .immediate(retries: 3))
            }
        }
        await proxy.stop()
        #expect(error?.kind == .serializationFailure, "the body's error is the one reported")
        #expect(error?.isCommitInDoubt == true)
        #expect(error?.isWorthRetrying == false)
        #expect(attempts.withLock { $0 } == 1, "work in doubt is not retried")
        #expect(try await rows(of: table) == [1])
    }

    /// A `ResultDataOperation` whose body maps the failed save to its own typed failure: the doubt is
    /// not lost in the `Result` — the call throws the `StoreError`, flagged in doubt, so that a caller
    /// that retries a `.failure` does not record the work twice. (Before, it returned
    /// `.failure(.storeUnavailable)`, with nothing to say the row was committed.)
    @Test func aResultOperationWhoseSaveIsInDoubtThrowsTheDoubt() async throws {
        enum PaymentFailure: Error, Equatable { case storeUnavailable }
        let table = try await makeTable("in_doubt_result")
        let proxy = try await startProxy(dropping: "COMMIT")
        let pay = ResultDataOperation<PostgresContext, Int, PaymentFailure> { db in
            try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)"))
            do {
                try db.saveChanges()
            } catch {
                return .failure(.storeUnavailable)
            }
            return .success(1)
        }
        let error: StoreError? = await #expect(throws: StoreError.self) {
            try await withClient(through: proxy) { client in _ = try await pay.operate(in: client) }
        }
        await proxy.stop()
        #expect(error?.isCommitInDoubt == true)
        #expect(error?.underlying as? PaymentFailure == .storeUnavailable, "the operation's own failure stays readable")
        #expect(try await rows(of: table) == [1], "the save in doubt did commit")
    }

    @Test func aConnectionLostBeforeTheCommitIsNotInDoubt() async throws {
        let table = try await makeTable("lost_before_commit")
        let proxy = try await startProxy(dropping: "INSERT INTO \(table) VALUES (2)")
        let twoSaves: DataOperation<PostgresContext, Void> = insert(1, into: table).save()
            .flatMap { _ in insert(2, into: table).save() }
        let error: StoreError? = await #expect(throws: StoreError.self) {
            try await withClient(through: proxy) { client in try await twoSaves.operate(in: client) }
        }
        await proxy.stop()
        #expect(await proxy.droppedAnswer() == "INSERT 0 1", "the server ran the insert, in a transaction")
        #expect(error?.kind == .connectionLost)
        #expect(error?.isCommitInDoubt == false)
        #expect(error?.savesBeforeFailure == 1)
        let description: String = error.map { String(describing: $0) } ?? ""
        #expect(!description.contains("outcome is unknown"))
        #expect(try await rows(of: table) == [1], "the server rolled back the unsaved insert")
    }

    @Test func aSaveOnAConnectionLostBeforeItsCommitIsNotInDoubt() async throws {
        let table = try await makeTable("lost_before_save")
        let proxy = try await startProxy(dropping: "SELECT 1")
        let swallowingTheLoss = DataOperation<PostgresContext, Void> { db in
            try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)"))
            do { _ = try db.fetchOne(Int.self, "SELECT 1") } catch {}  // the connection is lost, ignored
        }
        let error: StoreError? = await #expect(throws: StoreError.self) {
            try await withClient(through: proxy) { client in try await swallowingTheLoss.save().operate(in: client) }
        }
        await proxy.stop()
        #expect(error?.kind == .connectionLost)
        #expect(error?.isCommitInDoubt == false, "COMMIT was never sent on the closed connection")
        #expect(error?.savesBeforeFailure == 0)
        #expect(try await rows(of: table) == [])
    }

    /// `saveChanges()` called in a cancelled task, the connection already closed: `save()` checks for
    /// cancellation before it calls it, so the body calls it itself, and only `saveChanges`'s own check
    /// stands between it and a `COMMIT` sent on a closed connection (which would be in doubt).
    @Test func aSaveCancelledBeforeItsCommitIsNotInDoubt() async throws {
        let table = try await makeTable("cancelled_before_commit")
        let inserted = DispatchSemaphore(value: 0)
        let cancelled = DispatchSemaphore(value: 0)
        let insertWaitThenSave = DataOperation<PostgresContext, Void> { db in
            try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (1)"))
            inserted.signal()
            _ = cancelled.wait(timeout: .now() + .seconds(240))
            try db.saveChanges()
        }
        let run: Task<Void, any Error> = Task { try await insertWaitThenSave.operate(in: PostgresServer.client) }
        // Waited for on a queue of its own: a blocked thread of the cooperative pool would stall others.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue(label: "test.inserted").async {
                _ = inserted.wait(timeout: .now() + .seconds(240))
                continuation.resume()
            }
        }
        run.cancel()  // closes the connection before the body returns, so COMMIT is never sent
        cancelled.signal()
        let error: StoreError? = await #expect(throws: StoreError.self) { try await run.value }
        #expect(error?.kind == .cancelled)
        #expect(error?.isCommitInDoubt == false)
        #expect(try await rows(of: table) == [])
    }

    // MARK: - Helpers

    /// Inserts `value`, spelled out in the SQL so that the proxy can recognise the statement.
    private func insert(_ value: Int, into table: String) -> DataOperation<PostgresContext, Void> {
        DataOperation { db in try db.execute(PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (\(value))")) }
    }

    /// A proxy in front of the test server.
    private func startProxy(
        dropping trigger: String,
        occurrence: Int = 1,
        then afterwards: AnswerDroppingProxy.Afterwards = .closeClientSide
    ) async throws -> AnswerDroppingProxy {
        let server = try #require(PostgresServer.url.flatMap { URLComponents(string: $0) })
        let host: String = try #require(server.host)
        let port: Int = try #require(server.port)
        return try await AnswerDroppingProxy.start(
            forwardingTo: host, port: port, dropping: trigger, occurrence: occurrence, then: afterwards)
    }

    /// Runs `body` with a client of one connection, through `proxy`.
    private func withClient(
        through proxy: AnswerDroppingProxy,
        _ body: @Sendable (PostgresClient) async throws -> Void
    ) async throws {
        var address = try #require(PostgresServer.url.flatMap { URLComponents(string: $0) })
        address.port = proxy.port
        var configuration = try #require(address.string.flatMap { PostgresServer.configuration($0) })
        configuration.options.maximumConnections = 1
        let client = PostgresClient(configuration: configuration)
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await body(client)
        }
    }
}
