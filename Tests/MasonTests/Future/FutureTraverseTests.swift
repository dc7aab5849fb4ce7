import Mason
import Testing

@Suite struct FutureTraverseTests {
    private enum Failure: Error, Equatable { case first, second }

    @Test func sequenceResolvesInOrderWhateverOrderTheFuturesResolveIn() async throws {
        let promises = (0..<5).map { _ in Promise<Int>() }
        let all = sequence(promises)
        for index in [3, 0, 4, 1, 2] {
            promises[index].resolve(with: index * 10)
        }
        #expect(try await all.value == [0, 10, 20, 30, 40])
        #expect(try await sequence([Future<Int>]()).value == [])
    }

    @Test func sequenceRejectsWithTheFirstRejection() async {
        let promises = (0..<3).map { _ in Promise<Int>() }
        let all = sequence(promises)
        promises[0].resolve(with: 1)
        promises[2].reject(with: Failure.first)
        promises[1].reject(with: Failure.second)
        await #expect(throws: Failure.first) { try await all.value }
    }

    @Test func traverseStartsAFuturePerElement() async throws {
        let started = Locked<[Int]>([])
        let users = traverse([1, 2, 3]) { id -> Future<String> in
            started.withLock { $0.append(id) }
            return Future(value: "user \(id)")
        }
        #expect(started.withLock { $0 } == [1, 2, 3])  // eager, like every future
        #expect(try await users.value == ["user 1", "user 2", "user 3"])
        #expect(try await traverse(Array(0..<10_000)) { Future(value: $0) }.value == Array(0..<10_000))
    }
}
