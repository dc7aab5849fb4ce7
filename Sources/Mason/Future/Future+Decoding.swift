// The one file of Mason that imports Foundation (JSON decoding of a `Future<Data>`, as in Sundell's
// networking). The smaller FoundationEssentials is used where it exists.
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension Future where Value == Data {
    /// Decodes the future's data as JSON: Sundell's `decoded(as:using:)`.
    ///
    /// A decoding error rejects the result with the `DecodingError` unchanged, so its coding path and
    /// debug description survive. A rejection of this future passes through without decoding.
    ///
    /// ```swift
    /// let product = urlSession.request(.product(withID: 7)).decoded(as: Product.self)   // Future<Product>
    /// let strict = networking(endpoint).decoded(as: Product.self, using: snakeCaseDecoder)
    /// ```
    /// - Parameters:
    ///   - type: The type to decode; inferred from the context when omitted.
    ///   - decoder: The decoder; a new `JSONDecoder()` by default.
    /// - Returns: A future of the decoded value.
    public func decoded<Decoded: Decodable & Sendable>(
        as type: Decoded.Type = Decoded.self,
        using decoder: JSONDecoder = JSONDecoder()
    ) -> Future<Decoded> {
        transformed { data in try decoder.decode(type, from: data) }
    }

    /// Decodes the future's data as JSON with a new `JSONDecoder`, inferring the type from the context:
    /// Sundell's `decoded()`.
    ///
    /// This overload has no parameters, so the unapplied method `Future.decoded` has the type
    /// `(Future<Data>) -> () -> Future<Decoded>` and chains into a networking function:
    ///
    /// ```swift
    /// let loadProduct: @Sendable (Endpoint) -> Future<Product> = chain(networking, to: Future.decoded)
    /// let product: Future<Product> = networking(.product(withID: 7)).decoded()
    /// ```
    /// - Returns: A future of the decoded value.
    public func decoded<Decoded: Decodable & Sendable>() -> Future<Decoded> {
        decoded(as: Decoded.self, using: JSONDecoder())
    }
}
