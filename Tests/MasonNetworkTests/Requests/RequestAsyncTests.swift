import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTesting
import Testing

@Suite struct RequestAsyncTests {
    private let request = NetworkTestSupport.request("https://example.com/slow")

    /// Runs `deferred`, cancels the run once the stub has the request, and returns every value the run
    /// delivered: the first as soon as it arrives, then whatever else came after a few more turns.
    private static func cancelledRun<Value: Sendable>(
        _ deferred: Deferred<Value>, stub: StubTransport, cancel: @escaping @Sendable (DeferredRun) -> Void
    ) async -> [Value] {
        let delivered = Locked<[Value]>([])
        await withCheckedContinuation { continuation in
            let run = deferred.run { value in
                let isFirst = delivered.withLock { delivered in
                    delivered.append(value)
                    return delivered.count == 1
                }
                if isFirst { continuation.resume() }
            }
            Task {
                await stub.waitForRequests(count: 1)
                cancel(run)
            }
        }
        for _ in 0..<50 { await Task.yield() }
        return delivered.withLock { $0 }
    }

    @Test func theTypedRequestReturnsTheBody() async throws {
        let stub = StubTransport(.text("hello"))
        #expect(try await requestAsync(request, transport: stub).value.get() == Data("hello".utf8))
        #expect(try await (request |> requestAsync(transport: stub)).value.get() == Data("hello".utf8))
    }

    @Test func theSeedShapedRequestsCarryANetworkRequestError() async {
        let stub = StubTransport(.status(500))
        let result = await requestAsyncR(request, transport: stub).value
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect((error as? NetworkRequestError)?.statusCode == 500)
        let either = await requestAsyncE(request, transport: stub).value
        guard case .left(let left) = either else {
            Issue.record("expected a left")
            return
        }
        #expect((left as? NetworkRequestError)?.statusCode == 500)
    }

    @Test func cancellingARunReportsCanceledByUserExactlyOnce() async {
        let stub = StubTransport.suspendingUntilCancelled()
        let delivered = await Self.cancelledRun(requestAsync(request, transport: stub), stub: stub) { $0.cancel() }
        #expect(delivered == [.failure(.canceledByUser)])
        #expect(stub.requests.count == 1)
    }

    @Test func cancellingTheDeferredItselfReportsCanceledByUserExactlyOnce() async {
        // FunNetworking's way: `request.cancel()` on the deferred.
        let stub = StubTransport.suspendingUntilCancelled(throwing: CancellationError())
        let deferred = requestAsync(request, transport: stub)
        let delivered = await Self.cancelledRun(deferred, stub: stub) { _ in deferred.cancel() }
        #expect(delivered == [.failure(.canceledByUser)])
    }

    @Test func aCancelledSeedShapedRunDeliversOneCancellation() async {
        // A cancelled run delivers the failure its work reported: the request's own `canceledByUser`,
        // as FunNetworking promised — also through the untyped `Result<_, any Error>`.
        let stub = StubTransport.suspendingUntilCancelled()
        let delivered = await Self.cancelledRun(requestAsyncR(request, transport: stub), stub: stub) { $0.cancel() }
        #expect(delivered.count == 1)
        if case .failure(let error)? = delivered.first {
            #expect(error as? NetworkRequestError == .canceledByUser)
        } else {
            Issue.record("expected a cancellation, got \(delivered)")
        }
        let awaited = Task { await requestAsyncR(request, transport: stub).value }
        await stub.waitForRequests(count: 2)
        awaited.cancel()
        guard case .failure(let error) = await awaited.value else {
            Issue.record("expected a failure")
            return
        }
        #expect(error as? NetworkRequestError == .canceledByUser)
    }

    @Test func cancellingAZipCancelsBothRequests() async {
        let stub = StubTransport.suspendingUntilCancelled()
        let both = Mason.zip(requestAsync(request, transport: stub), requestAsync(request, transport: stub))
        let task = Task { await both.value }
        await stub.waitForRequests(count: 2)
        both.cancel()
        let (first, second) = await task.value
        #expect(first == .failure(.canceledByUser))
        #expect(second == .failure(.canceledByUser))
    }

    @Test func aTaskCancelledBeforeTheRunSendsNothing() async {
        let stub = StubTransport(.status(200))
        let deferred = requestAsync(request, transport: stub)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await deferred.value
        }
        #expect(await task.value == .failure(.canceledByUser))
        #expect(stub.requests.isEmpty)
    }

    @Test func aRunAfterACancelledRunSendsAgain() async throws {
        let stub = StubTransport.sequence([.text("first"), .text("second")])
        let deferred = requestAsync(request, transport: stub)
        deferred.cancel()  // nothing running: no effect on later runs
        #expect(try await deferred.value.get() == Data("first".utf8))
        #expect(try await deferred.value.get() == Data("second".utf8))
    }
}
