import Foundation
import Mason
import MasonNetwork
import PropertyBased
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `HTTPRetryPolicy` retries, and its presets' exact values.
@Suite struct HTTPRetryPolicyTests {
    private static func request(method: String?) -> URLRequest {
        var request = URLRequest(url: NetworkTestSupport.url("http://example.test/"))
        request.httpMethod = method
        return request
    }

    @Test func theStandardScheduleIsThreeJitteredExponentialRetriesWithCapAndBudget() {
        let schedule = HTTPRetryPolicy.standard.schedule
        #expect(schedule.maximumAttempts == 4)
        #expect(schedule.jitter == .full)
        #expect(schedule.maximumDelay == .seconds(30))
        #expect(schedule.budget == .seconds(60))
    }

    @Test func theStandardScheduleDoublesFromHalfASecondAndHonoursRetryAfter() {
        let schedule = HTTPRetryPolicy.standard.schedule
        let backoff: RetryPolicy.Backoff = .exponential(initial: .milliseconds(500), multiplier: 2)
        #expect(schedule.backoff == backoff)
        let backoffs: [Duration] = [.milliseconds(500), .seconds(1), .seconds(2)]
        #expect((1...3).map { schedule.delay(beforeRetry: $0, randomUnit: 1) } == backoffs)
        #expect(HTTPRetryPolicy.standard.honorsRetryAfter)
    }

    @Test func theStandardPolicyRetriesIdempotentMethodsOnly() {
        let policy = HTTPRetryPolicy.standard
        for method in ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE", "get"] {
            #expect(policy.shouldRetry(method: HTTPMethod(method)), "\(method)")
        }
        for method in ["POST", "PATCH", "CONNECT"] {
            #expect(!policy.shouldRetry(method: HTTPMethod(method)), "\(method)")
        }
        #expect(policy.shouldRetry(Self.request(method: nil)))
        #expect(!policy.shouldRetry(Self.request(method: "POST")))
    }

    @Test func theStandardPolicyRetriesTimeoutsThrottlingAndGatewayErrors() {
        let policy = HTTPRetryPolicy.standard
        let statuses: Set<HttpStatusCode> = [408, 429, 500, 502, 503, 504]
        #expect(policy.retryableStatusCodes == statuses)
        for status in [200, 201, 301, 304, 400, 401, 403, 404, 409, 422, 501, 505] {
            #expect(!policy.shouldRetry(status: status), "\(status)")
        }
    }

    @Test func connectionFailuresAreRetryableAsURLErrorsOrAsNetworkRequestErrors() {
        let policy = HTTPRetryPolicy.standard
        let codes: [URLError.Code] = [
            .timedOut, .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet, .cannotFindHost,
            .dnsLookupFailed, .badServerResponse
        ]
        for code in codes {
            #expect(policy.isRetryable(URLError(code)), "\(code)")
            #expect(policy.isRetryable(NetworkRequestError.failed(description: "down", code: code)), "\(code)")
        }
        #expect(!policy.isRetryable(URLError(.badURL)))
        #expect(!policy.isRetryable(URLError(.userAuthenticationRequired)))
        #expect(!policy.isRetryable(NetworkRequestError.failed(description: "odd", code: nil)))
        #expect(!policy.isRetryable(NetworkRequestError.bodyTooLarge(limit: 10)))
        #expect(!policy.isRetryable(NetworkRequestError.noResponse))
    }

    @Test func aCancellationIsNeverRetryable() {
        var policy = HTTPRetryPolicy.standard
        policy.retryableURLErrorCodes.insert(.cancelled)  // even when asked to
        #expect(!policy.isRetryable(CancellationError()))
        #expect(!policy.isRetryable(URLError(.cancelled)))
        #expect(!policy.isRetryable(NetworkRequestError.canceledByUser))
        #expect(!policy.isRetryable(NetworkRequestError.failed(description: "cancelled", code: .cancelled)))
    }

    @Test func theAlamofirePresetIsAlamofire5sRetryPolicyExactly() {
        let policy = HTTPRetryPolicy.alamofire
        #expect(policy.schedule.maximumAttempts == 3)
        #expect(policy.schedule.jitter == .none)
        #expect(policy.schedule.maximumDelay == nil)
        #expect(policy.schedule.budget == nil)
        let firstDelay: Duration = policy.schedule.delay(beforeRetry: 1)
        let secondDelay: Duration = policy.schedule.delay(beforeRetry: 2)
        #expect(firstDelay == Duration.milliseconds(500))
        #expect(secondDelay == Duration.seconds(1))
    }

    @Test func theAlamofirePresetRetriesWhatAlamofire5Retries() {
        let policy = HTTPRetryPolicy.alamofire
        let methods: Set<HTTPMethod> = [.delete, .get, .head, .options, .put, .trace]
        let statuses: Set<HttpStatusCode> = [408, 500, 502, 503, 504]
        #expect(policy.retryableMethods == methods)
        #expect(policy.retryableStatusCodes == statuses)
        #expect(!policy.shouldRetry(status: 429))
        #expect(!policy.honorsRetryAfter)
        #expect(policy.retryableURLErrorCodes.count == 18)
        #expect(policy.isRetryable(URLError(.badServerResponse)))
        #expect(policy.isRetryable(URLError(.secureConnectionFailed)))
    }

    @Test func theNeverPresetMakesOneAttempt() {
        #expect(HTTPRetryPolicy.never.schedule.maximumAttempts == 1)
        #expect(!HTTPRetryPolicy.never.shouldRetry(Self.request(method: "GET")))
    }

    @Test func jitteredDelaysStayBetweenZeroAndTheCappedBackoff() async {
        await propertyCheck(input: Gen.int(in: 1...40), Gen.double(in: 0..<1)) { retry, unit in
            var schedule = HTTPRetryPolicy.standard.schedule
            schedule.random = { unit }
            let backoff = Duration.milliseconds(500) * Double(sign: .plus, exponent: retry - 1, significand: 1)
            let cap = min(backoff, .seconds(30))
            let delay = schedule.delay(beforeRetry: retry)
            #expect(delay >= .zero)
            #expect(delay <= cap)
            let expected = cap * unit
            #expect(abs((delay - expected) / .microseconds(1)) < 1)
        }
    }
}
