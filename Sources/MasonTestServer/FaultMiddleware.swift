import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The request context of the loopback server: Hummingbird's basic context plus the connection, so a
/// fault can close it.
///
/// ```swift
/// let router = Router(context: LoopbackRequestContext.self)
/// ```
struct LoopbackRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// Thrown after a fault closed the connection on purpose; nothing can be sent any more.
struct LoopbackConnectionClosed: Error {}

/// The first middleware of every request: records it, picks its fault, and applies the fault.
///
/// The fault comes from the request itself (``LoopbackServer/faultHeaderName`` or
/// ``LoopbackServer/faultQueryName``), else from the script of its id, else from the script of its path.
/// A fault that waits runs under `consumeWithInboundCloseHandler`, so the server notices the client going
/// away; such responses carry `Connection: close`.
///
/// ```swift
/// router.add(middleware: FaultMiddleware(storage: storage, maximumBodySize: 1 << 24, keepsConnectionsAlive: true))
/// ```
struct FaultMiddleware: RouterMiddleware {
    typealias Context = LoopbackRequestContext

    let storage: LoopbackStorage
    let maximumBodySize: Int
    let keepsConnectionsAlive: Bool

    private static let idHeader = HTTPField.Name(LoopbackServer.idHeaderName)!
    private static let faultHeader = HTTPField.Name(LoopbackServer.faultHeaderName)!

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await respond(to: request, context: context, next: next)
        if !keepsConnectionsAlive {
            response.headers[.connection] = "close"
        }
        return response
    }

    private func respond(
        to request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let query = LoopbackServer.queryDictionary(request)
        let id = request.headers[Self.idHeader] ?? query[LoopbackServer.idQueryName]
        let spec = request.headers[Self.faultHeader] ?? query[LoopbackServer.faultQueryName]
        let fault = spec.map { Fault($0) } ?? storage.nextFault(path: request.uri.path, id: id)

        guard let fault, fault.waits else {
            var request = request
            let body: ByteBuffer
            if case .throttledUpload(let rate, let duration) = fault?.kind {
                body = try await collect(request.body, bytesPerSecond: rate, for: duration)
                request.body = RequestBody(buffer: body)
            } else {
                body = try await request.collectBody(upTo: maximumBodySize)
            }
            let record = record(request, body: body, query: query, id: id, fault: fault)
            if spec != nil, fault == nil {
                let message = "Invalid \(LoopbackServer.faultHeaderName) spec: \(spec ?? "")"
                return LoopbackServer.jsonError(400, message: message)
            }
            return try await apply(fault?.kind ?? .passThrough, request, context, next, gate: nil, record: record)
        }

        let gate = storage.openGate()
        defer { storage.closeGate(gate) }
        let storage = storage
        var response = try await request.body.consumeWithInboundCloseHandler { body in
            var request = request
            let buffer = try await body.collect(upTo: maximumBodySize)
            request.body = RequestBody(buffer: buffer)
            let record = record(request, body: buffer, query: query, id: id, fault: fault)
            if let disconnected = gate.attach(record) {
                storage.recordDisconnection(disconnected)
            }
            return try await apply(fault.kind, request, context, next, gate: gate, record: record)
        } onInboundClosed: {
            if let disconnected = gate.disconnect() {
                storage.recordDisconnection(disconnected)
            }
        }
        response.headers[.connection] = "close"
        return response
    }

    /// `body`, read no faster than `bytesPerSecond` for `duration`: after each part the server waits
    /// until the bytes so far fit the rate, reading nothing meanwhile; then it reads at full speed.
    /// Throws when the server stops during a wait.
    private func collect(_ body: RequestBody, bytesPerSecond: Int, for duration: Duration) async throws -> ByteBuffer {
        let clock = ContinuousClock()
        var slowUntil: ContinuousClock.Instant?
        var collected = ByteBuffer()
        for try await var part in body {
            guard collected.readableBytes + part.readableBytes <= maximumBodySize else {
                throw NIOTooManyBytesError(maxBytes: maximumBodySize)
            }
            let start = slowUntil.map { $0 - duration } ?? clock.now
            slowUntil = start + duration
            collected.writeBuffer(&part)
            let due = min(start + .seconds(Double(collected.readableBytes) / Double(bytesPerSecond)), start + duration)
            if due > clock.now {
                guard await storage.pause(for: due - clock.now) else { throw CancellationError() }
            }
        }
        return collected
    }

    private func record(
        _ request: Request,
        body: ByteBuffer,
        query: [String: String],
        id: String?,
        fault: Fault?
    ) -> RecordedRequest {
        storage.record { number in
            RecordedRequest(
                number: number,
                method: request.method.rawValue,
                path: request.uri.path,
                query: query,
                headers: LoopbackServer.headerDictionary(request.headers),
                body: Data(body.readableBytesView),
                id: id,
                fault: fault == .passThrough ? nil : fault
            )
        }
    }

    private func apply(
        _ kind: Fault.Kind,
        _ request: Request,
        _ context: Context,
        _ next: (Request, Context) async throws -> Response,
        gate: ConnectionGate?,
        record: RecordedRequest
    ) async throws -> Response {
        if case .delayed(let duration, let inner) = kind {
            if let gate {
                guard await gate.wait(upTo: duration) == .elapsed else { return try await close(context) }
            } else {
                try await Task.sleep(for: duration)
            }
            return try await apply(inner, request, context, next, gate: gate, record: record)
        }
        if case .neverRespond = kind {
            _ = await gate?.wait(upTo: nil)
            return try await close(context)
        }
        gate?.finish()
        switch kind {
        case .passThrough, .throttledUpload:
            return try await next(request, context)
        case .status(let code, let headers, let body):
            return LoopbackServer.faultResponse(code: code, headers: headers, body: body)
        case .dropConnection:
            return try await close(context)
        case .malformedJSON:
            return Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: Fault.malformedJSONBody))
            )
        case .hugeBody(let bytes, let declaresLength):
            return LoopbackServer.hugeResponse(bytes: bytes, declaresLength: declaresLength) { [storage] in
                storage.recordDisconnection(record)
            }
        case .slowBody(let chunks, let interval):
            let response = try await next(request, context)
            // Paused on a gate, so that stopping the server ends a slow body at once: a graceful
            // shutdown then never waits long enough to be cut short by cancelling the server, which
            // traps in NIO when a connection it accepted meanwhile was never served (swift-nio #3481).
            return try await LoopbackServer.slowed(
                response, chunks: chunks, interval: interval, pause: { [storage] in await storage.pause(for: $0) }
            ) { [storage] in
                storage.recordDisconnection(record)
            }
        case .truncatedBody(let declaresLength):
            let response = try await next(request, context)
            return try await LoopbackServer.truncated(response, declaresLength: declaresLength) {
                [channel = context.channel] in
                try? await channel.close()
            }
        case .delayed, .neverRespond:
            preconditionFailure("handled above")
        }
    }

    /// Closes the connection without a response.
    private func close(_ context: Context) async throws -> Response {
        try? await context.channel.close()
        throw LoopbackConnectionClosed()
    }
}
