import Mason
import Testing

@Suite(.timeLimit(.minutes(10))) struct DeferredStackSafetyTests {
    /// How a chain starts: a `pure` value (stored as it is) or work (whose steps nest in one typed
    /// closure until 256 of them freeze into the head of an erased program).
    enum Start: CaseIterable, Sendable {
        case pure, work

        var zero: Deferred<Int> {
            switch self {
            case .pure: .pure(0)
            case .work: Deferred { 0 }
            }
        }
    }

    @Test(arguments: Start.allCases) func aMillionDeepFlatMapChainRunsAndIsFreed(_ start: Start) async {
        var chain = start.zero
        for _ in 0..<1_000_000 {
            chain = chain.flatMap { Deferred.pure($0 + 1) }
        }
        #expect(await chain.value == 1_000_000)
        chain = .pure(0)  // frees the million steps
        #expect(await chain.value == 0)
    }

    @Test(arguments: Start.allCases) func aMillionDeepMapChainRunsAndIsFreed(_ start: Start) async {
        var chain = start.zero
        for _ in 0..<1_000_000 {
            chain = chain.map { $0 + 1 }
        }
        #expect(await chain.value == 1_000_000)
        chain = .pure(0)
        #expect(await chain.value == 0)
    }

    @Test func aLoopWrittenAsRecursionThroughFlatMapRunsAHundredThousandLevels() async {
        // Each level awaits the next inside its step: async frames live in the task's allocator, not on
        // the thread's stack, so the depth costs memory while it runs, never a stack overflow.
        @Sendable func countDown(_ n: Int) -> Deferred<Int> {
            Deferred { n }.flatMap { $0 == 0 ? Deferred.pure(0) : countDown($0 - 1) }
        }
        #expect(await countDown(100_000).value == 0)
    }

    @Test func aLoopWrittenAsRecursionThroughFlatMapTRunsAHundredThousandLevels() async throws {
        // The same for the transformers' `flatMapT`, whose inner deferred is awaited in the step.
        @Sendable func optional(_ n: Int) -> Deferred<Int?> {
            Deferred { Int?.some(n) }.flatMapT { $0 == 0 ? Deferred.pure(0) : optional($0 - 1) }
        }
        @Sendable func result(_ n: Int) -> Deferred<Result<Int, CancellationError>> {
            Deferred { .success(n) }.flatMapT { $0 == 0 ? Deferred.pure(.success(0)) : result($0 - 1) }
        }
        #expect(await optional(100_000).value == 0)
        #expect(try await result(100_000).value.get() == 0)
    }

    @Test(arguments: [255, 256, 257, 513]) func stepsAroundTheFreezeRunInOrder(count: Int) async {
        var chain = Deferred { [Int]() }
        for step in 0..<count {
            chain = step.isMultiple(of: 2) ? chain.map { $0 + [step] } : chain.flatMap { .pure($0 + [step]) }
        }
        #expect(await chain.value == Array(0..<count))
    }
}
