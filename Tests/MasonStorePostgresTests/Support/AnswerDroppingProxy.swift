import NIOCore
import NIOPosix
import Synchronization

/// A TCP proxy on 127.0.0.1 in front of the PostgreSQL server that loses one statement's answer for
/// real: it forwards the statement, reads the server's whole answer (up to its `ReadyForQuery`) and
/// drops it, then closes the client's side (or keeps it open, or answers for the server by ending the
/// session) — so the server has done the work and the client never hears of it. Every other byte
/// passes through both ways.
///
/// ```swift
/// let proxy = try await AnswerDroppingProxy.start(forwardingTo: "127.0.0.1", port: 5432, dropping: "COMMIT")
/// // connect a client to 127.0.0.1:proxy.port; its first COMMIT is applied, and its answer lost
/// let tag = await proxy.droppedAnswer()   // "COMMIT"
/// ```
final class AnswerDroppingProxy: Sendable {
    /// What the proxy does once it has dropped the answer.
    enum Afterwards: Sendable {
        /// Closes the connection to the client: it sees the connection lost.
        case closeClientSide
        /// Keeps the connection open: the client waits for the answer until it gives up.
        case keepOpen
        /// Answers in the server's place with an error of severity `FATAL` and this SQLSTATE, then
        /// closes: what PostgreSQL sends when it ends a session (`57P01`, a backend terminated by an
        /// administrator, even while a `COMMIT` it had applied waited for a synchronous standby).
        case endSession(sqlState: String)
        /// Answers in the server's place with an error of severity `ERROR` and this SQLSTATE, then
        /// closes: what a pooler sends when its own connection to the server failed (PgBouncer's
        /// "server conn crashed?", `08P01`).
        case failAsAPooler(sqlState: String)
        /// Answers in the server's place with a message of a type the protocol does not have, then
        /// closes: an answer the client cannot read.
        case garble
    }

    /// The proxy's port on 127.0.0.1.
    let port: Int
    private let listener: any Channel
    private let record: Record

    private init(port: Int, listener: any Channel, record: Record) {
        self.port = port
        self.listener = listener
        self.record = record
    }

    /// Starts a proxy to `host`:`port` that drops the answer to the `occurrence`-th statement whose
    /// text is `trigger`, sent as a simple `Query` or an extended-protocol `Parse`.
    ///
    /// ```swift
    /// let proxy = try await AnswerDroppingProxy.start(forwardingTo: "127.0.0.1", port: 5432, dropping: "COMMIT")
    /// ```
    static func start(
        forwardingTo host: String,
        port: Int,
        dropping trigger: String,
        occurrence: Int = 1,
        then afterwards: Afterwards = .closeClientSide
    ) async throws -> AnswerDroppingProxy {
        let record = Record(trigger: trigger, occurrence: occurrence, afterwards: afterwards)
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { client in
                Self.link(client, toHost: host, port: port, record: record)
            }
        let listener: any Channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        let bound: Int = listener.localAddress?.port ?? 0
        return AnswerDroppingProxy(port: bound, listener: listener, record: record)
    }

    /// Connects an accepted client to the server, on the client's event loop, and joins the two.
    private static func link(
        _ client: any Channel,
        toHost host: String,
        port: Int,
        record: Record
    ) -> EventLoopFuture<Void> {
        let cut = Cut()
        return ClientBootstrap(group: client.eventLoop)
            .channelInitializer { server in
                server.eventLoop.makeCompletedFuture {
                    try server.pipeline.syncOperations.addHandler(ServerSide(client: client, cut: cut, record: record))
                }
            }
            .connect(host: host, port: port)
            .flatMapThrowing { server in
                try client.pipeline.syncOperations.addHandler(ClientSide(server: server, cut: cut, record: record))
            }
    }

    /// Waits until an answer was dropped and returns its command tag (`COMMIT`, or `ROLLBACK` when the
    /// server rolled back instead).
    ///
    /// ```swift
    /// #expect(await proxy.droppedAnswer() == "COMMIT")
    /// ```
    func droppedAnswer() async -> String {
        await withCheckedContinuation { continuation in
            record.whenDropped { tag in continuation.resume(returning: tag) }
        }
    }

    /// Stops listening; connections still open stay open until either side closes them.
    ///
    /// ```swift
    /// await proxy.stop()
    /// ```
    func stop() async {
        try? await listener.close().get()
    }
}

/// What the proxy was asked to drop, and the tag of the answer it dropped, shared by every connection.
private final class Record: Sendable {
    let trigger: String
    let afterwards: AnswerDroppingProxy.Afterwards
    private struct State {
        var matchesBeforeTheDropped: Int
        var droppedTag: String?
        var waiters: [@Sendable (String) -> Void] = []
    }
    private let state: Mutex<State>

    init(trigger: String, occurrence: Int, afterwards: AnswerDroppingProxy.Afterwards) {
        self.trigger = trigger
        self.afterwards = afterwards
        state = Mutex(State(matchesBeforeTheDropped: occurrence - 1))
    }

    /// Counts a statement that is the trigger; true when it is the one whose answer to drop.
    func matched() -> Bool {
        state.withLock { state in
            defer { state.matchesBeforeTheDropped -= 1 }
            return state.matchesBeforeTheDropped == 0
        }
    }

    /// Notes the dropped answer's tag and tells whoever waits for it.
    func dropped(tag: String) {
        let waiters: [@Sendable (String) -> Void] = state.withLock { state in
            state.droppedTag = tag
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter(tag) }
    }

    /// Calls `action` with the dropped answer's tag, at once if it was dropped already.
    func whenDropped(_ action: @escaping @Sendable (String) -> Void) {
        let tag: String? = state.withLock { state in
            if state.droppedTag == nil { state.waiters.append(action) }
            return state.droppedTag
        }
        if let tag { action(tag) }
    }
}

/// Whether one proxied connection is dropping the server's answers, set by the client's side when the
/// statement passes and read by the server's side. Both sides run on the client's event loop, but a
/// lock keeps that from mattering.
private final class Cut: Sendable {
    let isOn = Mutex(false)
}

/// PostgreSQL's framing: a message is a type byte and a length that counts itself and the body; the
/// client's first messages (startup, or a TLS or GSS request before it) have no type byte.
private enum Framing {
    /// The first whole message in `buffer`, removed from it, or `nil` while it is incomplete.
    static func nextMessage(in buffer: inout ByteBuffer, typed: Bool) -> (type: UInt8, body: ByteBuffer)? {
        let header: Int = typed ? 5 : 4
        guard buffer.readableBytes >= header else { return nil }
        let type: UInt8 = typed ? buffer.getInteger(at: buffer.readerIndex) ?? 0 : 0
        let lengthIndex: Int = buffer.readerIndex + (typed ? 1 : 0)
        guard let length: Int32 = buffer.getInteger(at: lengthIndex), length >= 4 else { return nil }
        let total: Int = Int(length) + (typed ? 1 : 0)
        guard buffer.readableBytes >= total else { return nil }
        buffer.moveReaderIndex(forwardBy: header)
        let body: ByteBuffer = buffer.readSlice(length: total - header) ?? ByteBuffer()
        return (type, body)
    }
}

/// The client's side: forwards every byte to the server, and turns the cut on when the statement to
/// drop the answer of passes.
private final class ClientSide: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let server: any Channel
    private let cut: Cut
    private let record: Record
    private var unread = ByteBuffer()
    private var startingUp = true

    init(server: any Channel, cut: Cut, record: Record) {
        self.server = server
        self.cut = cut
        self.record = record
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes: ByteBuffer = Self.unwrapInboundIn(data)
        var copy: ByteBuffer = bytes
        unread.writeBuffer(&copy)
        // Read before forwarding: the cut is on before the server can have the whole statement.
        while let (type, body) = Framing.nextMessage(in: &unread, typed: !startingUp) {
            if startingUp {
                // A TLS (80877103) or GSS (80877104) request comes before the startup message.
                let code: Int32 = body.getInteger(at: body.readerIndex) ?? 0
                startingUp = code == 80_877_103 || code == 80_877_104
            } else if isStatement(type: type, body: body), record.matched() {
                cut.isOn.withLock { $0 = true }
            }
        }
        unread.discardReadBytes()
        server.writeAndFlush(bytes, promise: nil)
    }

    /// Whether a message is a simple `Query` ("Q") or a `Parse` ("P", after the statement's name) of
    /// exactly the trigger's text, after the comment Mason starts a run's statements with:
    /// `BEGIN ISOLATION LEVEL READ COMMITTED` is no `COMMIT`.
    private func isStatement(type: UInt8, body: ByteBuffer) -> Bool {
        let fields: [Substring] = String(decoding: body.readableBytesView, as: UTF8.self)
            .split(separator: "\0", omittingEmptySubsequences: false)
        switch type {
        case UInt8(ascii: "Q"): return fields.first.map(Self.untagged) == Substring(record.trigger)
        case UInt8(ascii: "P"): return fields.count > 1 && Self.untagged(fields[1]) == Substring(record.trigger)
        default: return false
        }
    }

    /// `text` without the `/* mason … */ ` comment before it, if any.
    private static func untagged(_ text: Substring) -> Substring {
        guard text.hasPrefix("/* mason "), let end = text.range(of: " */ ") else { return text }
        return text[end.upperBound...]
    }

    func channelInactive(context: ChannelHandlerContext) {
        server.close(promise: nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// The server's side: forwards every byte to the client until the cut is on, then reads the answer to
/// its `ReadyForQuery`, drops it, and does what the proxy was told to do afterwards.
private final class ServerSide: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let client: any Channel
    private let cut: Cut
    private let record: Record
    private var unread = ByteBuffer()
    private var tag = ""
    private var answered = false

    init(client: any Channel, cut: Cut, record: Record) {
        self.client = client
        self.cut = cut
        self.record = record
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes: ByteBuffer = Self.unwrapInboundIn(data)
        guard cut.isOn.withLock({ $0 }) else {
            client.writeAndFlush(bytes, promise: nil)
            return
        }
        // The client sends a statement only once the last one was answered: the server's bytes from
        // here start at a message's beginning.
        unread.writeBuffer(&bytes)
        while !answered, let (type, body) = Framing.nextMessage(in: &unread, typed: true) {
            if type == UInt8(ascii: "C") {
                tag = String(decoding: body.readableBytesView.prefix { $0 != 0 }, as: UTF8.self)
            } else if type == UInt8(ascii: "Z") {
                answered = true
                record.dropped(tag: tag)
                switch record.afterwards {
                case .closeClientSide:
                    client.close(promise: nil)
                    context.close(promise: nil)
                case .keepOpen:
                    break
                case .endSession(let sqlState):
                    answer(Self.error(sqlState: sqlState, allocator: client.allocator), context: context)
                case .failAsAPooler(let sqlState):
                    let message = Self.error(
                        sqlState: sqlState, severity: "ERROR", message: "server conn crashed?",
                        allocator: client.allocator)
                    answer(message, context: context)
                case .garble:
                    var garbage = client.allocator.buffer(capacity: 5)
                    garbage.writeInteger(UInt8(ascii: "x"))  // no backend message has this type
                    garbage.writeInteger(Int32(4))
                    answer(garbage, context: context)
                }
            }
        }
    }

    /// Sends `message` to the client in the server's place, then closes both sides.
    private func answer(_ message: ByteBuffer, context: ChannelHandlerContext) {
        let client: any Channel = client
        client.writeAndFlush(message).whenComplete { _ in client.close(promise: nil) }
        context.close(promise: nil)
    }

    /// An `ErrorResponse` ("E"), of severity `FATAL` unless said otherwise: its fields, each a code
    /// byte and a NUL-terminated text, then a NUL.
    private static func error(
        sqlState: String, severity: String = "FATAL",
        message: String = "terminating connection due to administrator command", allocator: ByteBufferAllocator
    ) -> ByteBuffer {
        var fields = ByteBuffer()
        let texts: [(UInt8, String)] = [
            (UInt8(ascii: "S"), severity), (UInt8(ascii: "V"), severity), (UInt8(ascii: "C"), sqlState),
            (UInt8(ascii: "M"), message)
        ]
        for (code, text) in texts {
            fields.writeInteger(code)
            fields.writeString(text)
            fields.writeInteger(UInt8(0))
        }
        fields.writeInteger(UInt8(0))
        var message = allocator.buffer(capacity: 5 + fields.readableBytes)
        message.writeInteger(UInt8(ascii: "E"))
        message.writeInteger(Int32(4 + fields.readableBytes))
        message.writeBuffer(&fields)
        return message
    }

    func channelInactive(context: ChannelHandlerContext) {
        client.close(promise: nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
