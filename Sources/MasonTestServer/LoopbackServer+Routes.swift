import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The seeds' endpoints, served by every ``LoopbackServer``, and the responses faults send.
extension LoopbackServer {
    /// The agify-style age guess: `GET /?name=X`.
    private struct AgeGuess: Encodable {
        let name: String
        let age: Int
        let count: Int
    }

    /// An id that is a JSON number when the path component is an integer, else a string.
    private enum FlexibleID: Encodable {
        case number(Int)
        case text(String)

        init(_ text: String) {
            self = Int(text).map(FlexibleID.number) ?? .text(text)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .text(let text): try container.encode(text)
            }
        }
    }

    private struct Product: Encodable {
        let id: FlexibleID
        let name: String
    }

    private struct Echo: Encodable {
        let method: String
        let path: String
        let query: [String: String]
        let headers: [String: String]
        let body: String?
        let bodyBase64: String
    }

    /// The IP address `GET /ip` reports.
    static let reportedIP = "10.0.0.7"

    /// Every route: the seeds' endpoints and those that read the server's state (`GET /secure`).
    static func addRoutes(to router: Router<LoopbackRequestContext>, storage: LoopbackStorage) {
        addRoutes(to: router)
        addAuthRoutes(to: router, storage: storage)
        addWeatherRoutes(to: router)
    }

    /// The seeds' endpoints, which need no state.
    static func addRoutes(to router: Router<LoopbackRequestContext>) {
        router.get("/") { request, _ -> Response in
            guard let name = queryDictionary(request)["name"], !name.isEmpty else {
                return try json(["error": "Missing 'name' parameter"], status: .unprocessableContent)
            }
            return try json(AgeGuess(name: name, age: 48, count: 1))
        }
        router.get("/ip") { request, _ -> Response in
            if queryDictionary(request)["format"] == "json" {
                return try json(["ip": reportedIP])
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: reportedIP))
            )
        }
        router.get("/ipinfo/{ip}/geo") { _, context -> Response in
            try json(["ip": context.parameters.require("ip"), "city": "Lund"])
        }
        router.get("/products/{id}") { _, context -> Response in
            let id = try context.parameters.require("id")
            return try json(Product(id: FlexibleID(id), name: "Product \(id)"))
        }
        router.get("/headers") { request, _ -> Response in
            try json(headerDictionary(request.headers))
        }
        for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] {
            router.on("/echo", method: method) { request, _ -> Response in
                var request = request
                let body = try await request.collectBody(upTo: .max)
                let data = Data(body.readableBytesView)
                return try json(
                    Echo(
                        method: request.method.rawValue,
                        path: request.uri.path,
                        query: queryDictionary(request),
                        headers: headerDictionary(request.headers),
                        body: String(data: data, encoding: .utf8),
                        bodyBase64: data.base64EncodedString()
                    )
                )
            }
        }
    }

    // MARK: Helpers

    /// The decoded query items of `request`; the last one wins when a name repeats.
    static func queryDictionary(_ request: Request) -> [String: String] {
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters {
            query[String(name.removingPercentEncoding ?? String(name))] = String(value)
        }
        return query
    }

    /// The header fields with lowercased names; repeated fields joined with `", "`.
    static func headerDictionary(_ fields: HTTPFields) -> [String: String] {
        var headers: [String: String] = [:]
        for field in fields {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        return headers
    }

    /// A JSON response with sorted keys.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return Response(
            status: status,
            headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    /// `{"error":"<message>","status":<code>}` with status `code`.
    static func jsonError(_ code: Int, message: String) -> Response {
        let text = #"{"error":\#(jsonString(message)),"status":\#(code)}"#
        return Response(
            status: HTTPResponse.Status(code: code, reasonPhrase: Fault.reasonPhrase(code)),
            headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }

    private static func jsonString(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The response of ``Fault/status(_:headers:body:)``.
    static func faultResponse(code: Int, headers: [Fault.Header], body: String?) -> Response {
        var response =
            body.map { text in
                Response(
                    status: HTTPResponse.Status(code: code, reasonPhrase: Fault.reasonPhrase(code)),
                    headers: [.contentType: "application/json"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: text))
                )
            } ?? jsonError(code, message: Fault.reasonPhrase(code))
        var replacedContentType = false
        for header in headers {
            guard let name = HTTPField.Name(header.name) else { continue }
            if name == .contentType, !replacedContentType {
                response.headers[.contentType] = nil
                replacedContentType = true
            }
            response.headers.append(HTTPField(name: name, value: header.value))
        }
        return response
    }

    /// The response of ``Fault/hugeBody(bytes:declaresLength:)``: `{"padding":"xxx…"}`, exactly `bytes` long,
    /// written 64 KiB at a time; `onDisconnect` runs if the client closes the connection before the end.
    static func hugeResponse(
        bytes: Int, declaresLength: Bool, onDisconnect: @escaping @Sendable () -> Void
    ) -> Response {
        let chunkSize = 64 * 1024
        let prefix = Array(#"{"padding":""#.utf8)
        let suffix = Array(#""}"#.utf8)
        let framed = bytes >= prefix.count + suffix.count
        let body = ResponseBody(contentLength: declaresLength ? bytes : nil) { writer in
            var offset = 0
            while offset < bytes {
                let count = min(chunkSize, bytes - offset)
                var chunk = [UInt8](repeating: UInt8(ascii: "x"), count: count)
                if framed {
                    // Only the first and last chunks hold anything but padding.
                    let end = offset + count
                    let suffixStart = bytes - suffix.count
                    if offset < prefix.count {
                        for position in offset..<min(end, prefix.count) {
                            chunk[position - offset] = prefix[position]
                        }
                    }
                    if end > suffixStart {
                        for position in max(offset, suffixStart)..<end {
                            chunk[position - offset] = suffix[position - suffixStart]
                        }
                    }
                }
                do {
                    try await writer.write(ByteBuffer(bytes: chunk))
                } catch {
                    onDisconnect()
                    throw error
                }
                offset += count
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/json"], body: body)
    }

    /// `response` with its body sent in `chunks` pieces, `interval` apart; calls `onDisconnect` if the
    /// client goes away meanwhile. `pause` waits between pieces and says whether the whole interval
    /// passed: when the server stops first, the body ends there and the connection closes.
    static func slowed(
        _ response: Response,
        chunks: Int,
        interval: Duration,
        pause: @escaping @Sendable (Duration) async -> Bool,
        onDisconnect: @escaping @Sendable () -> Void
    ) async throws -> Response {
        let whole = try await collectedBody(of: response)
        let total = whole.readableBytes
        let count = max(1, min(chunks, total))
        let pieces: [ByteBuffer] = (0..<count).map { index in
            let start = total * index / count
            let end = total * (index + 1) / count
            return whole.getSlice(at: whole.readerIndex + start, length: end - start) ?? ByteBuffer()
        }
        var slowed = response
        slowed.body = ResponseBody(contentLength: total) { writer in
            for (index, piece) in pieces.enumerated() {
                if index > 0, await !pause(interval) { throw CancellationError() }
                do {
                    try await writer.write(piece)
                } catch {
                    onDisconnect()
                    throw error
                }
            }
            try await writer.finish(nil)
        }
        return slowed
    }
}

extension LoopbackServer {
    /// `response` cut short (``Fault/truncatedBody(declaresLength:)``): its head, announcing the whole
    /// body's length when `declaresLength` (else chunked), and the first half of the body; then `close`
    /// closes the connection.
    static func truncated(
        _ response: Response,
        declaresLength: Bool,
        close: @escaping @Sendable () async -> Void
    ) async throws -> Response {
        let whole = try await collectedBody(of: response)
        let half = whole.getSlice(at: whole.readerIndex, length: whole.readableBytes / 2) ?? ByteBuffer()
        var truncated = response
        truncated.body = ResponseBody(contentLength: declaresLength ? whole.readableBytes : nil) { writer in
            try await writer.write(half)
            await close()
            throw LoopbackConnectionClosed()
        }
        return truncated
    }

    /// The whole body of `response`, written out.
    private static func collectedBody(of response: Response) async throws -> ByteBuffer {
        let collector = BodyCollector()
        try await response.body.write(collector)
        return collector.buffer
    }
}

/// A response body writer that keeps what is written, to re-send it differently.
private final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        self.buffer.writeBuffer(&buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
