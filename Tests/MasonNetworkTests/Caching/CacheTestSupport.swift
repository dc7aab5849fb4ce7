import Foundation
import Mason
import MasonNetwork
import MasonTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Helpers shared by the cache and single-flight tests, in a namespace so their names cannot clash.
enum CacheTestSupport {
    /// A GET request for `url` that bypasses URLSession's own cache, with optional header fields.
    static func request(
        _ url: URL, method: String = "GET", headers: [String: String] = [:]
    ) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 300)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// A fresh transport to the loopback server (no shared URLSession state between tests).
    static func network() -> URLSessionTransport {
        URLSessionTransport(configuration: .ephemeral)
    }

    /// The body as UTF-8 text.
    static func text(_ answer: (Data, HTTPURLResponse)) -> String {
        String(decoding: answer.0, as: UTF8.self)
    }

    /// A latch the tests open by hand: `wait()` suspends until `open()`, or throws
    /// `CancellationError` when the waiting task is cancelled first.
    final class Valve: Sendable {
        private struct State {
            var isOpen = false
            var nextID = 0
            var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
        }

        private let state = Locked(State())

        /// Lets every waiter, present and future, through.
        func open() {
            let waiters = state.withLock { state in
                state.isOpen = true
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            for waiter in waiters { waiter.resume(returning: true) }
        }

        /// The number of tasks waiting at the valve.
        var waiting: Int {
            state.withLock { $0.waiters.count }
        }

        func wait() async throws {
            let id = state.withLock { state in
                state.nextID += 1
                return state.nextID
            }
            try await state.suspend(
                until: { $0.isOpen },
                park: { state, continuation in state.waiters[id] = continuation },
                unpark: { state in state.waiters.removeValue(forKey: id) })
        }
    }

    /// A transport that sends through `base` (the real server answers and records the request),
    /// then holds the answer — body or error — at `valve` until the test opens it. A cancelled
    /// holder throws `CancellationError`.
    struct HeldTransport: Transport {
        let base: any Transport
        let valve: Valve

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            let answer: Result<(Data, HTTPURLResponse), any Error>
            do { answer = .success(try await base.send(request)) } catch { answer = .failure(error) }
            try await valve.wait()
            return try answer.get()
        }
    }
}
