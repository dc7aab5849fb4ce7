import Dispatch
import Foundation
import Mason
import MasonApp
import Testing

// SimpleFunctional's README, compiled with cosmetic changes only (Swift 6: `@Sendable` closures,
// `AnyObject` for `class`, `IOContainer<…>` for `IOContainer3<…>`, `Main<App>` for `Main`).

/// Pure functional IO struct.
struct TimerIO: IOType {
    enum Input {
        case timerFired
    }

    enum Output {
        case addTimer(milliseconds: UInt)
    }
}

/// Ugly, imperative IO Handler class.
final class TimerIOHandler: IOHandling {

    typealias IO = TimerIO

    func handle(output: IO.Output, token: IOToken<IO>, inputClosure: @escaping @Sendable (IO.Input) -> Void) {
        guard case let IO.Output.addTimer(milliseconds) = output else { return }

        queue.asyncAfter(deadline: .now() + .milliseconds(Int(milliseconds))) {
            inputClosure(.timerFired)
        }
    }

    private let queue = DispatchQueue(label: "TimerIOHandler.queue", attributes: .concurrent)
}

/// A view-like IO: the pure function asks for text to be displayed; the view answers with taps.
struct ViewIO: IOType {
    enum Input {
        case didTapFetch
    }

    enum Output: Equatable {
        case display(String)
    }
}

/// Records what the app displays (the screen of these tests).
final class ViewIOHandler: IOHandling {
    typealias IO = ViewIO
    static let screen = Locked<[String]>([])

    func handle(output: IO.Output, token: IOToken<IO>, inputClosure: @escaping @Sendable (IO.Input) -> Void) {
        guard case let .display(text) = output else { return }
        Self.screen.withLock { $0.append(text) }
    }
}

/// An HTTP-like IO, answered at once with a canned body.
struct HTTPIO: IOType {
    enum Input {
        case response(String)
    }

    enum Output {
        case get(path: String)
    }
}

final class HTTPIOHandler: IOHandling {
    typealias IO = HTTPIO

    func handle(output: IO.Output, token: IOToken<IO>, inputClosure: @escaping @Sendable (IO.Input) -> Void)
        async throws
    {
        guard case let .get(path) = output else { return }
        inputClosure(.response("weather for \(path)"))
    }
}

/// Convenience alias for the app's IO container type.
typealias IO = MainFactory.IO

extension MainFactory {
    typealias Handler0 = ViewIOHandler
    typealias Handler1 = HTTPIOHandler
    typealias Handler2 = TimerIOHandler

    typealias IO = IOContainer<Handler0.IO, Handler1.IO, Handler2.IO>

    private static let handlerTypes = (Handler0.self, Handler1.self, Handler2.self)

    static func createMain() -> Main<App> {
        // App is a struct that has a run function on it, which takes IO.
        // It is the main entry point for my pure code and is completely immutable and functionally pure.
        let topLevelFunc: (App, IO) -> (App, IO) = { $0.run(io: $1) }
        return Self.createMain(topLevelFunction: topLevelFunc, initialState: .init(), handlerTypes: handlerTypes)
    }
}

/// The pure app: fetches once, displays the answer, then waits two timer ticks and ends.
struct App {
    func run(io: IO) -> (App, IO) {
        if !io.hasInput {
            let (io, request) = io.addingOutput(.get(path: "/forecast?city=Oslo"), for: HTTPIO.self)
            return (
                App(request: request, ticks: 0, shown: shown),
                io.addingOutput(.display("loading…"), for: ViewIO.self).io
            )
        }
        if let request, case .response(let body)? = io.input(forToken: request) {
            let shown = io.addingOutput(.display(body), for: ViewIO.self).io
            return (
                App(request: nil, ticks: ticks, shown: self.shown + 1),
                shown.addingOutput(.addTimer(milliseconds: 5), for: TimerIO.self).io
            )
        }
        if case .timerFired? = io.input(of: TimerIO.self) {
            let next = App(request: nil, ticks: ticks + 1, shown: shown)
            return next.ticks < 2
                ? (next, io.addingOutput(.addTimer(milliseconds: 5), for: TimerIO.self).io) : (next, io)
        }
        return (self, io)
    }

    init(request: IOToken<HTTPIO>? = nil, ticks: Int = 0, shown: Int = 0) {
        self.request = request
        self.ticks = ticks
        self.shown = shown
    }

    let request: IOToken<HTTPIO>?
    let ticks: Int
    let shown: Int
}

@Suite(.timeLimit(.minutes(5)), .serialized) struct SeedExampleTests {
    @Test func theReadmeAppRunsToItsEnd() async {
        ViewIOHandler.screen.withLock { $0 = [] }
        let main = MainFactory.createMain()
        main.start()
        main.start()  // idempotent
        let final = await main.run()
        #expect(final.shown == 1)
        #expect(final.ticks == 2, "the app stayed alive while each timer was pending")
        #expect(ViewIOHandler.screen.withLock { $0 } == ["loading…", "weather for /forecast?city=Oslo"])
        #expect(main.hasEnded)
        #expect(main.diagnostics.isEmpty)
    }
}
