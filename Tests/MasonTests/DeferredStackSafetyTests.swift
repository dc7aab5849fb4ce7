import Mason
import Testing

@Suite(.timeLimit(.minutes(2))) struct DeferredStackSafetyTests {
    @Test func aMillionDeepFlatMapChainRunsAndIsFreed() async {
        var chain = Deferred.pure(0)
        for _ in 0..<1_000_000 {
            chain = chain.flatMap { Deferred.pure($0 + 1) }
        }
        #expect(await chain.value == 1_000_000)
        chain = .pure(0)   // frees the million steps
        #expect(await chain.value == 0)
    }

    @Test func aMillionDeepMapChainRunsAndIsFreed() async {
        var chain = Deferred.pure(0)
        for _ in 0..<1_000_000 {
            chain = chain.map { $0 + 1 }
        }
        #expect(await chain.value == 1_000_000)
        chain = .pure(0)
        #expect(await chain.value == 0)
    }
}
