import Mason
import Testing

@Suite struct CurryTests {
    /// A three-argument initializer with the shape of `URLRequest.init(url:cachePolicy:timeoutInterval:)`.
    struct Request: Equatable, Sendable {
        enum CachePolicy: Sendable { case useProtocolCachePolicy, reloadIgnoringLocalCacheData }
        let url: String
        let cachePolicy: CachePolicy
        let timeoutInterval: Double

        init(url: String, cachePolicy: CachePolicy, timeoutInterval: Double) {
            self.url = url
            self.cachePolicy = cachePolicy
            self.timeoutInterval = timeoutInterval
        }
    }

    // Typed functions of each arity: `curry`'s result type then follows from them (an untyped closure
    // such as `{ a, b, c in a + b + c }` would leave `Output` for the type checker to guess).
    private static let digits2: @Sendable (Int, Int) -> Int = { $0 * 10 + $1 }
    private static let digits3: @Sendable (Int, Int, Int) -> Int = { $0 * 100 + $1 * 10 + $2 }
    private static let join4: @Sendable (String, String, String, String) -> String = { $0 + $1 + $2 + $3 }
    private static let list5: @Sendable (Int, Int, Int, Int, Int) -> [Int] = { [$0, $1, $2, $3, $4] }
    private static let list6: @Sendable (Int, Int, Int, Int, Int, Int) -> [Int] = { [$0, $1, $2, $3, $4, $5] }

    @Test func curryTakesTheArgumentsOneAtATime() {
        let subtract = curry { (a: Int, b: Int) in a - b }
        #expect(subtract(10)(3) == 7)
        #expect(curry(Self.digits2)(1)(2) == 12)
        #expect(curry(Self.digits3)(1)(2)(3) == 123)
        #expect(curry(Self.join4)("m")("a")("s")("o") == "maso")
    }

    @Test func curriedFunctionAppliesOverOptionalsAsTheDocsSpellIt() {
        // The spelling of `curry`'s documentation and of Operators.md: no parentheses needed.
        let a: Int? = 1
        let b: Int? = 2
        let none: Int? = nil
        let present: Int? = Optional.pure(curry(Self.digits2)) <*> a <*> b
        let missing: Int? = Optional.pure(curry(Self.digits2)) <*> a <*> none
        #expect(present == 12)
        #expect(missing == nil)
    }

    @Test func curryTakesAPlainFunctionOfTwoArguments() {
        let calls = Tally()
        let add: (Int, Int) -> Int = {
            calls.count += 1
            return $0 + $1
        }
        let curried = curry(add)
        #expect(curried(1)(2) == 3)
        let a: Int? = 1
        let b: Int? = 2
        let applied: Int? = Optional.pure(curried) <*> a <*> b
        #expect(applied == 3)
        #expect(calls.count == 2)
    }

    @Test func curryHandlesFiveAndSixArguments() {
        let five: [Int] = curry(Self.list5)(1)(2)(3)(4)(5)
        let six: [Int] = curry(Self.list6)(1)(2)(3)(4)(5)(6)
        #expect(five == [1, 2, 3, 4, 5])
        #expect(six == [1, 2, 3, 4, 5, 6])
    }

    @Test func partialApplicationsCanBeReused() {
        let subtract = curry { (a: Int, b: Int) in a - b }
        let fromTen = subtract(10)
        #expect([1, 2, 3].map(fromTen) == [9, 8, 7])
    }

    @Test func curryWorksWithInitializers() {
        let parse = curry(Int.init(_:radix:) as @Sendable (String, Int) -> Int?)
        #expect(parse("ff")(16) == 255)
        #expect(parse("zz")(10) == nil)
        let request = curry(Request.init(url:cachePolicy:timeoutInterval:))
        let expected = Request(url: "https://example.com", cachePolicy: .useProtocolCachePolicy, timeoutInterval: 30)
        #expect(request("https://example.com")(.useProtocolCachePolicy)(30) == expected)
    }

    @Test func curryWorksWithStaticMethodsAndOperators() {
        let add = curry((+) as @Sendable (Int, Int) -> Int)
        #expect(add(2)(3) == 5)
        let largest = curry(Swift.max as @Sendable (Int, Int) -> Int)
        #expect(largest(2)(9) == 9)
    }

    @Test func curriedFunctionsAreSendable() async {
        let add = curry { (a: Int, b: Int) in a + b }
        let addOne = add(1)
        let result = await Task.detached { addOne(41) }.value
        #expect(result == 42)
    }

    @Test func uncurryTakesTheArgumentsTogether() {
        let subtract: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a - b } }
        #expect(uncurry(subtract)(10, 3) == 7)
        #expect(uncurry(curry(Self.digits2))(1, 2) == 12)
        #expect(uncurry(curry(Self.digits3))(1, 2, 3) == 123)
        #expect(uncurry(curry(Self.join4))("m", "a", "s", "o") == "maso")
    }

    @Test func uncurryHandlesFiveAndSixArguments() {
        #expect(uncurry(curry(Self.list5))(1, 2, 3, 4, 5) == [1, 2, 3, 4, 5])
        #expect(uncurry(curry(Self.list6))(1, 2, 3, 4, 5, 6) == [1, 2, 3, 4, 5, 6])
    }

    @Test func uncurryTurnsAnUnappliedMethodIntoAPlainFunction() {
        let hasPrefix = uncurry(String.hasPrefix)
        #expect(hasPrefix("mason", "ma"))
        #expect(!hasPrefix("mason", "son"))
        let dropFirst = uncurry([Int].dropFirst)
        #expect(Array(dropFirst([1, 2, 3], 2)) == [3])
    }

    @Test func uncurryPicksTheWidestArityThatFits() {
        let curried = curry { (a: Int, b: Int, c: Int) in a + b + c }
        let flat = uncurry(curried)
        #expect(flat(1, 2, 3) == 6)
        let twoStep: @Sendable (Int, Int) -> @Sendable (Int) -> Int = uncurry(curried)
        #expect(twoStep(1, 2)(3) == 6)
    }

    // The curried and uncurried functions are typed where they are made: inferred inside `#expect`,
    // each nested generic call made the test bodies slow to type-check (369 ms; the limit is 200).
    @Test func curryTakesPlainFunctionsOfThreeToSixArguments() {
        let plain = PlainArities()
        let digits: (Int) -> (Int) -> (Int) -> Int = curry(plain.digits3)
        let join: (String) -> (String) -> (String) -> (String) -> String = curry(plain.join4)
        let list5: (Int) -> (Int) -> (Int) -> (Int) -> (Int) -> [Int] = curry(plain.list5)
        let list6: (Int) -> (Int) -> (Int) -> (Int) -> (Int) -> (Int) -> [Int] = curry(plain.list6)
        #expect(digits(1)(2)(3) == 123)
        #expect(join("m")("a")("s")("o") == "maso")
        #expect(list5(1)(2)(3)(4)(5) == [1, 2, 3, 4, 5])
        let sixth = list6(1)(2)(3)(4)(5)  // a partial application, reused
        #expect(sixth(6) == [1, 2, 3, 4, 5, 6])
        #expect(sixth(7) == [1, 2, 3, 4, 5, 7])
        #expect(plain.calls.count == 5)
    }

    @Test func uncurryTakesPlainChainsOfTwoToSixFunctions() {
        let plain = PlainArities()
        let curried3: (Int) -> (Int) -> (Int) -> Int = curry(plain.digits3)
        let curried4: (String) -> (String) -> (String) -> (String) -> String = curry(plain.join4)
        let curried5: (Int) -> (Int) -> (Int) -> (Int) -> (Int) -> [Int] = curry(plain.list5)
        let curried6: (Int) -> (Int) -> (Int) -> (Int) -> (Int) -> (Int) -> [Int] = curry(plain.list6)
        let subtract: (Int, Int) -> Int = uncurry(plain.subtract)
        let digits: (Int, Int, Int) -> Int = uncurry(curried3)
        let join: (String, String, String, String) -> String = uncurry(curried4)
        let list5: (Int, Int, Int, Int, Int) -> [Int] = uncurry(curried5)
        let list6: (Int, Int, Int, Int, Int, Int) -> [Int] = uncurry(curried6)
        #expect(subtract(10, 3) == 7)
        #expect(digits(1, 2, 3) == 123)
        #expect(join("m", "a", "s", "o") == "maso")
        #expect(list5(1, 2, 3, 4, 5) == [1, 2, 3, 4, 5])
        #expect(list6(1, 2, 3, 4, 5, 6) == [1, 2, 3, 4, 5, 6])
        #expect(plain.calls.count == 5)
    }

    @Test func curryOfASendableFunctionStaysSendable() async {
        // Where the `@Sendable` forms fit, Swift still takes them: the plain twins only add.
        let curried = curry(Self.list6)
        let flat = uncurry(curry(Self.digits3))
        let result = await Task.detached { flat(1, 2, 3) + curried(1)(2)(3)(4)(5)(6).count }.value
        #expect(result == 129)
    }
}

/// Plain functions of two to six arguments (not `@Sendable`: each counts its calls in a `Tally`).
private struct PlainArities {
    let calls: Tally
    let subtract: (Int) -> (Int) -> Int
    let digits3: (Int, Int, Int) -> Int
    let join4: (String, String, String, String) -> String
    let list5: (Int, Int, Int, Int, Int) -> [Int]
    let list6: (Int, Int, Int, Int, Int, Int) -> [Int]

    init() {
        let calls = Tally()
        self.calls = calls
        subtract = { a in
            calls.count += 1
            return { b in a - b }
        }
        digits3 = {
            calls.count += 1
            return $0 * 100 + $1 * 10 + $2
        }
        join4 = {
            calls.count += 1
            return $0 + $1 + $2 + $3
        }
        list5 = {
            calls.count += 1
            return [$0, $1, $2, $3, $4]
        }
        list6 = {
            calls.count += 1
            return [$0, $1, $2, $3, $4, $5]
        }
    }
}
