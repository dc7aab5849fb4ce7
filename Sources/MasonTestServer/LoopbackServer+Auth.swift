import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A protected endpoint, to test clients that authenticate and renew their credentials.
///
/// `GET /secure` answers `200 {"authorized":true,"token":"<token>"}` only to a request whose
/// `Authorization` field is exactly `Bearer <token>`, where `<token>` is the one set with
/// ``acceptToken(_:)``. Any other request — no field, another scheme, another token, or no token set
/// yet — gets `401 {"error":"Unauthorized","status":401}` with `WWW-Authenticate: Bearer realm="loopback"`.
/// Changing the accepted token "expires" the old one, as a token rotation does. Every request is
/// recorded (with its `authorization` header) like any other.
extension LoopbackServer {
    /// The path of the protected endpoint: `/secure`.
    ///
    /// ```swift
    /// server.url(LoopbackServer.securePath)   // http://127.0.0.1:PORT/secure
    /// ```
    public static let securePath = "/secure"

    private struct Authorized: Encodable {
        let authorized: Bool
        let token: String
    }

    /// Makes `GET /secure` accept `Authorization: Bearer <token>` from now on, and only that; `nil`
    /// rejects everything (the initial state).
    ///
    /// ```swift
    /// try await LoopbackServer.withRunning { server in
    ///     server.acceptToken("t1")
    ///     var request = URLRequest(url: server.url("/secure"))
    ///     request.setValue("Bearer t1", forHTTPHeaderField: "Authorization")
    ///     _ = try await URLSession.shared.data(for: request)   // 200 {"authorized":true,"token":"t1"}
    ///     server.acceptToken("t2")
    ///     _ = try await URLSession.shared.data(for: request)   // 401: t1 has expired
    /// }
    /// ```
    /// - Parameter token: The bearer token to accept, or `nil` for none.
    public func acceptToken(_ token: String?) {
        storage.acceptedToken = token
    }

    /// The bearer token `GET /secure` accepts now, or `nil` if it accepts none.
    ///
    /// ```swift
    /// server.acceptToken("t2")
    /// server.acceptedToken   // "t2"
    /// ```
    public var acceptedToken: String? {
        storage.acceptedToken
    }

    static func addAuthRoutes(to router: Router<LoopbackRequestContext>, storage: LoopbackStorage) {
        router.get(RouterPath(securePath)) { request, _ -> Response in
            guard let token = storage.acceptedToken,
                request.headers[.authorization] == "Bearer \(token)"
            else {
                var response = jsonError(401, message: Fault.reasonPhrase(401))
                response.headers[.wwwAuthenticate] = #"Bearer realm="loopback""#
                return response
            }
            return try json(Authorized(authorized: true, token: token))
        }
    }
}
