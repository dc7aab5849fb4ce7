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

    /// A timer no clock can hold (`.seconds(Int64.max)`) sleeps a year at a time, until cancelled.
    /// (Before, it slept once for the whole duration: `ContinuousClock`'s deadline overflowed and the
    /// runtime trapped, crashing the app.)
    @Test func aTimerLongerThanAnyClockSleepsAYearAtATime() async throws {
        let function: (IOToken<Timers>?, IOContainer<Timers>) -> (IOToken<Timers>?, IOContainer<Timers>) = {
            timer, io in
            guard let timer else {
                let (next, token) = io.addingOutput(.start(id: 0, after: .seconds(Int64.max)), for: Timers.self)
                return (token, next)
            }
            return (timer, io.input(of: Timers.self) == .fired(id: 99) ? io.cancelling(timer) : io)
        }
        let clock = ManualClock()
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: nil, handlers: TimersHandler(clock: clock))
        main.start()
        try await clock.waitForSleepers(count: 1)
        #expect(clock.sleeps == [.seconds(366 * 24 * 3_600)])
        main.send(.fired(id: 99), as: Timers.self)
        #expect(await main.run() != nil)
    }
}
