import Mason
import Testing

@Suite struct FlipTests {
    @Test func flipSwapsCurriedArguments() {
        let subtract = curry { (a: Int, b: Int) in a - b }
        #expect(flip(subtract)(3)(10) == 7)
        #expect([10, 20].map(flip(subtract)(1)) == [9, 19])
    }

    @Test func flipTakesPlainFunctions() {
        let calls = Tally()
        let divide: (Int) -> (Int) -> Int = { a in
            { b in
                calls.count += 1
                return a / b
            }
        }
        #expect(flip(divide)(2)(10) == 5)
        let subtract: (Int, Int) -> Int = {
            calls.count += 1
            return $0 - $1
        }
        #expect(flip(subtract)(1, 10) == 9)
        let describe: (Int) -> () -> String = { n in
            {
                calls.count += 1
                return "#\(n)"
            }
        }
        #expect([1, 2].map(flip(describe)()) == ["#1", "#2"])
        #expect(calls.count == 4)
    }

    @Test func flipTwiceIsTheOriginal() {
        let subtract = curry { (a: Int, b: Int) in a - b }
        #expect(flip(flip(subtract))(10)(3) == subtract(10)(3))
    }

    @Test func flipFixesAnUnappliedMethodsArgumentFirst() {
        let startsWith = flip(String.hasPrefix)
        #expect(["mason", "brick", "mortar"].filter(startsWith("m")) == ["mason", "mortar"])
    }

    @Test func flipOfAnUnappliedMethodWithoutArgumentsGivesAPlainFunction() {
        let shout = flip(String.uppercased)()
        #expect(["brick", "mortar"].map(shout) == ["BRICK", "MORTAR"])
        let count = flip([Int].reversed)()
        #expect(Array(count([1, 2, 3])) == [3, 2, 1])
    }

    @Test func flipOfACurriedInitializerFixesTheSecondArgument() {
        // FunNetworking's `flip(curry(URLRequest.init(url:cachePolicy:timeoutInterval:)))`.
        let request = flip(curry(CurryTests.Request.init(url:cachePolicy:timeoutInterval:)))
        let reloading = request(.reloadIgnoringLocalCacheData)
        let built = reloading("https://example.com")(30)
        let expected = CurryTests.Request(
            url: "https://example.com", cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 30
        )
        #expect(built == expected)
    }

    @Test func flipSwapsTheArgumentsOfATwoArgumentFunction() {
        let subtract: @Sendable (Int, Int) -> Int = { $0 - $1 }
        #expect(flip(subtract)(1, 10) == 9)
        #expect(flip({ (a: String, b: Int) in a + String(b) })(1, "x") == "x1")
        let ascending: @Sendable (Int, Int) -> Bool = { $0 < $1 }
        #expect([3, 1, 2].sorted(by: flip(ascending)) == [3, 2, 1])
    }
}
