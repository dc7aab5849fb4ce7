import Mason
import Testing

/// A ticket log that is not `Sendable`: only a plain closure may capture it.
private final class Issued {
    var tickets: [Int] = []
}

/// `State`'s plain twins: functions that are not `@Sendable` go in `sending`, and runs take turns.
@Suite struct StatePlainFunctionTests {
    @Test func plainFunctionsBuildMapAndBindComputations() {
        let issued = Issued()
        let issue: (Int) -> (Int, Int) = {
            issued.tickets.append($0); return ($0 + 1, $0)
        }
        let describe: (Int) -> String = { "ticket \($0)" }
        let next = State<Int, Int> { ($0 + 1, $0) }
        let thenNext: (String) -> State<Int, String> = { text in next.map { "\(text), then \($0)" } }
        let result = State(issue).map(describe).flatMap(thenNext).run(7)
        #expect(result.state == 9)
        #expect(result.value == "ticket 7, then 8")
    }
}
