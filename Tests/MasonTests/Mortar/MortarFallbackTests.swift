import Mason
import PropertyBased
import Testing

/// `f <-> g` for every pair of kinds: when `f` fails, `g` runs with the original input and `f`'s error
/// is discarded. On 5: `triple` 15 (plain), `double` 10 (fallible), `addTwo` 7 (callback), `subtractThree` 2 (async).
@Suite struct MortarFallbackTests {
    typealias F = MortarFixtures

    // MARK: fallible first

    @Test func fallibleOrPlainIsFallible() {
        #expect(F.run(fallible: F.double_s <-> F.triple_trap, 5) == .success(10))
        #expect(F.run(fallible: F.double_f <-> F.triple, 5) == .success(15))
    }

    @Test func fallibleOrFallibleIsFallible() {
        let other: @Sendable (Int) -> Result<Int, F.TestError> = { .success($0 + 100) }
        let otherFailing: @Sendable (Int) -> Result<Int, F.TestError> = { _ in .failure(.failed("other")) }
        #expect(F.run(fallible: F.double_s <-> F.double_trap, 5) == .success(10))
        #expect(F.run(fallible: F.double_f <-> other, 5) == .success(105))
        #expect(F.run(fallible: F.double_f <-> otherFailing, 5) == .failure(.failed("other")))
    }

    @Test func fallibleOrCallbackIsCallback() async {
        #expect(await F.run(callback: F.double_s <-> F.addTwo_trap, 5) == .success(10))
        #expect(await F.run(callback: F.double_f <-> F.addTwo_s, 5) == .success(7))
        #expect(await F.run(callback: F.double_f <-> F.addTwo_f, 5) == .failure(.failed("addTwo")))
    }

    @Test func fallibleOrAsyncIsAsync() async {
        #expect(await F.run(async: F.double_s <-> F.subtractThree_trap, 5) == .success(10))
        #expect(await F.run(async: F.double_f <-> F.subtractThree_s, 5) == .success(2))
        #expect(await F.run(async: F.double_f <-> F.subtractThree_f, 5) == .failure(.failed("subtractThree")))
    }

    // MARK: callback first

    @Test func callbackOrPlainIsCallback() async {
        #expect(await F.run(callback: F.addTwo_s <-> F.triple_trap, 5) == .success(7))
        #expect(await F.run(callback: F.addTwo_f <-> F.triple, 5) == .success(15))
    }

    @Test func callbackOrFallibleIsCallback() async {
        #expect(await F.run(callback: F.addTwo_s <-> F.double_trap, 5) == .success(7))
        #expect(await F.run(callback: F.addTwo_f <-> F.double_s, 5) == .success(10))
        #expect(await F.run(callback: F.addTwo_f <-> F.double_f, 5) == .failure(.failed("double")))
    }

    @Test func callbackOrCallbackIsCallback() async {
        let other: F.Callback = { input, completion in Task.detached { completion(.success(input + 100)) } }
        let otherFailing: F.Callback = { _, completion in completion(.failure(.failed("other"))) }
        #expect(await F.run(callback: F.addTwo_s <-> F.addTwo_trap, 5) == .success(7))
        #expect(await F.run(callback: F.addTwo_f <-> other, 5) == .success(105))
        #expect(await F.run(callback: F.addTwo_f <-> otherFailing, 5) == .failure(.failed("other")))
    }

    @Test func callbackOrAsyncIsAsync() async {
        #expect(await F.run(async: F.addTwo_s <-> F.subtractThree_trap, 5) == .success(7))
        #expect(await F.run(async: F.addTwo_f <-> F.subtractThree_s, 5) == .success(2))
        #expect(await F.run(async: F.addTwo_f <-> F.subtractThree_f, 5) == .failure(.failed("subtractThree")))
    }

    // MARK: async first

    @Test func asyncOrPlainIsAsync() async {
        #expect(await F.run(async: F.subtractThree_s <-> F.triple_trap, 5) == .success(2))
        #expect(await F.run(async: F.subtractThree_f <-> F.triple, 5) == .success(15))
    }

    @Test func asyncOrFallibleIsAsync() async {
        #expect(await F.run(async: F.subtractThree_s <-> F.double_trap, 5) == .success(2))
        #expect(await F.run(async: F.subtractThree_f <-> F.double_s, 5) == .success(10))
        #expect(await F.run(async: F.subtractThree_f <-> F.double_f, 5) == .failure(.failed("double")))
    }

    @Test func asyncOrCallbackIsAsync() async {
        #expect(await F.run(async: F.subtractThree_s <-> F.addTwo_trap, 5) == .success(2))
        #expect(await F.run(async: F.subtractThree_f <-> F.addTwo_s, 5) == .success(7))
        #expect(await F.run(async: F.subtractThree_f <-> F.addTwo_f, 5) == .failure(.failed("addTwo")))
    }

    @Test func asyncOrAsyncIsAsync() async {
        let other: @Sendable (Int) async throws(F.TestError) -> Int = { input async throws(F.TestError) -> Int in
            input + 100
        }
        let otherFailing: @Sendable (Int) async throws(F.TestError) -> Int = { _ async throws(F.TestError) -> Int in
            throw .failed("other")
        }
        #expect(await F.run(async: F.subtractThree_s <-> F.subtractThree_trap, 5) == .success(2))
        #expect(await F.run(async: F.subtractThree_f <-> other, 5) == .success(105))
        #expect(await F.run(async: F.subtractThree_f <-> otherFailing, 5) == .failure(.failed("other")))
    }

    /// A cancelled task does not fall back: the primary's cancellation is the answer, and the fallback's
    /// work (a fresh request, say) never starts.
    @Test func aCancelledPrimaryDoesNotFallBack() async {
        let fallbackRuns = Locked(0)
        let primary: @Sendable (Int) async throws -> Int = { _ in
            try await Task.sleep(for: .seconds(3600))
            return 0
        }
        let fallback: @Sendable (Int) async throws -> Int = { input in
            fallbackRuns.withLock { $0 += 1 }
            return input
        }
        let lookUp = primary <-> fallback
        let task = Task { try await lookUp(5) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(fallbackRuns.withLock { $0 } == 0)
    }

    // MARK: named twin, chains, laws

    @Test func mortarsExampleGivesTwo() async {
        #expect(await F.run(async: F.addTwo_f <-> F.subtractThree_s, 5) == .success(2))
        #expect(await F.run(async: fallback(F.addTwo_f, to: F.subtractThree_s), 5) == .success(2))
    }

    @Test func chainedFallbacksTryEachInTurnWithTheOriginalInput() async {
        let chain = F.double_f <-> F.addTwo_f <-> F.subtractThree_s
        #expect(await F.run(async: chain, 5) == .success(2))
    }

    @Test func fallbackIsAssociative() async {
        let half: @Sendable (Int) -> Result<Int, F.TestError> = {
            $0.isMultiple(of: 2) ? .success($0 / 2) : .failure(.failed("half"))
        }
        let third: @Sendable (Int) -> Result<Int, F.TestError> = {
            $0.isMultiple(of: 3) ? .success($0 / 3) : .failure(.failed("third"))
        }
        let fifth: @Sendable (Int) -> Result<Int, F.TestError> = {
            $0.isMultiple(of: 5) ? .success($0 / 5) : .failure(.failed("fifth"))
        }
        let left = (half <-> third) <-> fifth
        let right = half <-> (third <-> fifth)
        await propertyCheck(input: Gen.int(in: -1000...1000)) { n in
            #expect(left(n) == right(n))
        }
    }
}
