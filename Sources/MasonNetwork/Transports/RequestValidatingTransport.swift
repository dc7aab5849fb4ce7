import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that runs ``validateRequest(_:)`` on every request before sending it — as
/// ``URLSessionTransport`` and `AsyncHTTPClientTransport` do, since either can be called directly — so
/// the request functions need not run it first.
///
/// The request functions still validate for any other transport: a stub, or a decorator around one of
/// these (which may change the request before passing it on).
package protocol RequestValidatingTransport: Transport {}
