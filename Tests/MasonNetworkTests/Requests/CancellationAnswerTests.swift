import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTesting
import Testing

/// A cancelled request answers ``NetworkRequestError/canceledByUser`` however it was run: awaited,
/// run with a callback, cancelled through its run, its deferred or its task, before or after it was
/// sent, typed or in the seed's `Result<_, any Error>` and `Either<any Error, _>` shapes, and through
/// the future made from it.
@Suite struct CancellationAnswerTests {
    private let request = NetworkTestSupport.request("https://example.com/held")

    /// The three shapes of a request. `cancelled` runs one and returns its error (`nil` for a
    /// success) once `cancel` — given the run and the deferred — has been applied at `moment`.
    enum Shape: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case typed, result, either
        var testDescription: String { rawValue }

        func cancelled(
            _ request: URLRequest, moment: Moment,
            cancel: @escaping @Sendable (DeferredRun, any AnyCancellableDeferred) -> Void
        ) async -> (any Error)? {
            let stub = moment.stub
            switch self {
            case .typed:
                return await Self.answer(requestAsync(request, transport: stub), stub, moment, cancel) { $0.failure }
            case .result:
                return await Self.answer(requestAsyncR(request, transport: stub), stub, moment, cancel) { $0.failure }
            case .either:
                return await Self.answer(requestAsyncE(request, transport: stub), stub, moment, cancel) { $0.left }
            }
        }

        private static func answer<Value: Sendable>(
            _ deferred: Deferred<Value>, _ stub: StubTransport, _ moment: Moment,
            _ cancel: @escaping @Sendable (DeferredRun, any AnyCancellableDeferred) -> Void,
            error: (Value) -> (any Error)?
        ) async -> (any Error)? {
            let value = await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
                let run = deferred.run { continuation.resume(returning: $0) }
                switch moment {
                case .beforeSending: cancel(run, deferred)
                case .inFlight, .inFlightAnsweredAnyway, .inFlightFailedAnyway:
                    Task {
                        await stub.waitForRequests(count: 1); cancel(run, deferred)
                    }
                }
            }
            return error(value)
        }

        /// The request's value awaited by a task cancelled at `moment`, reduced to its error.
        func awaited(_ request: URLRequest, moment: Moment) async -> (any Error)? {
            let stub = moment.stub
            switch self {
            case .typed: return await Self.awaited(requestAsync(request, transport: stub), stub, moment) { $0.failure }
            case .result:
                return await Self.awaited(requestAsyncR(request, transport: stub), stub, moment) { $0.failure }
            case .either: return await Self.awaited(requestAsyncE(request, transport: stub), stub, moment) { $0.left }
            }
        }

        private static func awaited<Value: Sendable>(
            _ deferred: Deferred<Value>, _ stub: StubTransport, _ moment: Moment, error: (Value) -> (any Error)?
        ) async -> (any Error)? {
            let task = Task {
                if moment == .beforeSending { withUnsafeCurrentTask { $0?.cancel() } }
                return await deferred.value
            }
            if moment != .beforeSending {
                await stub.waitForRequests(count: 1)
                task.cancel()
            }
            return error(await task.value)
        }
    }

    /// When the cancel comes: before the run starts, or once the transport holds the request — which
    /// it then drops, answers with a success all the same, or fails with an error of its own (a
    /// connection torn down by the cancel).
    enum Moment: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case beforeSending, inFlight, inFlightAnsweredAnyway, inFlightFailedAnyway
        var testDescription: String { rawValue }

        var stub: StubTransport {
            switch self {
            case .beforeSending, .inFlight: .suspendingUntilCancelled()
            case .inFlightFailedAnyway: .suspendingUntilCancelled(throwing: URLError(.networkConnectionLost))
            case .inFlightAnsweredAnyway:
                StubTransport { _ in
                    while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                    return .text("answered after the cancel")
                }
            }
        }
    }

    @Test(arguments: Shape.allCases, Moment.allCases)
    func aCancelledRunAnswersCanceledByUser(shape: Shape, moment: Moment) async {
        let answer = await shape.cancelled(request, moment: moment) { run, _ in run.cancel() }
        #expect(answer as? NetworkRequestError == .canceledByUser, "\(String(describing: answer))")
    }

    @Test(arguments: Shape.allCases, Moment.allCases)
    func aCancelledDeferredAnswersCanceledByUser(shape: Shape, moment: Moment) async {
        let answer = await shape.cancelled(request, moment: moment) { _, deferred in deferred.cancel() }
        #expect(answer as? NetworkRequestError == .canceledByUser, "\(String(describing: answer))")
    }

    @Test(arguments: Shape.allCases, Moment.allCases)
    func anAwaitingTaskCancelledAnswersCanceledByUser(shape: Shape, moment: Moment) async {
        let answer = await shape.awaited(request, moment: moment)
        #expect(answer as? NetworkRequestError == .canceledByUser, "\(String(describing: answer))")
    }

    @Test(arguments: [Moment.inFlight, .inFlightAnsweredAnyway, .inFlightFailedAnyway])
    func aDownloadCancelledInFlightAnswersCanceledByUser(moment: Moment) async {
        let stub = moment.stub
        let task = Task { await downloadTask(request, transport: stub).value }
        await stub.waitForRequests(count: 1)
        task.cancel()
        switch await task.value {
        case .failure(let failure): #expect(failure == .canceledByUser)
        case .success((let file, _)):
            try? FileManager.default.removeItem(at: file)
            Issue.record("a cancelled download succeeded")
        }
    }

    @Test func theFutureOfACancelledRequestRejectsWithCanceledByUser() async {
        let stub = StubTransport.suspendingUntilCancelled()
        let deferred = requestAsync(request, transport: stub)
        let future = deferred.future()
        await stub.waitForRequests(count: 1)
        deferred.cancel()
        await #expect(throws: NetworkRequestError.canceledByUser) { try await future.value }
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}

extension Either {
    fileprivate var left: Left? {
        if case .left(let left) = self { left } else { nil }
    }
}
