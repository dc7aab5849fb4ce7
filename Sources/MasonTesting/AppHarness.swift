public import MasonApp

/// Drives an app's pure function without handlers or a loop — given a state, when an input arrives,
/// then these outputs and this state — and insists that every output is accounted for: an output the
/// test did not take with ``expectOutput(_:)`` fails the next step.
///
/// ```swift
/// var app = AppHarness(update, state: Count())
/// try app.start()
/// let (timer, token) = try app.expectOutput(TimerIO.self)      // .addTimer(milliseconds: 1_000)
/// try app.receive(.timerFired, forToken: token)
/// let (line, _) = try app.expectOutput(ConsoleOutputIO.self)   // .print("tick 1")
/// try app.finish()                                             // no output left unasserted
/// #expect(app.state == Count(ticks: 1))
/// ```
public struct AppHarness<State, each Kind: IOType> {
    /// The pure function under test.
    public typealias Function = (State, IOContainer<repeat each Kind>) -> (State, IOContainer<repeat each Kind>)

    private let function: Function
    /// The state after the last step.
    public private(set) var state: State
    private var unasserted: [PendingOutput] = []
    private var unassertedCancellations: [UInt64] = []
    /// Whether ``start()`` ran.
    private var started = false
    /// The tokens of outputs cancelled in the run that added them: no handler ever answers them.
    private var neverStarted: Set<UInt64> = []
    /// The token count, which only goes up, as the loop's does: a container the function builds
    /// itself numbers on from it.
    private let numbering = TokenNumbering()
    /// What the harness noticed, as `Main.diagnostics` would record it: an output numbered outside the
    /// app (by a container built before the step, or kept from an earlier one) got a new token.
    ///
    /// ```swift
    /// #expect(app.diagnostics.isEmpty)
    /// ```
    public private(set) var diagnostics: [String] = []

    /// A harness for `function`, starting from `state`.
    ///
    /// ```swift
    /// var app = AppHarness(update, state: Count())
    /// ```
    /// - Parameters:
    ///   - function: The pure function.
    ///   - state: The initial state.
    public init(_ function: @escaping Function, state: State) {
        self.function = function
        self.state = state
    }

    /// Runs the function with no input, as `start()` does.
    ///
    /// ```swift
    /// try app.start()
    /// ```
    /// - Throws: ``AppHarnessFailure/unassertedOutputs(_:)`` when outputs of the last step were not taken.
    public mutating func start() throws(AppHarnessFailure) {
        guard !started else { throw .impossibleStep("start() runs the function once, as Main.start() does") }
        try step(nil)
        started = true
    }

    /// Runs the function with an input sent from outside (no token), as `Main.send(_:as:)` does.
    ///
    /// ```swift
    /// try app.receive(.line("q"), as: ConsoleInputIO.self)
    /// ```
    /// - Parameters:
    ///   - input: The input.
    ///   - kind: Its IO kind.
    /// - Throws: ``AppHarnessFailure/unassertedOutputs(_:)`` when outputs of the last step were not taken.
    public mutating func receive<K: IOType>(_ input: K.Input, as kind: K.Type) throws(AppHarnessFailure) {
        try checkStarted()
        try step(.input(input, of: K.self, tokenID: nil))
    }

    /// Runs the function with the input a handler sends back for the output `token` identifies.
    ///
    /// ```swift
    /// try app.receive(.timerFired, forToken: token)
    /// ```
    /// - Parameters:
    ///   - input: The input.
    ///   - token: The token of the output that caused it.
    /// - Throws: ``AppHarnessFailure/unassertedOutputs(_:)`` when outputs of the last step were not taken.
    public mutating func receive<K: IOType>(_ input: K.Input, forToken token: IOToken<K>) throws(AppHarnessFailure) {
        try checkStarted()
        guard !neverStarted.contains(token.id) else {
            throw .impossibleStep(
                "\(token) was cancelled in the run that added it: its handler never runs, and the function"
                    + " only gets CancellationError for it (fail(CancellationError(), forToken:))")
        }
        try step(.input(input, of: K.self, tokenID: token.id))
    }

    /// Runs the function with the error a handler threw for the output `token` identifies.
    ///
    /// ```swift
    /// try app.fail(URLError(.notConnectedToInternet), forToken: request)
    /// ```
    /// - Parameters:
    ///   - error: The handler's error.
    ///   - token: The token of the output.
    /// - Throws: ``AppHarnessFailure/unassertedOutputs(_:)`` when outputs of the last step were not taken.
    public mutating func fail<K: IOType>(_ error: any Error, forToken token: IOToken<K>) throws(AppHarnessFailure) {
        try checkStarted()
        try step(Delivery(kind: ObjectIdentifier(K.self), tokenID: token.id, value: .failure(error)))
    }

    /// Takes the first output of kind `kind` not yet taken, with its token.
    ///
    /// ```swift
    /// let (output, token) = try app.expectOutput(TimerIO.self)
    /// ```
    /// - Parameter kind: The IO kind.
    /// - Returns: The output and its token.
    /// - Throws: ``AppHarnessFailure/missingOutput(_:)`` when there is none.
    @discardableResult
    public mutating func expectOutput<K: IOType>(_ kind: K.Type) throws(AppHarnessFailure) -> (
        output: K.Output, token: IOToken<K>
    ) {
        guard
            let index = unasserted.firstIndex(where: { $0.kind == ObjectIdentifier(K.self) }),
            let output = unasserted[index].value.value(as: K.Output.self)
        else {
            throw .missingOutput("no output of \(K.self) left; unasserted: \(Self.describe(unasserted))")
        }
        let token = IOToken<K>(id: unasserted[index].tokenID)
        unasserted.remove(at: index)
        return (output, token)
    }

    /// Takes the last step's request to cancel the output `token` identifies.
    ///
    /// ```swift
    /// try app.receive(.line("q"), as: ConsoleInputIO.self)
    /// try app.expectCancellation(of: refreshTimer)
    /// ```
    /// - Parameter token: The output's token.
    /// - Throws: ``AppHarnessFailure/missingOutput(_:)`` when the step did not cancel it.
    public mutating func expectCancellation<K: IOType>(of token: IOToken<K>) throws(AppHarnessFailure) {
        guard let index = unassertedCancellations.firstIndex(of: token.id) else {
            throw .missingOutput("\(token) was not cancelled")
        }
        unassertedCancellations.remove(at: index)
    }

    /// Checks that every output and every cancellation has been taken.
    ///
    /// ```swift
    /// try app.finish()
    /// ```
    /// - Throws: ``AppHarnessFailure/unassertedOutputs(_:)`` otherwise.
    public func finish() throws(AppHarnessFailure) {
        guard unasserted.isEmpty else { throw .unassertedOutputs(Self.describe(unasserted)) }
        guard unassertedCancellations.isEmpty else {
            throw .unassertedOutputs("cancellations of tokens \(unassertedCancellations.map { "#\($0)" })")
        }
    }

    /// Throws unless ``start()`` ran: the loop runs the function with no input before any other.
    private func checkStarted() throws(AppHarnessFailure) {
        guard started else { throw .impossibleStep("an input before start(): the loop runs the function first") }
    }

    private mutating func step(_ input: Delivery?) throws(AppHarnessFailure) {
        try finish()
        let floor = numbering.nextTokenID
        let (newState, returned) = TokenNumbering.$current.withValue(numbering) {
            function(state, IOContainer<repeat each Kind>(current: input, nextTokenID: floor))
        }
        var io = returned
        state = newState
        var nextTokenID = io.nextTokenID
        diagnostics += TokenNumbering.claim(&io.outputs, from: floor, upTo: &nextTokenID)
        numbering.advance(to: nextTokenID)
        unasserted = Array(io.outputs)
        unassertedCancellations = io.cancellations.map(\.tokenID)
        let added = Set(unasserted.map(\.tokenID))
        neverStarted.formUnion(unassertedCancellations.filter { added.contains($0) })
    }

    private static func describe(_ outputs: [PendingOutput]) -> String {
        outputs.isEmpty ? "none" : outputs.map { "\($0.value)" }.joined(separator: ", ")
    }
}

/// Why an ``AppHarness`` step failed.
///
/// ```swift
/// #expect(throws: AppHarnessFailure.self) { try app.finish() }
/// ```
public enum AppHarnessFailure: Error, Equatable, CustomStringConvertible {
    /// The last step's outputs were not all taken with `expectOutput`: they are listed.
    case unassertedOutputs(String)
    /// `expectOutput` found no output of the kind asked for.
    case missingOutput(String)
    /// A step the loop never takes: an input before ``AppHarness/start()``, a second `start()`, an
    /// input for an output cancelled in the run that added it (whose handler never runs).
    case impossibleStep(String)

    /// What went wrong, in a sentence.
    ///
    /// ```swift
    /// print(failure)   // unasserted outputs: addTimer(milliseconds: 1000)
    /// ```
    public var description: String {
        switch self {
        case .unassertedOutputs(let outputs): "unasserted outputs: \(outputs)"
        case .missingOutput(let detail): "missing output: \(detail)"
        case .impossibleStep(let detail): "impossible step: \(detail)"
        }
    }
}
