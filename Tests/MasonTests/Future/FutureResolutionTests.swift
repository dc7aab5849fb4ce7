import Foundation
import Mason
import Testing

/// Resolving a future whose dependents are chained deep: a bounded stack, the same order, and
/// callbacks still run before `resolve` returns.
@Suite struct FutureResolutionTests {
    /// 1,000,000 steps; CI's Thread Sanitizer run sets `MASON_FUTURE_CHAIN_STEPS=100000` (races show at
    /// any length, and TSan is ≈ 7× slower here: 73 s for the million).
    private static let depth =
        ProcessInfo.processInfo.environment["MASON_FUTURE_CHAIN_STEPS"].flatMap { Int($0) } ?? 1_000_000

    @Test func aMillionMapsOnAPendingPromiseResolve() async throws {
        let root = Promise<Int>()
        var last: Future<Int> = root
        for _ in 0..<Self.depth {
            last = last.map { $0 + 1 }
        }
        root.resolve(with: 0)
        #expect(try await last.value == Self.depth)
    }

    @Test func aMillionFlatMapsOnAPendingPromiseResolve() async throws {
        let root = Promise<Int>()
        var last: Future<Int> = root
        for _ in 0..<Self.depth {
            last = last.flatMap { Future(value: $0 + 1) }
        }
        root.resolve(with: 0)
        #expect(try await last.value == Self.depth)
    }

    @Test func aLoopWrittenAsRecursionThroughFlatMapOnResolvedFuturesRunsInABoundedStack() async throws {
        // Each level observes a resolved future, whose callback builds the next level at once: ten
        // thousand levels overflowed the stack when every such callback ran nested.
        @Sendable func countDown(_ n: Int) -> Future<Int> {
            Future(value: n).flatMap { $0 == 0 ? Future(value: 0) : countDown($0 - 1) }
        }
        let loop = countDown(100_000)
        // The outermost observe returned after every callback it led to: the loop is resolved.
        let resolved = Locked<Int?>(nil)
        loop.observe { result in resolved.withLock { $0 = try? result.get() } }
        #expect(resolved.withLock { $0 } == 0)
        #expect(try await loop.value == 0)
    }

    @Test func theSameLoopStartedByResolvingAPromiseRunsInABoundedStack() async throws {
        @Sendable func countDown(_ future: Future<Int>) -> Future<Int> {
            future.flatMap { $0 == 0 ? Future(value: 0) : countDown(Future(value: $0 - 1)) }
        }
        let root = Promise<Int>()
        let loop = countDown(root)
        root.resolve(with: 100_000)
        #expect(try await loop.value == 0)
    }

    @Test func aMillionMapsOnAPendingPromiseDroppedUnresolvedAreReleased() {
        // Each pending future's observer holds the next future: releasing the root releases them all,
        // a deinitializer per step, in a bounded stack.
        weak var lastSeen: Future<Int>?
        do {
            let root = Promise<Int>()
            var last: Future<Int> = root
            for _ in 0..<Self.depth {
                last = last.map { $0 + 1 }
            }
            lastSeen = last
        }
        #expect(lastSeen == nil)
    }

    @Test func callbacksRunInRegistrationOrderAtAnyDepth() {
        // 200 futures deep (past the nesting at which resolutions are queued), three observers on the
        // last one: they run in the order they were registered, and before `resolve` returns.
        let root = Promise<Int>()
        var last: Future<Int> = root
        for _ in 0..<200 {
            last = last.map { $0 + 1 }
        }
        let seen = Locked<[String]>([])
        for name in ["first", "second", "third"] {
            last.observe { result in seen.withLock { $0.append("\(name) \((try? result.get()) ?? -1)") } }
        }
        root.resolve(with: 0)
        #expect(seen.withLock { $0 } == ["first 200", "second 200", "third 200"])
    }

    @Test func aShallowResolutionRunsItsCallbacksInsideResolve() {
        // Nested inside another future's callback, a resolution still runs its own callbacks before
        // its `resolve` returns.
        let outer = Promise<Int>()
        let inner = Promise<Int>()
        let order = Locked<[String]>([])
        inner.observe { _ in order.withLock { $0.append("inner callback") } }
        outer.observe { _ in
            inner.resolve(with: 1)
            order.withLock { $0.append("after inner resolve") }
        }
        outer.resolve(with: 0)
        #expect(order.withLock { $0 } == ["inner callback", "after inner resolve"])
    }
}
