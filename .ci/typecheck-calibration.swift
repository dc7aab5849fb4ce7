// Calibration for CI's type-checking-speed step (see .ci/run): expressions of the shapes the test
// suite is made of. CI type-checks this file alone and scales the time limit by how long it took.
struct Clock { var sleeps: [Duration] = [] }
struct Header { let name: String; let value: String }
func calibrate(clock: Clock, headers: [Header], counts: [String: Int], text: String?) -> Bool {
    let a = clock.sleeps == [.seconds(5), .seconds(5), .milliseconds(250)]
    let b = headers.map { $0.name.lowercased() + ": " + $0.value } == ["a: 1", "b: 2"]
    let c = counts.filter { $0.value > 1 }.map(\.key).sorted() == ["x", "y"]
    let d = text?.hasPrefix("text/plain") == true && (counts["x"] ?? 0) + 1 == 2
    let e = [1, 2, 3].map { $0 * 2 }.reduce(0, +) == 12 && Double(clock.sleeps.count) * 1.5 > 0.5
    return a && b && c && d && e
}
