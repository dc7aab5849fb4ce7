/// What one run of the pure function reads and writes: at most one input, and the outputs it adds
/// (SimpleFunctional's `IOContainerN`, for any number of IO kinds).
///
/// The container is a value: ``addingOutput(_:for:)`` returns a new one with the output added and the
/// output's token. The input is read through typed accessors: by the token of the output that caused
/// it, or by its kind.
///
/// ```swift
/// typealias IO = IOContainer<ConsoleOutputIO, TimerIO>
///
/// func update(_ state: Count, _ io: IO) -> (Count, IO) {
///     guard io.input(of: TimerIO.self) != nil else {
///         return (state, io.addingOutput(.addTimer(milliseconds: 1_000), for: TimerIO.self).io)
///     }
///     return (state + 1, io.addingOutput(.print("tick \(state + 1)"), for: ConsoleOutputIO.self).io)
/// }
/// ```
public struct IOContainer<each Kind: IOType>: Sendable {
    /// The input of this run, if any (none on the first run, after `start()`).
    @usableFromInline package let current: Delivery?
    /// The outputs added so far, in order.
    @usableFromInline package var outputs: OutputList
    /// The next token's number: tokens are unique within one app run (the loop's count, or, for a
    /// container built inside the pure function, `TokenNumbering.seed`).
    @usableFromInline package var nextTokenID: UInt64
    /// The token numbers of outputs this run asked to cancel, in order.
    @usableFromInline package var cancellations: [(kind: ObjectIdentifier, tokenID: UInt64)] = []

    @inlinable
    package init(current: Delivery?, nextTokenID: UInt64) {
        self.current = current
        self.outputs = OutputList()
        self.nextTokenID = nextTokenID
    }

    /// A container with no input and no output: for calling the pure function in tests, or for a run
    /// that starts its outputs afresh. Built while an app runs its pure function, it numbers its tokens
    /// on from the app's count, so they never repeat one the app handed out; elsewhere from 0.
    ///
    /// ```swift
    /// let (state, io) = update(.init(), IOContainer<ConsoleOutputIO, TimerIO>())
    /// ```
    public init() {
        self.init(current: nil, nextTokenID: TokenNumbering.seed)
    }

    /// A container whose input is `input`, of kind `kind`, caused by no output: for tests, and what
    /// `Main.send(_:as:)` delivers. Its tokens are numbered as ``init()``'s are.
    ///
    /// ```swift
    /// let io = IOContainer<ConsoleInputIO, TimerIO>(input: .line("q"), as: ConsoleInputIO.self)
    /// ```
    /// - Parameters:
    ///   - input: The input.
    ///   - kind: Its IO kind.
    public init<K: IOType>(input: K.Input, as kind: K.Type) {
        self.init(current: .input(input, of: K.self, tokenID: nil), nextTokenID: TokenNumbering.seed)
    }

    /// Whether this run has an input (`false` only for the first run).
    ///
    /// ```swift
    /// if !io.hasInput { /* the app just started */ }
    /// ```
    @inlinable
    public var hasInput: Bool {
        current != nil
    }

    /// The input caused by the output `token` identifies, if that is this run's input.
    ///
    /// ```swift
    /// if let response = io.input(forToken: state.pendingRequest) { … }
    /// ```
    /// - Parameter token: The token ``addingOutput(_:for:)`` returned.
    /// - Returns: The input, or `nil`.
    @inlinable
    public func input<K: IOType>(forToken token: IOToken<K>) -> K.Input? {
        guard let current, current.tokenID == token.id, case .input(let value) = current.value else { return nil }
        return value.value(as: K.Input.self)
    }

    /// This run's input, if it is of kind `kind`, whatever caused it.
    ///
    /// ```swift
    /// if case .timerFired = io.input(of: TimerIO.self) { … }
    /// ```
    /// - Parameter kind: The IO kind.
    /// - Returns: The input, or `nil`.
    @inlinable
    public func input<K: IOType>(of kind: K.Type) -> K.Input? {
        guard let current, current.kind == ObjectIdentifier(K.self), case .input(let value) = current.value else {
            return nil
        }
        return value.value(as: K.Input.self)
    }

    /// The error the handler of the output `token` identifies threw, if that is this run's input.
    ///
    /// ```swift
    /// if let error = io.failure(forToken: state.pendingRequest) { return (state.offline(error), io) }
    /// ```
    /// - Parameter token: The output's token.
    /// - Returns: The error, or `nil`.
    @inlinable
    public func failure<K: IOType>(forToken token: IOToken<K>) -> (any Error)? {
        guard let current, current.tokenID == token.id, case .failure(let error) = current.value else { return nil }
        return error
    }

    /// A copy with `output` added for the handler of `kind`, and the output's token.
    ///
    /// ```swift
    /// let (next, timer) = io.addingOutput(.addTimer(milliseconds: 500), for: TimerIO.self)
    /// ```
    /// - Parameters:
    ///   - output: What to ask of the world.
    ///   - kind: The IO kind whose handler performs it.
    /// - Returns: The new container and the output's token.
    @inlinable
    public func addingOutput<K: IOType>(_ output: K.Output, for kind: K.Type) -> (io: Self, token: IOToken<K>) {
        adding(output, for: kind, policy: nil)
    }

    /// A copy with `output` added for the handler of `kind`, run under `policy` instead of the
    /// handler's, and the output's token.
    ///
    /// ```swift
    /// let (next, request) = io.addingOutput(.search(query), for: SearchIO.self, policy: .latestWins)
    /// ```
    /// - Parameters:
    ///   - output: What to ask of the world.
    ///   - kind: The IO kind whose handler performs it.
    ///   - policy: How it runs beside the outputs of its kind still running.
    /// - Returns: The new container and the output's token.
    public func addingOutput<K: IOType>(_ output: K.Output, for kind: K.Type, policy: OutputPolicy) -> (
        io: Self, token: IOToken<K>
    ) {
        adding(output, for: kind, policy: policy)
    }

    @inlinable
    func adding<K: IOType>(_ output: K.Output, for kind: K.Type, policy: OutputPolicy?) -> (
        io: Self, token: IOToken<K>
    ) {
        var copy = self
        let token = copy.addOutput(output, for: kind, policy: policy)
        return (copy, token)
    }

    /// Adds `output` for the handler of `kind` to this container and returns its token: the in-place
    /// twin of ``addingOutput(_:for:)``, for a pure function that builds its container step by step.
    /// It adds in place, in constant time; `io = io.addingOutput(…).io` copies the outputs so far each
    /// time, which a run adding thousands pays for.
    ///
    /// ```swift
    /// var io = io
    /// let request = io.addOutput(.request(URLRequest(url: url)), for: HTTPIO.self)
    /// io.addOutput(.print("Fetching…"), for: ConsoleOutputIO.self)
    /// ```
    /// - Parameters:
    ///   - output: What to ask of the world.
    ///   - kind: The IO kind whose handler performs it.
    ///   - policy: How it runs beside the outputs of its kind (default: its handler's).
    /// - Returns: The output's token.
    @discardableResult
    @inlinable
    public mutating func addOutput<K: IOType>(_ output: K.Output, for kind: K.Type, policy: OutputPolicy? = nil)
        -> IOToken<K>
    {
        let token = IOToken<K>(id: nextTokenID)
        nextTokenID += 1
        outputs.append(
            PendingOutput(kind: ObjectIdentifier(K.self), tokenID: token.id, value: ErasedValue(output), policy: policy)
        )
        return token
    }

    /// Asks the loop to cancel the output `token` identifies, after this run, if there is one: the
    /// in-place twin of ``cancelling(_:)``.
    ///
    /// ```swift
    /// io.cancel(state.refreshTimer)
    /// ```
    /// - Parameter token: The output's token, or `nil` (nothing to cancel).
    public mutating func cancel<K: IOType>(_ token: IOToken<K>?) {
        if let token { cancellations.append((ObjectIdentifier(K.self), token.id)) }
    }

    /// A copy that asks the loop to cancel the output `token` identifies, after this run: its handler's
    /// task is cancelled (or, if its handler has not begun it — it waits under a policy, or was added in
    /// this same run — it never starts), and the pure function gets what the handler throws — usually
    /// `CancellationError`, always it for an output that never started — for that token. An output whose handler
    /// has returned is left alone, even while the handler holds its input closure (see ``IOHandling``).
    ///
    /// ```swift
    /// guard io.input(of: ConsoleInputIO.self) != .line("q") else { return (state, io.cancelling(state.refreshTimer)) }
    /// ```
    /// - Parameter token: The output's token.
    /// - Returns: The new container.
    public func cancelling<K: IOType>(_ token: IOToken<K>) -> Self {
        var copy = self
        copy.cancel(token)
        return copy
    }

    /// The token numbers this run asked to cancel: for tests of the pure function.
    ///
    /// ```swift
    /// #expect(io.cancelled(of: TimerIO.self) == [state.refreshTimer])
    /// ```
    /// - Parameter kind: The IO kind of the tokens.
    /// - Returns: The tokens, in the order the run cancelled them.
    public func cancelled<K: IOType>(of kind: K.Type) -> [IOToken<K>] {
        cancellations.compactMap { $0.kind == ObjectIdentifier(K.self) ? IOToken<K>(id: $0.tokenID) : nil }
    }

    /// A copy with `output` added, its kind taken from the token type the caller expects (the seed's
    /// spelling).
    ///
    /// ```swift
    /// let (next, timer): (IO, IOToken<TimerIO>) = io.addingOutput(.addTimer(milliseconds: 500))
    /// ```
    /// - Parameter output: What to ask of the world.
    /// - Returns: The new container and the output's token.
    public func addingOutput<K: IOType>(_ output: K.Output) -> (io: Self, token: IOToken<K>) {
        addingOutput(output, for: K.self)
    }

    /// The outputs of kind `kind` added in this run, in order: for tests of the pure function.
    ///
    /// ```swift
    /// #expect(io.outputs(of: ConsoleOutputIO.self) == [.print("tick 1")])
    /// ```
    /// - Parameter kind: The IO kind.
    /// - Returns: Its outputs.
    public func outputs<K: IOType>(of kind: K.Type) -> [K.Output] {
        outputs.compactMap { $0.kind == ObjectIdentifier(K.self) ? $0.value.value(as: K.Output.self) : nil }
    }

    /// The number of outputs added in this run, of every kind.
    ///
    /// ```swift
    /// io.outputCount   // 0: nothing asked, so the app may end
    /// ```
    public var outputCount: Int {
        outputs.count
    }
}

/// An input on its way to the pure function: its kind, the token of the output that caused it (none
/// for an input sent from outside), and the value or the handler's error.
@usableFromInline
package struct Delivery: Sendable {
    @usableFromInline
    package enum Value: Sendable {
        case input(ErasedValue)
        case failure(any Error)
    }

    @usableFromInline package let kind: ObjectIdentifier
    @usableFromInline package let tokenID: UInt64?
    @usableFromInline package let value: Value

    @usableFromInline
    package init(kind: ObjectIdentifier, tokenID: UInt64?, value: Value) {
        self.kind = kind
        self.tokenID = tokenID
        self.value = value
    }

    /// An input of kind `kind`: the one place an input is tagged with its kind, so that its value is
    /// always a `K.Input` (what ``ErasedValue/value(as:)`` reads it back as).
    @inlinable
    package static func input<K: IOType>(_ input: K.Input, of kind: K.Type, tokenID: UInt64?) -> Delivery {
        Delivery(kind: ObjectIdentifier(K.self), tokenID: tokenID, value: .input(ErasedValue(input)))
    }
}

/// An output on its way to its handler.
@usableFromInline
package struct PendingOutput: Sendable {
    @usableFromInline package let kind: ObjectIdentifier
    @usableFromInline package let tokenID: UInt64
    @usableFromInline package let value: ErasedValue
    /// The policy the output asked for; `nil`: its handler's.
    @usableFromInline package let policy: OutputPolicy?

    @usableFromInline
    package init(kind: ObjectIdentifier, tokenID: UInt64, value: ErasedValue, policy: OutputPolicy?) {
        self.kind = kind
        self.tokenID = tokenID
        self.value = value
        self.policy = policy
    }
}
