import Mason
import Testing

/// A record of lookups that is not `Sendable`: only a plain closure may capture it.
private final class Lookups {
    var keys: [String] = []
}

/// `Reader`'s plain twins: functions that are not `@Sendable` go in `sending`, and runs take turns.
@Suite struct ReaderPlainFunctionTests {
    @Test func plainFunctionsBuildMapAndBindReaders() {
        let lookups = Lookups()
        let port: ([String: Int]) -> Int = {
            lookups.keys.append("port"); return $0["port"] ?? 0
        }
        let describe: (Int) -> String = { "port \($0)" }
        let withHost: (String) -> Reader<[String: Int], String> = { text in Reader { "\(text) of \($0.count)" } }
        let reader = Reader(port).map(describe).flatMap(withHost)
        #expect(reader.run(["port": 8080]) == "port 8080 of 1")
        #expect(reader.run([:]) == "port 0 of 0")
    }

    @Test func plainFunctionsGoThroughTheOperators() {
        let lookups = Lookups()
        let port: ([String: Int]) -> Int = { $0["port"] ?? 0 }
        let withHost: (Int) -> Reader<[String: Int], String> = { port in Reader { "port \(port) of \($0.count)" } }
        let describe: (String) -> String = { text in
            lookups.keys.append(text); return "\(text), run \(lookups.keys.count)"
        }
        let reader = Reader(port) >>- withHost <&> describe
        #expect(reader.run(["port": 8080]) == "port 8080 of 1, run 1")
        #expect(reader.run([:]) == "port 0 of 0, run 2")
    }

    @Test func plainReaderReturningFunctionsCompose() {
        let lookup: (String) -> Reader<[String: Int], Int> = { key in Reader { $0[key] ?? 0 } }
        let scaled: (Int) -> Reader<Int, Int> = { value in Reader { value * $0 } }

        let mappedLookups = Lookups()
        let recordMapped: (Int) -> String = { value in
            mappedLookups.keys.append("\(value)"); return "\(value) (call \(mappedLookups.keys.count))"
        }
        let mapped = compose(lookup, mapping: recordMapped)
        #expect(mapped("a").run(["a": 21]) == "21 (call 1)")
        #expect(mapped("b").run(["b": 2]) == "2 (call 2)")

        let operatorLookups = Lookups()
        let recordOperator: (Int) -> String = { value in
            operatorLookups.keys.append("\(value)"); return "\(value) (call \(operatorLookups.keys.count))"
        }
        let mappedByOperator = lookup <&> recordOperator
        #expect(mappedByOperator("a").run(["a": 21]) == "21 (call 1)")
        #expect(mappedByOperator("a").run(["a": 4]) == "4 (call 2)")

        let shifted: (Int) -> Reader<Int, Int> = { value in Reader { value + $0 } }
        #expect(compose(scaled, flatMapping: shifted)(5).run(3) == 18)
        let shiftedAgain: (Int) -> Reader<Int, Int> = { value in Reader { value + $0 } }
        #expect((scaled >=> shiftedAgain)(5).run(3) == 18)
    }

    @Test func runsOfAPlainFunctionTakeTurnsAcrossTasks() async {
        let lookups = Lookups()
        let count: (Int) -> Int = { _ in
            lookups.keys.append("run"); return lookups.keys.count
        }
        let reader = Reader(count)
        let highest = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<250).map { reader.run($0) }.max() ?? 0 }
            }
            return await group.reduce(0) { max($0, $1) }
        }
        #expect(highest == 2_000)
    }

    @Test func plainFunctionsChangeTheEnvironment() {
        let portLookups = Lookups()
        let port: ([String: Int]) -> Int = { environment in
            portLookups.keys.append("port"); return environment["port"] ?? 0
        }
        let describe = Reader<Int, String> { "port \($0)" }
        let byPort = describe.contraMap(port)
        #expect(byPort.run(["port": 8080]) == "port 8080")
        let sizeLookups = Lookups()
        let size: ([String: Int]) -> Int = { environment in
            sizeLookups.keys.append("size"); return environment.count
        }
        let bySize = describe.local(size)
        #expect(bySize.run(["a": 1, "b": 2]) == "port 2")
    }
}
