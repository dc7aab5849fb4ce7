import Mason
import Testing

@Suite struct CombineTests {
    @Test func combineBindsTheArgument() {
        let count = combine("mason", with: { $0.count })
        #expect(count() == 5)
        let parse = combine("42", with: { Int($0) })
        #expect(parse() == 42)
    }

    @Test func combineIsLazyAndRunsOnEveryCall() {
        let calls = Locked(0)
        let counted = combine(
            2,
            with: { (n: Int) -> Int in
                calls.withLock { $0 += 1 }
                return n * 10
            })
        #expect(calls.withLock { $0 } == 0)
        #expect(counted() == 20)
        #expect(counted() == 20)
        #expect(calls.withLock { $0 } == 2)
    }

    @Test func combineAcceptsKeyPathsAndFunctionReferences() {
        #expect(combine("mason", with: \.count)() == 5)
        #expect(combine("mason", with: String.uppercased)()() == "MASON")
        #expect(combine(-3, with: abs)() == 3)
    }

    @Test func combineWorksWithAnInjectedNetworkingFunction() {
        // Sundell's shape: `combine(endpoint, with: networking)()`.
        struct Endpoint: Sendable { let path: String }
        let networking: @Sendable (Endpoint) -> [UInt8] = { Array($0.path.utf8) }
        let loadProduct = combine(Endpoint(path: "/product/7"), with: networking)
        #expect(loadProduct() == Array("/product/7".utf8))
    }
}
