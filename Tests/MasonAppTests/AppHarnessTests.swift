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
        try app.expectOutput(HTTPIO.self)
        let failure = #expect(throws: AppHarnessFailure.self) { try app.finish() }
        #expect(failure?.description.contains("display(\"loading…\")") == true)
        #expect(throws: AppHarnessFailure.self) { try app.expectOutput(TimerIO.self) }
    }
}
