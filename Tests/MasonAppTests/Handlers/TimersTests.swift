import MasonApp
import MasonTesting
import Testing

/// The ready timer handler on a virtual clock: three ticks a second apart, in virtual time.
@Suite(.timeLimit(.minutes(5))) struct TimersTests {
    static func tick(_ count: Int, _ io: IOContainer<Timers>) -> (Int, IOContainer<Timers>) {
        let next = io.input(of: Timers.self) == .fired(id: count) ? count + 1 : count
        guard next < 3 else { return (next, io) }
        return (next, io.addingOutput(.start(id: next, after: .seconds(1)), for: Timers.self).io)
    }

    @Test func threeTicksOnAManualClock() async throws {
        let clock = ManualClock()
        let main = MainFactory.createMain(
            topLevelFunction: Self.tick, initialState: 0, handlers: TimersHandler(clock: clock))
        main.start()
        for _ in 0..<3 {
            try await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(1))
        }
        #expect(await main.run() == 3)
        #expect(clock.sleeps == [.seconds(1), .seconds(1), .seconds(1)])
    }
}
