import Mason
import Testing

@Suite struct IOTraverseTests {
    @Test func sequenceRunsEveryEffectInOrderOnEachRun() {
        let runs = Locked<[Int]>([])
        let effects = (1...3).map { n in
            IO {
                runs.withLock { $0.append(n) }; return n * 10
            }
        }
        let all = sequence(effects)
        #expect(runs.withLock { $0 }.isEmpty)  // lazy
        #expect(all.unsafeRun() == [10, 20, 30])
        #expect(all.unsafeRun() == [10, 20, 30])
        #expect(runs.withLock { $0 } == [1, 2, 3, 1, 2, 3])
        #expect(sequence([IO<Int>]()).unsafeRun() == [])
    }

    @Test func traverseBuildsAndRunsAnEffectPerElement() {
        let users = traverse([1, 2, 3]) { id in IO { "user \(id)" } }
        #expect(users.unsafeRun() == ["user 1", "user 2", "user 3"])
        #expect(traverse(Array(0..<10_000)) { n in IO.pure(n) }.unsafeRun() == Array(0..<10_000))
    }
}
