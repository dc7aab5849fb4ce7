import Mason
import PropertyBased
import Testing

@Suite struct FunctionSemigroupTests {
    final class Log: Sendable {
        private let storage = Locked<[String]>([])
        var entries: [String] { storage.withLock { $0 } }
        func append(_ entry: String) { storage.withLock { $0.append(entry) } }
    }

    @Test func endofunctionsRunLeftThenRight() {
        let increment: @Sendable (Int) -> Int = { $0 + 1 }
        let double: @Sendable (Int) -> Int = { $0 * 2 }
        #expect((increment <> double)(3) == 8)
        #expect((double <> increment)(3) == 7)
        #expect(concat(increment, double)(3) == 8)
        #expect(concat({ (n: Int) in n + 1 }, { $0 * 2 })(3) == 8)
    }

    @Test func endofunctionConcatIsAssociativeWithIdentity() async {
        let endos = SemigroupLawTests.GeneratedEndo.generator
        let unchanged: @Sendable (Int) -> Int = { $0 }
        await propertyCheck(input: endos, endos, endos, Gen.int(in: -1000...1000)) { a, b, c, x in
            let f = a.endo.call
            let g = b.endo.call
            let h = c.endo.call
            let leftGrouped = (f <> g) <> h, rightGrouped = f <> (g <> h)
            #expect(leftGrouped(x) == rightGrouped(x))
            let namedLeft = concat(concat(f, g), h), namedRight = concat(f, concat(g, h))
            #expect(namedLeft(x) == namedRight(x))
            let leftIdentity = unchanged <> f, rightIdentity = f <> unchanged
            #expect(leftIdentity(x) == f(x))
            #expect(rightIdentity(x) == f(x))
        }
    }

    @Test func actionsOnAnObjectBothRunInOrder() {
        let log = Log()
        let first: @Sendable (Log) -> Void = { $0.append("first") }
        let second: @Sendable (Log) -> Void = { $0.append("second") }
        (first <> second)(log)
        #expect(log.entries == ["first", "second"])
        concat(second, first)(log)
        #expect(log.entries == ["first", "second", "second", "first"])
        concat({ (log: Log) in log.append("a") }, { $0.append("b") })(log)
        #expect(log.entries.suffix(2) == ["a", "b"])
    }

    @Test func actionsOnAnObjectAreAssociative() {
        let actions: [@Sendable (Log) -> Void] = ["a", "b", "c"].map { name in { $0.append(name) } }
        let left = Log(), right = Log()
        ((actions[0] <> actions[1]) <> actions[2])(left)
        (actions[0] <> (actions[1] <> actions[2]))(right)
        #expect(left.entries == ["a", "b", "c"])
        #expect(right.entries == left.entries)
    }

    @Test func mutationsBothRunOnTheSameValue() {
        let addOne: @Sendable (inout Int) -> Void = { $0 += 1 }
        let double: @Sendable (inout Int) -> Void = { $0 *= 2 }
        var n = 3
        (addOne <> double)(&n)
        #expect(n == 8)
        concat(double, addOne)(&n)
        #expect(n == 17)
        var name = "MASON"
        concat({ (name: inout String) in name = name.lowercased() }, { $0.append("!") })(&name)
        #expect(name == "mason!")
    }

    @Test func mutationConcatIsAssociativeWithIdentity() async {
        let constants = Gen.int(in: -5...5)
        await propertyCheck(input: constants, constants, Gen.int(in: -100...100)) { a, b, x in
            let f: @Sendable (inout Int) -> Void = { $0 += a }
            let g: @Sendable (inout Int) -> Void = { $0 *= b }
            let h: @Sendable (inout Int) -> Void = { $0 = $0 % 7 - a }
            let none: @Sendable (inout Int) -> Void = { _ in }
            var left = x, right = x, plain = x, identified = x
            ((f <> g) <> h)(&left)
            (f <> (g <> h))(&right)
            #expect(left == right)
            f(&plain)
            (none <> f <> none)(&identified)
            #expect(identified == plain)
        }
    }

    @Test func functionConcatDoesNotClashWithMonoidConcat() {
        // The variadic and sequence `concat` for monoids and the two-function `concat` all resolve.
        let variadic: String = concat("a", "b")
        let sequence: String = concat(["a", "b"] as [String])
        let arrays: [Int] = concat([1], [2])
        let plusOne = Endo<Int> { $0 + 1 }
        let timesTwo = Endo<Int> { $0 * 2 }
        let endo: Endo<Int> = concat(plusOne, timesTwo)
        #expect(variadic == "ab")
        #expect(sequence == "ab")
        #expect(arrays == [1, 2])
        #expect(endo(3) == 8)
        let increment: @Sendable (Int) -> Int = { $0 + 1 }
        #expect(concat(increment, increment)(0) == 2)
        let endos: [Endo<Int>] = [Endo(increment), Endo(increment)]
        #expect(concat(endos)(0) == 2)
    }

    @Test func semigroupOperatorStillCombinesValues() {
        let abc: String = "a" <> "b" <> "c"
        #expect(abc == "abc")
        #expect((Sum(1) <> Sum(2) <> Sum(3)).value == 6)
    }
}
