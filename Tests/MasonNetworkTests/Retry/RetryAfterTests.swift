import Foundation
import MasonNetwork
import MasonTestServer
import MasonTesting
import PropertyBased
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `Retry-After` values: delta-seconds, the three HTTP-date forms, garbage, and waits against an
/// injected "now".
@Suite struct RetryAfterTests {
    /// Sun, 06 Nov 1994 08:49:37 GMT — RFC 9110's example date.
    private static let example = Date(timeIntervalSince1970: 784_111_777)

    @Test func deltaSecondsAreReadWithOptionalWhitespace() {
        #expect(RetryAfter("120") == .seconds(120))
        #expect(RetryAfter("0") == .seconds(0))
        #expect(RetryAfter("  42 ") == .seconds(42))
        #expect(RetryAfter("007") == .seconds(7))
    }

    @Test func aNumberTooLargeForIntIsReadAsIntMax() {
        #expect(RetryAfter("99999999999999999999999999") == .seconds(Int.max))
    }

    @Test func theThreeHTTPDateFormsGiveTheSameDate() {
        #expect(RetryAfter("Sun, 06 Nov 1994 08:49:37 GMT") == .date(Self.example))
        #expect(RetryAfter("Sunday, 06-Nov-94 08:49:37 GMT", now: Self.example) == .date(Self.example))
        #expect(RetryAfter("Sun Nov  6 08:49:37 1994") == .date(Self.example))
        #expect(RetryAfter("Sun Nov 6 08:49:37 1994") == .date(Self.example))
    }

    @Test func theFieldIsFoundInAResponseHeadWhateverTheCaseOfItsName() throws {
        let url = try #require(URL(string: "https://example.com"))
        let head = ResponseHead(url: url, statusCode: 503, headerFields: ["retry-AFTER": "3"])
        #expect(RetryAfter(head) == .seconds(3))
        #expect(RetryAfter.delay(in: head, now: Self.example) == .seconds(3))
        #expect(RetryAfter(ResponseHead(url: url, statusCode: 503)) == nil)
    }

    @Test func namesAreReadCaseInsensitively() {
        #expect(RetryAfter("sun, 06 NOV 1994 08:49:37 gmt") == .date(Self.example))
    }

    @Test func rfc850YearsMoreThanFiftyYearsAheadAreInThePreviousCentury() throws {
        let now = try #require(RetryAfter("Wed, 01 Jan 2025 00:00:00 GMT"))
        guard case .date(let nowDate) = now else {
            Issue.record("expected a date")
            return
        }
        let soon = RetryAfter("Wednesday, 01-Jan-70 00:00:00 GMT", now: nowDate)
        let past = RetryAfter("Thursday, 01-Jan-80 00:00:00 GMT", now: nowDate)
        #expect(soon?.headerValue == "Wed, 01 Jan 2070 00:00:00 GMT")
        #expect(past?.headerValue == "Tue, 01 Jan 1980 00:00:00 GMT")
    }

    @Test func leapDaysAreValidOnlyInLeapYears() {
        #expect(RetryAfter("Thu, 29 Feb 2024 12:00:00 GMT") != nil)
        #expect(RetryAfter("Wed, 29 Feb 2023 12:00:00 GMT") == nil)
        #expect(RetryAfter("Tue, 29 Feb 2000 12:00:00 GMT") != nil)
        #expect(RetryAfter("Thu, 29 Feb 1900 12:00:00 GMT") == nil)
    }

    @Test(arguments: [
        "", "   ", "soon", "-1", "+5", "1.5", "12 s", "0x10", "1e3",
        "Sun, 06 Nov 1994 08:49:37 UTC",
        "Sun, 06 Nov 1994 08:49:37",
        "Sun, 06 Nov 94 08:49:37 GMT",
        "Sun, 31 Feb 1994 08:49:37 GMT",
        "Sun, 00 Nov 1994 08:49:37 GMT",
        "Sun, 06 Foo 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 06 Nov 1994 08:60:00 GMT",
        "Sun, 06 Nov 1994 8:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 GMT extra",
        "Funday, 06 Nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-1994 08:49:37 GMT",
        "Sunday, 06 Nov 94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 94",
        "Sun Nov 6 08:49:37"
    ])
    func garbageIsNotARetryAfter(_ value: String) {
        #expect(RetryAfter(value) == nil)
    }

    @Test func aDateWaitsUntilItComesAndAPastDateWaitsZero() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RetryAfter.date(now.addingTimeInterval(5)).delay(from: now) == .seconds(5))
        #expect(RetryAfter.date(now.addingTimeInterval(-30)).delay(from: now) == .zero)
        #expect(RetryAfter.date(now).delay(from: now) == .zero)
        #expect(RetryAfter.seconds(7).delay(from: now) == .seconds(7))
    }

    @Test func theHeaderIsFoundInAResponseWhateverTheCaseOfItsName() throws {
        let url = try #require(URL(string: "http://example.test/"))
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: 429, httpVersion: nil, headerFields: ["retry-after": "3"]))
        #expect(RetryAfter(response) == .seconds(3))
        #expect(RetryAfter.delay(in: response, now: Date()) == .seconds(3))
        let without = try #require(HTTPURLResponse(url: url, statusCode: 503, httpVersion: nil, headerFields: [:]))
        #expect(RetryAfter(without) == nil)
    }

    @Test func aDateIsWrittenAsAnIMFFixdate() {
        #expect(RetryAfter.date(Self.example).headerValue == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(RetryAfter.date(Date(timeIntervalSince1970: 0.9)).headerValue == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(RetryAfter.date(Date(timeIntervalSince1970: -1)).headerValue == "Wed, 31 Dec 1969 23:59:59 GMT")
    }

    @Test func secondsRoundTripThroughTheHeaderValue() async {
        await propertyCheck(input: Gen.int(in: 0...Int.max)) { seconds in
            let parsed = RetryAfter(RetryAfter.seconds(seconds).headerValue)
            #expect(parsed == .seconds(seconds))
            #expect(parsed?.delay(from: Date()) == .seconds(seconds))
        }
    }

    @Test func negativeSecondsAreNotARetryAfter() async {
        await propertyCheck(input: Gen.int(in: Int.min...(-1))) { seconds in
            #expect(RetryAfter(String(seconds)) == nil)
        }
    }

    @Test func datesRoundTripThroughTheHeaderValue() async {
        // 1900-01-01 … 9999-12-31, whole seconds.
        await propertyCheck(input: Gen.int(in: -2_208_988_800...253_402_300_799)) { seconds in
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(RetryAfter(RetryAfter.date(date).headerValue) == .date(date))
        }
    }

    @Test func datesWrittenByTheLoopbackServerAreRead() async {
        await propertyCheck(input: Gen.int(in: 0...4_102_444_800)) { seconds in
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(RetryAfter(Fault.httpDate(date)) == .date(date))
            #expect(RetryAfter.date(date).headerValue == Fault.httpDate(date))
        }
    }

    @Test func aDateDelayIsTheTimeFromNowToIt() async {
        await propertyCheck(input: Gen.int(in: -100_000...100_000)) { offset in
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            let value = RetryAfter(Fault.httpDate(now.addingTimeInterval(TimeInterval(offset))))
            #expect(value?.delay(from: now) == .seconds(max(0, offset)))
        }
    }
}
