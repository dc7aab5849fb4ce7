import Mason
import Testing

@Suite struct MemoizeTests {
    /// Counts calls per input, safely from any thread.
    final class CallCounts: Sendable {
        private let counts = Locked<[Int: Int]>([:])
        var all: [Int: Int] { counts.withLock { $0 } }
        func record(_ input: Int) { counts.withLock { $0[input, default: 0] += 1 } }
    }

    @Test func returnsTheFunctionsResults() {
        let square = memoize { (n: Int) in n * n }
        #expect(square(12) == 144)
        #expect(square(12) == 144)
        #expect(square(-3) == 9)
    }

    @Test func computesEachInputOnce() {
        let counts = CallCounts()
        let shout = memoize { (n: Int) -> String in
            counts.record(n)
            return "\(n)!"
        }
        for n in [1, 2, 1, 1, 3, 2] { _ = shout(n) }
        #expect(shout(1) == "1!")
        #expect(counts.all == [1: 1, 2: 1, 3: 1])
    }

    @Test func separateMemoizedFunctionsHaveSeparateTables() {
        let counts = CallCounts()
        let f: @Sendable (Int) -> Int = {
            counts.record($0); return $0
        }
        let first = memoize(f), second = memoize(f)
        _ = first(1); _ = first(1); _ = second(1)
        #expect(counts.all == [1: 2])
    }

    @Test func recursiveFormMemoizesEveryRecursiveCall() {
        let counts = CallCounts()
        let fibonacci: @Sendable (Int) -> Int = memoize { fibonacci, n in
            counts.record(n)
            return n < 2 ? n : fibonacci(n - 1) + fibonacci(n - 2)
        }
        #expect(fibonacci(90) == 2_880_067_194_370_816_120)
        #expect(counts.all.count == 91)
        #expect(counts.all.values.allSatisfy { $0 == 1 })
        #expect(fibonacci(10) == 55)
        #expect(counts.all.count == 91)
    }

    @Test func concurrentCallersComputeEachInputExactlyOnce() async {
        let counts = CallCounts()
        let slowDouble = memoize { (n: Int) -> Int in
            counts.record(n)
            // Widen the race window: spin a little so that other callers arrive while this one computes.
            var spin = 0
            for i in 0..<20_000 { spin &+= i }
            return n * 2 + (spin == -1 ? 1 : 0)
        }
        await withTaskGroup(of: Bool.self) { group in
            for call in 0..<400 {
                group.addTask {
                    let input = call % 10
                    return slowDouble(input) == input * 2
                }
            }
            for await correct in group { #expect(correct) }
        }
        #expect(counts.all == Dictionary(uniqueKeysWithValues: (0..<10).map { ($0, 1) }))
    }

    @Test func concurrentRecursiveCallersComputeEachInputExactlyOnce() async {
        let counts = CallCounts()
        let fibonacci: @Sendable (Int) -> Int = memoize { fibonacci, n in
            counts.record(n)
            return n < 2 ? n : fibonacci(n - 1) + fibonacci(n - 2)
        }
        await withTaskGroup(of: Int.self) { group in
            for call in 0..<200 {
                group.addTask { fibonacci(40 + call % 20) }
            }
            for await _ in group {}
        }
        #expect(fibonacci(59) == 956_722_026_041)
        #expect(counts.all.count == 60)
        #expect(counts.all.values.allSatisfy { $0 == 1 })
    }

    /// Records calls without a lock: not `Sendable`, so only a plain closure may capture it.
    private final class CallLog {
        var inputs: [Int] = []
    }

    @Test func memoizesAPlainFunction() async {
        let log = CallLog()
        let square: (Int) -> Int = { n in
            log.inputs.append(n); return n * n
        }
        let remembered = memoize(square)
        #expect(remembered(12) == 144)
        #expect(remembered(12) == 144)
        // Runs of the plain function take turns, so many tasks may call the memoized one at once.
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for n in 0..<50 { _ = remembered(n) } }
            }
        }
        #expect(remembered(49) == 2_401)
    }
}
