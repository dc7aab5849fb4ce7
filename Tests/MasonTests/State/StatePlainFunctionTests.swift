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

    @Test func plainFunctionsGoThroughTheOperators() {
        let issued = Issued()
        let issue: (Int) -> (Int, Int) = { ($0 + 1, $0) }
        let next = State<Int, Int> { ($0 + 1, $0) }
        let thenNext: (Int) -> State<Int, String> = { ticket in next.map { "ticket \(ticket), then \($0)" } }
        let record: (String) -> String = { text in
            issued.tickets.append(issued.tickets.count); return "\(text) (run \(issued.tickets.count))"
        }
        let computation = State(issue) >>- thenNext <&> record
        let first = computation.run(7)
        #expect(first.state == 9)
        #expect(first.value == "ticket 7, then 8 (run 1)")
        #expect(computation.run(1).value == "ticket 1, then 2 (run 2)")
    }

    @Test func plainComputationReturningFunctionsCompose() {
        let add: (Int) -> State<Int, Int> = { amount in State { ($0 + amount, $0) } }

        let mappedRuns = Issued()
        let recordMapped: (Int) -> String = { value in
            mappedRuns.tickets.append(value); return "was \(value) (call \(mappedRuns.tickets.count))"
        }
        let mapped = compose(add, mapping: recordMapped)
        let mappedOnce = mapped(5).run(1)
        #expect(mappedOnce.state == 6)
        #expect(mappedOnce.value == "was 1 (call 1)")
        #expect(mapped(5).run(2).value == "was 2 (call 2)")

        let operatorRuns = Issued()
        let recordOperator: (Int) -> String = { value in
            operatorRuns.tickets.append(value); return "was \(value) (call \(operatorRuns.tickets.count))"
        }
        let mappedByOperator = add <&> recordOperator
        let mappedByOperatorOnce = mappedByOperator(5).run(1)
        #expect(mappedByOperatorOnce.state == 6)
        #expect(mappedByOperatorOnce.value == "was 1 (call 1)")
        #expect(mappedByOperator(5).run(1).value == "was 1 (call 2)")

        let addAgain: (Int) -> State<Int, Int> = { amount in State { ($0 + amount, $0) } }
        let composed = compose(add, flatMapping: addAgain)(5).run(1)
        #expect(composed.state == 7)
        #expect(composed.value == 6)
        let addOnceMore: (Int) -> State<Int, Int> = { amount in State { ($0 + amount, $0) } }
        let composedByOperator = (add >=> addOnceMore)(5).run(1)
        #expect(composedByOperator.state == 7)
        #expect(composedByOperator.value == 6)
    }

    @Test func modifyTakesAPlainTransformation() {
        let issued = Issued()
        let bump: (Int) -> Int = {
            issued.tickets.append($0)
            return $0 + issued.tickets.count
        }
        let modify = State.modify(bump)
        #expect(modify.exec(4) == 5)  // the first run adds 1
        #expect(modify.exec(4) == 6)  // the second adds 2
        let thenGet = modify.flatMap { State<Int, Int>.get }
        #expect(thenGet.run(10).value == 13)
    }
}
