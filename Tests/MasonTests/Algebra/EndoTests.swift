import Mason
import Testing

@Suite struct EndoTests {
    @Test func combineRunsTheLeftFunctionFirst() {
        let increment = Endo<Int> { $0 + 1 }
        let double = Endo<Int> { $0 * 2 }
        #expect((increment <> double)(3) == 8)
        #expect((double <> increment)(3) == 7)
        #expect(Endo.combine(increment, double).call(3) == 8)
    }

    @Test func emptyIsTheIdentityFunction() {
        #expect(Endo<String>.empty("mason") == "mason")
        #expect(concat([] as [Endo<Int>])(42) == 42)
    }

    @Test func concatRunsTheFunctionsInOrder() {
        let steps = [Endo<String> { $0 + "a" }, Endo { $0 + "b" }, Endo { $0.uppercased() }]
        #expect(concat(steps)(">") == ">AB")
    }

    @Test func endoCanBeSentAcrossTasks() async {
        let shout = Endo<String> { $0.uppercased() }
        let result = await Task.detached { shout("mason") }.value
        #expect(result == "MASON")
    }

    @Test func aPlainFunctionGoesInAndKeepsWhatItCaptures() {
        let counter = Tally()
        let addCount: (Int) -> Int = {
            counter.count += 1
            return $0 + counter.count
        }
        let step = Endo(addCount)
        #expect((step <> step)(0) == 3)  // adds 1, then 2
        #expect(concat([step, .empty, step])(0) == 7)  // adds 3, then 4
    }

    @Test func callsOfAPlainFunctionTakeTurnsAcrossTasks() async {
        let counter = Tally()
        let count: (Int) -> Int = { _ in
            counter.count += 1
            return counter.count
        }
        let step = Endo(count)
        let highest = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<250).map { step($0) }.max() ?? 0 }
            }
            return await group.reduce(0) { max($0, $1) }
        }
        #expect(highest == 2_000)
    }
}
