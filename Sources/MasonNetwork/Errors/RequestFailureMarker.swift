import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// A request builder has the shape `(consuming URLRequest) -> URLRequest`, so it cannot fail. When one cannot do
// its work — a body that does not encode, a header value with CR or LF — it records the failure in the
// request itself, in the internal header field `X-Mason-Request-Failure` (its value is Base64, so it
// is a valid header value). `validateRequest(_:)`, which runs before any request is sent, reports the
// recorded failure, so the request never goes out. The first failure recorded is the one reported,
// except that setting a new body clears an encoding failure.

/// The internal header field that records a builder's failure until the request is validated.
let requestFailureField = "X-Mason-Request-Failure"

/// Records `failure` in `request`, unless a failure is recorded already.
func recordFailure(_ failure: NetworkRequestError, in request: inout URLRequest) {
    guard request.value(forHTTPHeaderField: requestFailureField) == nil else { return }
    let parts: [String]
    switch failure {
    case .encodingFailed(let type, let description): parts = ["encoding", type, description]
    case .invalidHeader(let field): parts = ["header", field]
    default: parts = ["other", String(describing: failure)]
    }
    let data = (try? JSONEncoder().encode(parts)) ?? Data()
    request.setValue(data.base64EncodedString(), forHTTPHeaderField: requestFailureField)
}

/// Removes a recorded encoding failure (a new body replaces the one that failed).
func clearEncodingFailure(in request: inout URLRequest) {
    if case .encodingFailed = recordedFailure(of: request) {
        request.setValue(nil, forHTTPHeaderField: requestFailureField)
    }
}

/// The failure recorded in `request`, if any.
func recordedFailure(of request: URLRequest) -> NetworkRequestError? {
    request.value(forHTTPHeaderField: requestFailureField).map(recordedFailure(in:))
}

/// Whether a header field name is the marker's, whatever its case.
func isRequestFailureField(_ name: String) -> Bool {
    name.utf8.count == requestFailureField.utf8.count
        && name.caseInsensitiveCompare(requestFailureField) == .orderedSame
}

/// The failure recorded in the marker field's value.
func recordedFailure(in marker: String) -> NetworkRequestError {
    guard let data = Data(base64Encoded: marker), let parts = try? JSONDecoder().decode([String].self, from: data)
    else { return .invalidRequest }
    switch (parts.first, parts.count) {
    case ("encoding", 3): return .encodingFailed(type: parts[1], description: parts[2])
    case ("header", 2): return .invalidHeader(field: parts[1])
    default: return .invalidRequest
    }
}
