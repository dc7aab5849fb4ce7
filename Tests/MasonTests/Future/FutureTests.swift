import Foundation
import Mason
import Testing

@Suite struct FutureTests {
    enum Failure: Error, Equatable {
        case boom
        case other(Int)
    }

    /// Records what callbacks receive, in order; `Sendable` so callbacks can capture it.
    final class Recorder<Entry: Sendable>: Sendable {
        private let entries = Locked<[Entry]>([])
        func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }
        var all: [Entry] { entries.withLock { $0 } }
    }

    /// Something a callback can capture, to tell whether the callback is still retained.
    final class Token: Sendable {}

    /// The value, or the `Failure`, a future resolved with (nil while pending or for other errors).
    static func outcome<Value: Sendable>(of future: Future<Value>) -> Result<Value, Failure>? {
        let outcome = Locked<Result<Value, Failure>?>(nil)
        future.observe { result in
            outcome.withLock { $0 = result.mapError { $0 as? Failure ?? .other(-1) } }
        }
        return outcome.withLock { $0 }
    }

    // MARK: observe

    @Test func observerRegisteredBeforeResolutionIsCalledWhenResolved() {
        let promise = Promise<Int>()
        let recorder = Recorder<Int>()
        promise.observe { recorder.append((try? $0.get()) ?? -1) }
        #expect(recorder.all.isEmpty)
        #expect(promise.resolve(with: 7))
        #expect(recorder.all == [7])
    }

    @Test func observerRegisteredAfterResolutionIsCalledBeforeObserveReturns() {
        let promise = Promise(value: "done")
        let recorder = Recorder<String>()
        promise.observe { recorder.append((try? $0.get()) ?? "") }
        #expect(recorder.all == ["done"])
        Future(value: 1).observe { _ in recorder.append("resolved future") }
        #expect(recorder.all == ["done", "resolved future"])
    }

    @Test func callbacksRunInRegistrationOrderExactlyOnce() {
        let promise = Promise<Int>()
        let recorder = Recorder<Int>()
        for index in 0..<100 {
            promise.observe { _ in recorder.append(index) }
        }
        promise.resolve(with: 1)
        promise.resolve(with: 2)
        promise.reject(with: Failure.boom)
        #expect(recorder.all == Array(0..<100))
    }

    @Test func laterResolutionsAreIgnoredAndReturnFalse() {
        let promise = Promise<Int>()
        #expect(promise.reject(with: Failure.boom))
        #expect(!promise.resolve(with: 1))
        #expect(!promise.reject(with: Failure.other(2)))
        #expect(Self.outcome(of: promise) == .failure(.boom))

        let resolved = Promise(value: 5)
        #expect(!resolved.resolve(with: 6))
        #expect(Self.outcome(of: resolved) == .success(5))
    }

    @Test func callbacksAreReleasedAfterTheyRun() {
        let promise = Promise<Int>()
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            promise.observe { _ in withExtendedLifetime(token) {} }
        }
        #expect(weakToken != nil)
        promise.resolve(with: 1)
        #expect(weakToken == nil)
    }

    @Test func callbackMayObserveAndResolveFromInsideACallback() {
        let promise = Promise<Int>()
        let recorder = Recorder<String>()
        promise.observe { _ in
            recorder.append("outer")
            promise.observe { _ in recorder.append("inner, synchronously") }
            recorder.append("resolve again: \(promise.resolve(with: 2))")
        }
        promise.resolve(with: 1)
        #expect(recorder.all == ["outer", "inner, synchronously", "resolve again: false"])
    }

    @Test func exactlyOneOfAThousandConcurrentResolversWinsAndEveryObserverGetsItsResultOnce() async throws {
        let promise = Promise<Int>()
        let wins = Locked(0)
        let received = Locked<[Int: [Int]]>([:])  // observer → values it received
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    promise.observe { result in
                        // A rejection by resolver i is recorded as -(i + 1).
                        let value: Int
                        switch result {
                        case .success(let resolved): value = resolved
                        case .failure(Failure.other(let resolver)): value = -(resolver + 1)
                        case .failure: value = .min
                        }
                        received.withLock { $0[index, default: []].append(value) }
                    }
                    let won =
                        index.isMultiple(of: 2)
                        ? promise.resolve(with: index)
                        : promise.reject(with: Failure.other(index))
                    if won { wins.withLock { $0 += 1 } }
                }
            }
        }
        #expect(wins.withLock { $0 } == 1)
        let winner: Int
        switch Self.outcome(of: promise) {
        case .success(let value): winner = value
        case .failure(.other(let index)): winner = -(index + 1)
        default: Issue.record("the promise must be resolved"); return
        }
        let all = received.withLock { $0 }
        #expect(all.count == 1_000)
        #expect(all.values.allSatisfy { $0 == [winner] })
    }

    // MARK: construction

    @Test func resolvedAndRejectedFuturesAreCompleteAtOnce() {
        #expect(Self.outcome(of: Future(value: 1)) == .success(1))
        #expect(Self.outcome(of: Future.pure(2)) == .success(2))
        #expect(Self.outcome(of: Future<Int>(error: Failure.boom)) == .failure(.boom))
        #expect(Self.outcome(of: Promise(value: 3)) == .success(3))
        #expect(Self.outcome(of: Promise<Int>()) == nil)
    }

    // MARK: transformed / chained

    @Test func transformedMapsTheValueAndPassesRejectionsOn() {
        let promise = Promise<Int>()
        let described = promise.transformed { "n = \($0)" }
        #expect(Self.outcome(of: described) == nil)
        promise.resolve(with: 4)
        #expect(Self.outcome(of: described) == .success("n = 4"))

        let calls = Locked(0)
        let rejected = Future<Int>(error: Failure.boom).transformed { n -> Int in
            calls.withLock { $0 += 1 }
            return n
        }
        #expect(Self.outcome(of: rejected) == .failure(.boom))
        #expect(calls.withLock { $0 } == 0)
    }

    @Test func throwingClosuresReject() {
        let mapped = Future(value: 1).transformed { _ -> Int in throw Failure.other(1) }
        #expect(Self.outcome(of: mapped) == .failure(.other(1)))
        let chained = Future(value: 1).chained { _ -> Future<Int> in throw Failure.other(2) }
        #expect(Self.outcome(of: chained) == .failure(.other(2)))
        #expect(Self.outcome(of: Future(value: 1).map { _ -> Int in throw Failure.boom }) == .failure(.boom))
        #expect(
            Self.outcome(of: Future(value: 1).flatMap { _ -> Future<Int> in throw Failure.boom }) == .failure(.boom))
    }

    @Test func chainedFollowsTheInnerFuture() {
        let outer = Promise<Int>()
        let inner = Promise<String>()
        let chained = outer.chained { n in inner.transformed { "\($0) \(n)" } }
        outer.resolve(with: 3)
        #expect(Self.outcome(of: chained) == nil)
        inner.resolve(with: "three:")
        #expect(Self.outcome(of: chained) == .success("three: 3"))

        let innerRejected = Future(value: 1).chained { _ in Future<Int>(error: Failure.other(9)) }
        #expect(Self.outcome(of: innerRejected) == .failure(.other(9)))
        let outerRejected = Future<Int>(error: Failure.boom).chained { Future(value: $0 + 1) }
        #expect(Self.outcome(of: outerRejected) == .failure(.boom))
    }

    @Test func mapAndFlatMapAreTransformedAndChained() {
        #expect(Self.outcome(of: Future(value: 20).map { $0 + 1 }) == .success(21))
        #expect(
            Self.outcome(of: Future(value: 3).flatMap { Future(value: String(repeating: "a", count: $0)) })
                == .success("aaa"))
    }

    @Test func operatorsForwardToTheirNamedTwins() {
        let number = Future(value: 21)
        let doubled: Future<Int> = number <&> { (n: Int) -> Int in n * 2 }
        #expect(Self.outcome(of: doubled) == .success(42))
        let squared: Future<Int> = number >>- { (n: Int) -> Future<Int> in Future(value: n * n) }
        #expect(Self.outcome(of: squared) == .success(441))
        let increment: Future<@Sendable (Int) -> Int> = Future.pure { (n: Int) -> Int in n + 1 }
        let incremented: Future<Int> = increment <*> number
        #expect(Self.outcome(of: incremented) == .success(22))
        #expect(Self.outcome(of: apply(increment, Future<Int>(error: Failure.boom))) == .failure(.boom))
    }

    // MARK: decoded

    struct Product: Codable, Equatable, Sendable {
        let id: Int
        let name: String
    }

    @Test func decodedDecodesJSONData() throws {
        let data = Data(#"{"id": 7, "name": "iPad Pro"}"#.utf8)
        let product: Future<Product> = Future(value: data).decoded()
        #expect(Self.outcome(of: product) == .success(Product(id: 7, name: "iPad Pro")))
        #expect(
            Self.outcome(of: Future(value: data).decoded(as: Product.self))
                == .success(Product(id: 7, name: "iPad Pro")))
    }

    @Test func decodedUsesTheGivenDecoder() {
        struct Item: Decodable, Equatable, Sendable { let itemName: String }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let item = Future(value: Data(#"{"item_name": "lamp"}"#.utf8)).decoded(as: Item.self, using: decoder)
        #expect(Self.outcome(of: item) == .success(Item(itemName: "lamp")))
    }

    @Test func decodingErrorRejectsWithItsCodingPath() async {
        let data = Data(#"{"id": "seven", "name": "iPad Pro"}"#.utf8)
        let product: Future<Product> = Future(value: data).decoded()
        do {
            _ = try await product.value
            Issue.record("decoding must fail")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(type is Int.Type)
            #expect(context.codingPath.map(\.stringValue) == ["id"])
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func decodedPassesARejectionOn() {
        let product: Future<Product> = Future<Data>(error: Failure.boom).decoded()
        #expect(Self.outcome(of: product) == .failure(.boom))
    }

    // MARK: value

    @Test func valueAwaitsAResolutionFromAnotherTask() async throws {
        let promise = Promise<Int>()
        Task { promise.resolve(with: 42) }
        #expect(try await promise.value == 42)
        #expect(try await promise.value == 42)
    }

    @Test func valueThrowsTheRejection() async {
        let promise = Promise<Int>()
        Task { promise.reject(with: Failure.other(3)) }
        await #expect(throws: Failure.other(3)) { try await promise.value }
    }

    @Test func cancellingAnAwaitingTaskThrowsCancellationErrorAndLeavesTheFutureAlone() async throws {
        let promise = Promise<Int>()
        let started = Locked(false)
        let waiting = Task {
            started.withLock { $0 = true }
            return try await promise.value
        }
        while !started.withLock({ $0 }) { await Task.yield() }
        for _ in 0..<10 { await Task.yield() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }

        // The future is unaffected: it is still pending, resolves later, and others still get its value.
        #expect(Self.outcome(of: promise) == nil)
        let other = Task { try await promise.value }
        promise.resolve(with: 5)
        #expect(try await other.value == 5)
    }

    @Test func awaitingInAnAlreadyCancelledTaskThrowsCancellationError() async {
        let promise = Promise<Int>()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await promise.value
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        promise.resolve(with: 1)
        #expect(Self.outcome(of: promise) == .success(1))
    }

    @Test func aResolvedFutureGivesItsValueEvenToACancelledTask() async throws {
        let promise = Promise(value: 8)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await promise.value
        }
        #expect(try await task.value == 8)
    }

    @Test func manyCancelledAwaitersDoNotDisturbTheOthers() async throws {
        let promise = Promise<Int>()
        let cancelled = (0..<50).map { _ in Task { try await promise.value } }
        let kept = (0..<50).map { _ in Task { try await promise.value } }
        for task in cancelled { task.cancel() }
        for task in cancelled {
            await #expect(throws: CancellationError.self) { try await task.value }
        }
        promise.resolve(with: 11)
        for task in kept {
            #expect(try await task.value == 11)
        }
    }

    // MARK: zip

    @Test func zipResolvesWhenEveryFutureHasResolved() throws {
        let first = Promise<Int>()
        let second = Promise<String>()
        let third = Promise<Bool>()
        let zipped = zip(first, second, Future(value: 2.5), third, Future(value: [1, 2]))
        third.resolve(with: true)
        second.resolve(with: "two")
        #expect(Self.outcome(of: zipped.map { _ in 0 }) == nil)
        first.resolve(with: 1)
        let values = try #require(Self.outcome(of: zipped)).get()
        #expect(values.0 == 1 && values.1 == "two" && values.2 == 2.5 && values.3 == true && values.4 == [1, 2])
    }

    @Test func zipRejectsWithTheFirstRejectionWithoutWaitingForTheRest() {
        let first = Promise<Int>()
        let second = Promise<Int>()
        let third = Promise<Int>()
        let zipped = zip(first, second, third)
        third.reject(with: Failure.other(3))
        #expect(Self.outcome(of: zipped.map { $0.0 }) == .failure(.other(3)))
        second.reject(with: Failure.other(2))
        first.resolve(with: 1)
        #expect(Self.outcome(of: zipped.map { $0.0 }) == .failure(.other(3)))
    }

    @Test func zipOfOneAndOfNothing() {
        let single: Future<Int> = zip(Future(value: 1))
        #expect(Self.outcome(of: single) == .success(1))
        #expect(Self.outcome(of: zip().map { _ in "empty" }) == .success("empty"))
    }

    @Test func zipWithTransformsTheValues() {
        let first = Promise<Int>()
        let add: @Sendable (Int, Int, Int) -> Int = { $0 + $1 + $2 }
        let summed = zip(with: add, first, Future(value: 20), Future(value: 2))
        #expect(Self.outcome(of: summed) == nil)
        first.resolve(with: 20)
        #expect(Self.outcome(of: summed) == .success(42))
        let rejected = zip(with: { (a: Int, b: Int) in a + b }, Future(value: 1), Future<Int>(error: Failure.boom))
        #expect(Self.outcome(of: rejected) == .failure(.boom))
    }

    @Test func zipOfFuturesResolvedConcurrentlyResolvesOnce() async throws {
        let promises = (0..<8).map { _ in Promise<Int>() }
        let zipped = zip(
            promises[0], promises[1], promises[2], promises[3], promises[4], promises[5], promises[6], promises[7])
        let calls = Locked(0)
        zipped.observe { _ in calls.withLock { $0 += 1 } }
        await withTaskGroup(of: Void.self) { group in
            for (index, promise) in promises.enumerated() {
                group.addTask { promise.resolve(with: index) }
            }
        }
        let values = try await zipped.value
        #expect([values.0, values.1, values.2, values.3, values.4, values.5, values.6, values.7] == Array(0..<8))
        #expect(calls.withLock { $0 } == 1)
    }
}
