import Mason
import Testing

/// `IO(deferred:)` blocks its caller but never needs Swift's cooperative pool: sixteen blocking runs at
/// once from the pool's own threads (two on a two-core machine) all finish, with the tasks Mason starts
/// for them (a zip's children) and their sleeps.
@Suite struct QueueExecutorTests {
    @Test func sixteenBlockingRunsFromPoolThreadsAllFinish() async {
        let pair = zip(
            Deferred {
                try? await Task.sleep(for: .milliseconds(50)); return 20
            },
            Deferred {
                try? await Task.sleep(for: .milliseconds(50)); return 22
            })
        let blocking = IO(deferred: pair.map { $0 + $1 })
        let sums = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<16 { group.addTask { blocking.unsafeRun() } }  // blocks a pool thread each
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(sums == Array(repeating: 42, count: 16))
    }

    @Test func aBlockingRunInsideABlockingRunFinishes() async {
        let inner = IO(
            deferred: Deferred {
                try? await Task.sleep(for: .milliseconds(10)); return 41
            })
        let outer = IO(deferred: Deferred(io: inner).map { $0 + 1 })
        let answers = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 { group.addTask { outer.unsafeRun() } }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(answers == [42, 42, 42, 42])
    }
}
