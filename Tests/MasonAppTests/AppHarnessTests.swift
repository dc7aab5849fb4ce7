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
        // Cancelled in the run that added it, the timer never starts: no handler answers it.
        #expect(throws: AppHarnessFailure.self) { try app.receive(.timerFired, forToken: timer) }
        try app.fail(CancellationError(), forToken: timer)
        #expect(app.state == 1)
    }

    /// The loop runs the function with no input first, and once: an input before `start()` and a
    /// second `start()` are steps no app takes. (Before, the harness ran them, and a test could pass on
    /// a trace the runtime never produces.)
    @Test func inputsBeforeStartAndASecondStartAreRefused() throws {
        var app = AppHarness({ (count: Int, io: IOContainer<TimerIO>) in (count + 1, io) }, state: 0)
        #expect(throws: AppHarnessFailure.self) { try app.receive(.timerFired, as: TimerIO.self) }
        try app.start()
        #expect(throws: AppHarnessFailure.self) { try app.start() }
        try app.receive(.timerFired, as: TimerIO.self)
        #expect(app.state == 2)
    }

    /// As in the loop: a container the function builds itself numbers on from the harness's count.
    @Test func aContainerTheFunctionBuildsNeverRepeatsAToken() throws {
        let function: ([IOToken<TimerIO>], IOContainer<TimerIO>) -> ([IOToken<TimerIO>], IOContainer<TimerIO>) = {
            timers, io in
            guard timers.count < 3 else { return (timers, io) }
            var fresh = IOContainer<TimerIO>()
            return (timers + [fresh.addOutput(.addTimer(milliseconds: 5), for: TimerIO.self)], fresh)
        }
        var app = AppHarness(function, state: [])
        try app.start()
        for step in 0..<2 {
            let (_, timer) = try app.expectOutput(TimerIO.self)
            #expect(timer == app.state[step])
            try app.receive(.timerFired, forToken: timer)
        }
        try app.expectOutput(TimerIO.self)
        try app.finish()
        #expect(Set(app.state).count == 3, "tokens \(app.state)")
        #expect(app.diagnostics.isEmpty)
    }

    @Test func aContainerKeptFromBeforeIsRenumberedWithADiagnostic() throws {
        let stale = IOContainer<TimerIO>().addingOutput(.addTimer(milliseconds: 5), for: TimerIO.self).io
        var app = AppHarness({ (count: Int, _: IOContainer<TimerIO>) in (count + 1, stale) }, state: 0)
        try app.start()
        let first = try app.expectOutput(TimerIO.self).token
        try app.receive(.timerFired, forToken: first)
        let second = try app.expectOutput(TimerIO.self).token
        #expect(first != second)
        #expect(app.diagnostics.count == 1)
        #expect(app.diagnostics.first?.contains("token #0 became #1") == true, "\(app.diagnostics)")
    }
}

/// An error a handler might throw.
private struct Offline: Error {}
