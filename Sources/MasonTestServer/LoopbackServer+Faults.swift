/// Injecting faults into a running server.
extension LoopbackServer {
    /// Applies `script` to the requests to `path` (the path without query, exactly), replacing any script
    /// the path had. A request's id script, and a fault sent with the request, take precedence.
    ///
    /// ```swift
    /// server.inject([.status(503), .status(503)], at: "/ip")   // two failures, then normal responses
    /// ```
    ///
    /// - Parameters:
    ///   - script: The faults for successive requests.
    ///   - path: The path, such as `"/products/1"`.
    public func inject(_ script: FaultScript, at path: String) {
        storage.setScript(script, path: path)
    }

    /// Applies `fault` to every request to `path` until ``removeFaults(at:)``.
    ///
    /// ```swift
    /// server.inject(.status(500), at: "/products/1")
    /// ```
    ///
    /// - Parameters:
    ///   - fault: The fault.
    ///   - path: The path, such as `"/products/1"`.
    public func inject(_ fault: Fault, at path: String) {
        storage.setScript(.always(fault), path: path)
    }

    /// Applies `script` to the requests tagged with `id` (header ``idHeaderName`` or query item
    /// ``idQueryName``), whatever their path; replaces any script the id had.
    ///
    /// Each test picks its own id, so tests running at the same time on one server do not interfere.
    ///
    /// ```swift
    /// server.inject([.retryAfter(seconds: 1), .retryAfter(seconds: 1)], forID: "retry-test")
    /// // requests tagged "retry-test": 503, 503, then 200s
    /// ```
    ///
    /// - Parameters:
    ///   - script: The faults for successive requests.
    ///   - id: The test-chosen id.
    public func inject(_ script: FaultScript, forID id: String) {
        storage.setScript(script, id: id)
    }

    /// Applies `fault` to every request tagged with `id` until ``removeFaults(forID:)``.
    ///
    /// ```swift
    /// server.inject(.neverRespond, forID: "cancel-me")
    /// ```
    ///
    /// - Parameters:
    ///   - fault: The fault.
    ///   - id: The test-chosen id.
    public func inject(_ fault: Fault, forID id: String) {
        storage.setScript(.always(fault), id: id)
    }

    /// Removes the script of `path`; its requests get normal responses again.
    ///
    /// ```swift
    /// server.removeFaults(at: "/ip")
    /// ```
    ///
    /// - Parameter path: The path.
    public func removeFaults(at path: String) {
        storage.setScript(nil, path: path)
    }

    /// Removes the script of `id`.
    ///
    /// ```swift
    /// server.removeFaults(forID: "retry-test")
    /// ```
    ///
    /// - Parameter id: The test-chosen id.
    public func removeFaults(forID id: String) {
        storage.setScript(nil, id: id)
    }

    /// Removes every path and id script (including those from ``Configuration/faults``).
    ///
    /// ```swift
    /// server.removeAllFaults()
    /// ```
    public func removeAllFaults() {
        storage.removeAllScripts()
    }
}
