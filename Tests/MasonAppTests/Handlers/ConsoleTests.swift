import Dispatch
import Mason
import MasonApp
import Testing

/// The console handlers: lines read in order until the end of the input, lines written in the order
/// the pure function added them, and a pending read that quitting cancels.
@Suite(.timeLimit(.minutes(5))) struct ConsoleTests {
    typealias IO = IOContainer<ConsoleOutputIO, ConsoleInputIO>

    /// Echoes each line in capitals, twice, and asks for the next; stops at the end of the input.
    static func echo(_ count: Int, _ io: IO) -> (Int, IO) {
        var io = io
        switch io.input(of: ConsoleInputIO.self) {
        case .line(let text)?:
            io.addOutput(.print(text.uppercased()), for: ConsoleOutputIO.self)
            io.addOutput(.write("\(count + 1)> "), for: ConsoleOutputIO.self)
            io.addOutput(.readLine, for: ConsoleInputIO.self)
            return (count + 1, io)
        case .endOfInput?:
            io.addOutput(.print("bye after \(count)"), for: ConsoleOutputIO.self)
            return (count, io)
        case nil:
            io.addOutput(.readLine, for: ConsoleInputIO.self)
            return (count, io)
        }
    }

    @Test func linesComeInAndGoOutInOrder() async {
        let written = Locked<String>("")
        let lines = (1...50).map { "line \($0)" }
        let main = MainFactory.createMain(
            topLevelFunction: Self.echo, initialState: 0,
            handlers: ConsoleOutputHandler { text in written.withLock { $0 += text } },
            ConsoleInputHandler(lines: lines))
        #expect(await main.run() == 50)
        let expected = (1...50).map { "LINE \($0)\n\($0)> " }.joined() + "bye after 50\n"
        #expect(written.withLock { $0 } == expected)
    }

    @Test func quittingCancelsAReadThatBlocks() async {
        let reader = Gate()
        let function: (Bool, IO) -> (Bool, IO) = { asked, io in
            var io = io
            guard asked else {
                let read = io.addOutput(.readLine, for: ConsoleInputIO.self)
                io.cancel(read)
                return (true, io)
            }
            return (asked, io)
        }
        // The read blocks its own thread until the gate opens, after the app has ended.
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: false,
            handlers: ConsoleOutputHandler { _ in },
            ConsoleInputHandler {
                reader.waitBlocking(); return "late"
            })
        #expect(await main.run())
        reader.open()
    }
}

extension Gate {
    /// Blocks the calling thread (not one of the pool's) until the gate opens.
    func waitBlocking() {
        let semaphore = DispatchSemaphore(value: 0)
        Task.detached {
            await self.wait()
            semaphore.signal()
        }
        semaphore.wait()
    }
}
