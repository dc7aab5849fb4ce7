import MasonWeather
import Testing

/// Ctrl-C: the first quits as `q` does; a later one ends the process, so a hung shutdown can be
/// interrupted. (Before the fix every Ctrl-C sent `q`, which is let go once the app is quitting.)
@Suite struct InterruptsTests {
    @Test func theFirstCtrlCQuitsAndAnyLaterOneExitsWith130() {
        let interrupts = Interrupts()
        #expect(interrupts.received() == .quit)
        #expect(interrupts.received() == .exit(status: 130))
        #expect(interrupts.received() == .exit(status: 130))
    }

    @Test func twoCtrlCsDeliveredTogetherExitAtOnce() {
        #expect(Interrupts().received(2) == .exit(status: 130))
    }
}
