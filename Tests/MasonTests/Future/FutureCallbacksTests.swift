import Mason
import Testing

/// ``FutureCallbacks``: what a pending future keeps of the observers that left.
@Suite struct FutureCallbacksTests {
    /// A pending future keeps only the waiters still waiting: before, each awaiting task that was
    /// cancelled left its slot behind for good (10,000 here), and the resolution walked them all.
    @Test func waitersCancelledWhileTheFutureIsPendingAreNotKept() async throws {
        let promise = Promise<Int>()
        var previous: Task<Int, any Error> = Task { try await promise.value }
        for _ in 0..<10_000 {
            let next: Task<Int, any Error> = Task { try await promise.value }  // two wait at a time
            previous.cancel()
            _ = try? await previous.value
            previous = next
        }
        let kept = promise.observerSlots
        #expect(kept <= 8, "\(kept) slots kept")
        promise.resolve(with: 7)
        #expect(try await previous.value == 7, "the waiter still waiting gets the value")
    }
}
