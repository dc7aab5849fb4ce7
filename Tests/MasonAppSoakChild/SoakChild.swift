import Dispatch
import Foundation
import MasonApp

#if canImport(Glibc)
import Glibc

/// glibc's `malloc_trim`, which its Swift module does not export (it lives in malloc.h).
@_silgen_name("malloc_trim") func mallocTrim(_ pad: Int) -> Int32
#endif

// The soak test's child: sends `inputs` (argument 1) inputs to an app whose update only counts them,
// one sender, in batches of a million (the last one may be smaller); after each batch has been run
// (and a ping after it, so that the loop has let go of the batch), prints the resident set size.
// Alone in its process, so nothing else moves the figure.

enum NumberIO: IOType {
    typealias Input = Int
    enum Output: Sendable {
        case holdOpen
        case checkpoint
    }
}

/// `.holdOpen` keeps the app alive until the end; `.checkpoint` tells the sender a batch has been run.
final class ControlHandler: IOHandling {
    typealias IO = NumberIO
    static let checkpoints = DispatchSemaphore(value: 0)
    static let release = DispatchSemaphore(value: 0)

    func handle(output: NumberIO.Output, token: IOToken<NumberIO>, inputClosure: @escaping @Sendable (Int) -> Void)
        async throws
    {
        switch output {
        case .checkpoint:
            Self.checkpoints.signal()
        case .holdOpen:
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    Self.release.wait()
                    continuation.resume()
                }
            }
        }
    }
}

let batch = 1_000_000
let inputs = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 10 * batch

let main = MainFactory.createMain(
    topLevelFunction: { (count: Int, io: IOContainer<NumberIO>) -> (Int, IOContainer<NumberIO>) in
        guard io.hasInput else { return (0, io.addingOutput(.holdOpen, for: NumberIO.self).io) }
        if io.input(of: NumberIO.self) == -1 { return (count, io.addingOutput(.checkpoint, for: NumberIO.self).io) }
        let count = count + 1
        // The last input ends a batch too, full or not: the sender waits for that checkpoint.
        guard count.isMultiple(of: batch) || count == inputs else { return (count, io) }
        return (count, io.addingOutput(.checkpoint, for: NumberIO.self).io)
    },
    initialState: 0,
    handlerTypes: ControlHandler.self
)
main.start()

/// Pages resident × the page size, from /proc/self/statm — after malloc has handed back the free
/// memory it caches (glibc keeps the freed batch arrays otherwise, which is malloc's choice, not a
/// leak).
func residentBytes() -> Int {
    #if canImport(Glibc)
    _ = mallocTrim(0)
    #endif
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

var sent = 0
while sent < inputs {
    let end = min(sent + batch, inputs)
    for number in sent..<end { main.send(number, as: NumberIO.self) }
    sent = end
    ControlHandler.checkpoints.wait()
    main.send(-1, as: NumberIO.self)
    ControlHandler.checkpoints.wait()
    print("after \(sent) rss \(residentBytes())")
}
ControlHandler.release.signal()
let semaphore = DispatchSemaphore(value: 0)
Task.detached {
    print("processed \(await main.run())")
    semaphore.signal()
}
semaphore.wait()
