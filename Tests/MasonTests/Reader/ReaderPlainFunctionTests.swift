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
}
