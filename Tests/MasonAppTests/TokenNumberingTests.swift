import Mason
import MasonApp
import Testing

/// The loop owns the token numbers: a container the pure function builds itself (`IOContainer()`)
/// numbers on from the app's count, so no token is handed out twice.
@Suite(.timeLimit(.minutes(5))) struct TokenNumberingTests {
    /// Answered at once with the number asked for.
    struct EchoIO: IOType {
        typealias Input = Int
        enum Output { case echo(Int) }
    }

    final class EchoIOHandler: IOHandling {
        typealias IO = EchoIO
        func handle(output: EchoIO.Output, token: IOToken<EchoIO>, inputClosure: @escaping @Sendable (Int) -> Void) {
            if case .echo(let number) = output { inputClosure(number) }
        }
    }

    typealias IO = IOContainer<EchoIO>

    struct Echoes: Sendable {
        var tokens: [IOToken<EchoIO>] = []
        /// For each input: the index of every held token it matched.
        var matches: [[Int]] = []
    }

    /// Records which held tokens an input matched.
    static func matching(_ state: Echoes, _ io: IO) -> Echoes {
        var state = state
        state.matches.append(state.tokens.indices.filter { io.input(forToken: state.tokens[$0]) != nil })
        return state
    }

    @Test func aContainerBuiltInThePureFunctionNumbersOnFromTheAppsCount() async {
        let function: (Echoes, IO) -> (Echoes, IO) = { state, io in
            guard io.hasInput else {
                var io = io
                var state = state
                state.tokens.append(io.addOutput(.echo(1), for: EchoIO.self))
                return (state, io)
            }
            var state = Self.matching(state, io)
            guard state.tokens.count < 3 else { return (state, io) }
            // A fresh container, not the one given: the first echo has finished by now.
            var fresh = IO()
            state.tokens.append(fresh.addOutput(.echo(state.tokens.count + 1), for: EchoIO.self))
            return (state, fresh)
        }
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: Echoes(), handlerTypes: EchoIOHandler.self)
        let final = await main.run()
        #expect(Set(final.tokens).count == 3, "tokens \(final.tokens)")
        #expect(final.matches == [[0], [1], [2]], "each echo reached its own token, and only it")
        #expect(main.diagnostics.isEmpty)
    }

    /// Held until the test's gate opens.
    struct HeldIO: IOType {
        enum Input { case released }
        enum Output { case hold }
    }

    final class HeldIOHandler: IOHandling {
        typealias IO = HeldIO
        let gate: Gate
        init(gate: Gate) { self.gate = gate }
        convenience init() { self.init(gate: Gate()) }

        func handle(
            output: HeldIO.Output, token: IOToken<HeldIO>, inputClosure: @escaping @Sendable (HeldIO.Input) -> Void
        ) async {
            await gate.wait()
            inputClosure(.released)
        }
    }

    struct Held: Sendable {
        var held: IOToken<HeldIO>?
        var echo: IOToken<EchoIO>?
        var log: [String] = []
    }

    /// The case that trapped: a fresh container's first output took the number of an output still running.
    @Test func aFreshContainersOutputBesideARunningOneGetsANewToken() async {
        let gate = Gate()
        typealias Both = IOContainer<HeldIO, EchoIO>
        let function: (Held, Both) -> (Held, Both) = { state, io in
            var state = state
            guard let held = state.held else {
                var io = io
                state.held = io.addOutput(.hold, for: HeldIO.self)
                return (state, io)
            }
            if let echo = state.echo, io.input(forToken: echo) != nil {
                state.log.append("echo")
                gate.open()
            }
            if io.input(forToken: held) != nil { state.log.append("held") }
            if io.input(of: EchoIO.self) == 0 {
                // Sent from outside: now ask for an echo in a container of the function's own.
                var fresh = Both()
                state.echo = fresh.addOutput(.echo(7), for: EchoIO.self)
                return (state, fresh)
            }
            return (state, io)
        }
        let main = MainFactory.createMain(
            topLevelFunction: function, initialState: Held(), handlers: HeldIOHandler(gate: gate), EchoIOHandler())
        main.send(0, as: EchoIO.self)
        let final = await main.run()
        #expect(final.log == ["echo", "held"])
        #expect(final.held.map(\.id) != final.echo.map(\.id))
        #expect(main.diagnostics.isEmpty)
    }

    /// A container built before the app ran, returned twice: its second output would repeat a number,
    /// so it gets a new one — no trap — and the diagnostics say so.
    @Test func aContainerKeptFromBeforeIsRenumberedWithADiagnostic() async {
        let stale = IO().addingOutput(.echo(9), for: EchoIO.self).io
        let function: (Int, IO) -> (Int, IO) = { answered, io in
            guard io.hasInput else { return (answered, stale) }
            return answered == 0 ? (1, stale) : (answered + 1, io)
        }
        let main = MainFactory.createMain(topLevelFunction: function, initialState: 0, handlerTypes: EchoIOHandler.self)
        #expect(await main.run() == 2)
        #expect(main.diagnostics.count == 1)
        #expect(main.diagnostics.first?.contains("token #0 became #1") == true, "\(main.diagnostics)")
    }
}
