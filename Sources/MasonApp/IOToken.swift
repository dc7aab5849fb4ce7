/// Identifies one output, typed by its IO kind: the pure function gets it when it adds the output, can
/// keep it in its state, and recognises the input that output caused (`io.input(forToken:)`).
///
/// ```swift
/// let (io, request) = io.addingOutput(.request(URLRequest(url: url)), for: HTTPIO.self)
/// // …a later run:
/// if let response = io.input(forToken: request) { … }
/// ```
public struct IOToken<IO: IOType>: Hashable, Sendable, CustomStringConvertible {
    /// The token's number, unique within one app run.
    public let id: UInt64

    @usableFromInline
    package init(id: UInt64) {
        self.id = id
    }

    /// `IOToken<TimerIO>#3`.
    ///
    /// ```swift
    /// print(token)   // IOToken<TimerIO>#3
    /// ```
    public var description: String {
        "IOToken<\(IO.self)>#\(id)"
    }
}
