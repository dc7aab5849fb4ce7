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
}
