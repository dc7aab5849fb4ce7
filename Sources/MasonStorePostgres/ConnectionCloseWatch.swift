import Mason
import NIOCore
import PostgresNIO

/// What waits on each open connection for it to close, told all at once when it does: one callback on
/// a connection's `closeFuture` however many statements the connection runs.
///
/// A callback per statement would stay on the `closeFuture` until the connection closes (NIO drops a
/// future's callbacks only when it completes), and keep that statement's answer alive with it: a
/// pooled connection that never closes would hold every result it ever read. Here a statement's wait
/// is removed as soon as the statement is answered.
enum ConnectionCloseWatch {
    /// A wait registered with ``onClose(of:_:)``, to pass to ``cancel(_:)``.
    struct Registration: Sendable {
        fileprivate let connection: ObjectIdentifier
        fileprivate let token: Int
    }

    /// The waits on one connection. `connection` tells a new connection apart from a released one
    /// that had the same address; `generation` tells its `closeFuture` callback from the old one's.
    private struct Watched {
        weak var connection: PostgresConnection?
        let generation: Int
        var waits: [Int: @Sendable () -> Void] = [:]
    }

    private struct State {
        var nextToken = 0
        var connections: [ObjectIdentifier: Watched] = [:]
    }

    private static let state = Locked(State())

    /// Calls `action` once when `connection` closes (at once if it has), unless cancelled first.
    ///
    /// ```swift
    /// let closing = ConnectionCloseWatch.onClose(of: connection) { settle(.failure(ConnectionClosed())) }
    /// defer { ConnectionCloseWatch.cancel(closing) }
    /// ```
    /// - Returns: The registration, for ``cancel(_:)``.
    static func onClose(
        of connection: PostgresConnection,
        _ action: @escaping @Sendable () -> Void
    ) -> Registration {
        let key = ObjectIdentifier(connection)
        let (token, generation) = state.withLock { state in
            let token = state.nextToken
            state.nextToken += 1
            var generation: Int?
            if state.connections[key]?.connection !== connection {
                state.connections[key] = Watched(connection: connection, generation: token)
                generation = token
            }
            state.connections[key]?.waits[token] = action
            return (token, generation)
        }
        if let generation {
            // The first wait on this connection: the only callback its `closeFuture` gets from here.
            // It captures the key, not the connection, which its own future must not keep alive.
            connection.closeFuture.whenComplete { _ in
                let waits = state.withLock { state -> [Int: @Sendable () -> Void] in
                    guard state.connections[key]?.generation == generation else { return [:] }
                    return state.connections.removeValue(forKey: key)?.waits ?? [:]
                }
                for wait in waits.values { wait() }
            }
        }
        return Registration(connection: key, token: token)
    }

    /// Forgets a wait: its action will not be called, and nothing it captured is kept.
    ///
    /// ```swift
    /// ConnectionCloseWatch.cancel(closing)
    /// ```
    static func cancel(_ registration: Registration) {
        _ = state.withLock { $0.connections[registration.connection]?.waits.removeValue(forKey: registration.token) }
    }
}
