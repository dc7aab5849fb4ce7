import MasonApp
import MasonTesting
import Testing

/// The README app's pure function, driven by the harness: no loop, no handler, every output asserted.
@Suite(.timeLimit(.minutes(5))) struct AppHarnessTests {
    @Test func theReadmeAppGivenWhenThen() throws {
        var app = AppHarness({ (app: App, io: IO) in app.run(io: io) }, state: App())
        try app.start()
        let (request, token) = try app.expectOutput(HTTPIO.self)
        guard case .get(let path) = request else {
            Issue.record("expected a GET")
            return
        }
        #expect(path == "/forecast?city=Oslo")
        #expect(try app.expectOutput(ViewIO.self).output == .display("loading…"))
        try app.receive(.response("sunny"), forToken: token)
        #expect(try app.expectOutput(ViewIO.self).output == .display("sunny"))
        let (_, timer) = try app.expectOutput(TimerIO.self)
        try app.receive(.timerFired, forToken: timer)
        try app.expectOutput(TimerIO.self)
        try app.finish()
        #expect(app.state.shown == 1)
        #expect(app.state.ticks == 1)
    }

    @Test func anUnassertedOutputFailsTheNextStep() throws {
        var app = AppHarness({ (app: App, io: IO) in app.run(io: io) }, state: App())
        try app.start()
        let (_, token) = try app.expectOutput(HTTPIO.self)
        // The view's "loading…" is left unasserted: every kind of step refuses to run.
        let failure = #expect(throws: AppHarnessFailure.self) { try app.receive(.response("x"), forToken: token) }
        #expect(failure?.description.contains("display(\"loading…\")") == true)
        #expect(throws: AppHarnessFailure.self) { try app.fail(Offline(), forToken: token) }
        #expect(throws: AppHarnessFailure.self) { try app.receive(.timerFired, as: TimerIO.self) }
        #expect(throws: AppHarnessFailure.self) { try app.start() }
        #expect(throws: AppHarnessFailure.self) { try app.finish() }
        #expect(app.state.shown == 0, "the refused step did not run the function")
        #expect(app.state.request == token)
        // Once it is taken, the same step runs.
        #expect(try app.expectOutput(ViewIO.self).output == .display("loading…"))
        try app.receive(.response("x"), forToken: token)
        #expect(app.state.shown == 1)
        #expect(throws: AppHarnessFailure.self) { try app.expectOutput(HTTPIO.self) }
    }

    @Test func anUnassertedCancellationFailsTheNextStep() throws {
        let function: (Int, IOContainer<TimerIO>) -> (Int, IOContainer<TimerIO>) = { count, io in
            var io = io
            guard io.hasInput else {
                let timer = io.addOutput(.addTimer(milliseconds: 5), for: TimerIO.self)
                io.cancel(timer)
                return (count, io)
            }
            return (count + 1, io)
        }
        var app = AppHarness(function, state: 0)
        try app.start()
        let (_, timer) = try app.expectOutput(TimerIO.self)
        #expect(throws: AppHarnessFailure.self) { try app.receive(.timerFired, forToken: timer) }
        #expect(app.state == 0)
        try app.expectCancellation(of: timer)
        try app.receive(.timerFired, forToken: timer)
        #expect(app.state == 1)
    }
}

/// An error a handler might throw.
private struct Offline: Error {}
