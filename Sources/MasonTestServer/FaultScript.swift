/// What a ``LoopbackServer`` does with successive requests to one path or with one request id.
///
/// Each matching request takes the script's next ``Fault``. Write a sequence as an array literal:
/// `[.status(503), .status(503)]` fails twice, then lets requests through.
///
/// ```swift
/// server.inject([.retryAfter(seconds: 1), .retryAfter(seconds: 1)], forID: "t1")  // 503, 503, then 200s
/// server.inject(.always(.status(500)), at: "/ip")                                 // every request fails
/// server.inject(.cycle([.status(503), .passThrough]), at: "/ip")                  // 503, 200, 503, 200, …
/// ```
///
/// `FaultScript` is a `Sendable` value; the server keeps the position in it.
public struct FaultScript: Sendable, Hashable, ExpressibleByArrayLiteral {
    enum Kind: Sendable, Hashable {
        case sequence([Fault], then: Fault)
        case cycle([Fault])
    }

    let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// The same fault for every request.
    ///
    /// ```swift
    /// server.inject(.always(.dropConnection), at: "/ip")
    /// ```
    ///
    /// - Parameter fault: The fault.
    /// - Returns: The script.
    public static func always(_ fault: Fault) -> FaultScript {
        FaultScript(.sequence([], then: fault))
    }

    /// The faults in order, one per request, then `then` for every later request.
    ///
    /// ```swift
    /// server.inject(.sequence([.status(503), .status(503)], then: .passThrough), forID: "t1")
    /// // same as: server.inject([.status(503), .status(503)], forID: "t1")
    /// ```
    ///
    /// - Parameters:
    ///   - faults: The faults for the first requests.
    ///   - then: The fault for every request after those; the normal response unless given.
    /// - Returns: The script.
    public static func sequence(_ faults: [Fault], then: Fault = .passThrough) -> FaultScript {
        FaultScript(.sequence(faults, then: then))
    }

    /// The faults in order, over and over.
    ///
    /// ```swift
    /// server.inject(.cycle([.retryAfter(seconds: 0), .dropConnection, .passThrough]), at: "/ip")
    /// ```
    ///
    /// - Parameter faults: The faults; at least one.
    /// - Returns: The script.
    public static func cycle(_ faults: [Fault]) -> FaultScript {
        precondition(!faults.isEmpty, "A cycle needs at least one fault")
        return FaultScript(.cycle(faults))
    }

    /// A sequence followed by normal responses: `[.status(503)]` is `.sequence([.status(503)])`.
    ///
    /// ```swift
    /// let script: FaultScript = [.status(503), .status(503)]
    /// ```
    ///
    /// - Parameter elements: The faults for the first requests.
    public init(arrayLiteral elements: Fault...) {
        self.init(.sequence(elements, then: .passThrough))
    }

    /// The fault for the request at `position` (0-based) among those the script has seen.
    func fault(at position: Int) -> Fault {
        switch kind {
        case .sequence(let faults, let then):
            position < faults.count ? faults[position] : then
        case .cycle(let faults):
            faults[position % faults.count]
        }
    }
}
