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

    /// What became of the read ``quittingCancelsAReadThatBlocks`` cancels.
    struct Quit: Sendable, Equatable {
        var read: IOToken<ConsoleInputIO>?
        var readCancelled = false
        var lines: [ConsoleInputIO.Input] = []
    }

    /// The read under way — its reader blocked on its own thread — when a "q" sent from outside
    /// makes the pure function cancel it: the app ends at once, hearing `CancellationError` for the
    /// read, and never the line the reader returns after. (The test before cancelled the read in the
    /// run that added it, so the handler never ran and this path went untested.)
    @Test func quittingCancelsAReadThatBlocks() async {
        let function: (Quit, IO) -> (Quit, IO) = { quit, io in
            var quit = quit
            var io = io
            guard let read = quit.read else {
                quit.read = io.addOutput(.readLine, for: ConsoleInputIO.self)
                return (quit, io)
            }
            if io.failure(forToken: read) is CancellationError {
                quit.readCancelled = true
            } else if let line = io.input(forToken: read) {
                quit.lines.append(line)
            } else if io.input(of: ConsoleInputIO.self) == .line("q") {
                io.cancel(read)
            }
            return (quit, io)
        }
        let entered = Gate()
        let reader = Gate()
        // The read blocks its own thread until the gate opens, after the app has ended.
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: Quit(),
            handlers: ConsoleOutputHandler { _ in },
            ConsoleInputHandler {
                entered.open()
                reader.waitBlocking()
                return "late"
            })
        let running = Task { await main.run() }
        await entered.wait()
        main.send(.line("q"), as: ConsoleInputIO.self)
        let quit = await running.value
        reader.open()
        #expect(quit.readCancelled, "the pure function heard CancellationError for the read")
        #expect(quit.lines == [], "and never the line read after it quit")
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
