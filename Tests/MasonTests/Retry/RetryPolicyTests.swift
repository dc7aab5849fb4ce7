import Mason
import PropertyBased
import Testing

@Suite struct RetryPolicyTests {
    /// The unjittered delays before retries 1...count.
    private static func schedule(_ policy: RetryPolicy, retries count: Int) -> [Duration] {
        (1...count).map { policy.delay(beforeRetry: $0, randomUnit: 0) }
    }

    @Test func retriesCountAfterTheFirstAttempt() {
        #expect(RetryPolicy(retries: 3).maximumAttempts == 4)
        #expect(RetryPolicy(retries: 3).retries == 3)
        #expect(RetryPolicy(retries: 0).maximumAttempts == 1)
        #expect(RetryPolicy(retries: -5).maximumAttempts == 1, "a negative count means no retry")
        #expect(RetryPolicy(retries: .max).maximumAttempts == .max)
        #expect(RetryPolicy(maximumAttempts: 0).maximumAttempts == 1, "at least one attempt")
        #expect(RetryPolicy(maximumAttempts: 4).retries == 3)
    }

    @Test func constantBackoffWaitsTheSameEveryTime() {
        let policy = RetryPolicy(retries: 4, backoff: .constant(.seconds(2)))
        #expect(Self.schedule(policy, retries: 4) == [.seconds(2), .seconds(2), .seconds(2), .seconds(2)] as [Duration])
        #expect(Self.schedule(.immediate(retries: 2), retries: 2) == [.zero, .zero] as [Duration])
    }

    @Test func linearBackoffGrowsByTheIncrement() {
        let policy = RetryPolicy(retries: 4, backoff: .linear(initial: .seconds(1), increment: .milliseconds(500)))
        let expected: [Duration] = [.seconds(1), .milliseconds(1500), .seconds(2), .milliseconds(2500)]
        #expect(Self.schedule(policy, retries: 4) == expected)
    }

    @Test func exponentialBackoffMultipliesExactly() {
        let doubling = RetryPolicy(retries: 5, backoff: .exponential(initial: .milliseconds(100)))
        let expected: [Duration] = [
            .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .milliseconds(1600)
        ]
        #expect(Self.schedule(doubling, retries: 5) == expected)
        let tripling = RetryPolicy(retries: 3, backoff: .exponential(initial: .seconds(1), multiplier: 3))
        #expect(Self.schedule(tripling, retries: 3) == [.seconds(1), .seconds(3), .seconds(9)] as [Duration])
    }

    @Test func exponentialBackoffWithAFractionalMultiplier() {
        let policy = RetryPolicy(retries: 3, backoff: .exponential(initial: .seconds(2), multiplier: 1.5))
        let seconds: [Double] = Self.schedule(policy, retries: 3).map { $0 / .seconds(1) }
        #expect(seconds.map { ($0 * 1000).rounded() } == [2000, 3000, 4500])
    }

    @Test func maximumDelayCapsEveryBackoff() {
        let cap = Duration.seconds(5)
        let exponential = RetryPolicy(retries: 5, backoff: .exponential(initial: .seconds(1)), maximumDelay: cap)
        #expect(
            Self.schedule(exponential, retries: 5) == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)]
                as [Duration])
        let linear = RetryPolicy(
            retries: 3, backoff: .linear(initial: .seconds(4), increment: .seconds(4)), maximumDelay: cap)
        #expect(Self.schedule(linear, retries: 3) == [.seconds(4), .seconds(5), .seconds(5)] as [Duration])
        let constant = RetryPolicy(retries: 1, backoff: .constant(.seconds(9)), maximumDelay: cap)
        #expect(constant.delay(beforeRetry: 1, randomUnit: 0) == cap)
    }

    @Test func hugeRetryNumbersCapInsteadOfOverflowing() {
        let exponential = RetryPolicy(maximumAttempts: .max, backoff: .exponential(initial: .seconds(1)))
        let longest = exponential.delay(beforeRetry: .max, randomUnit: 0)
        #expect(longest == exponential.delay(beforeRetry: 5000, randomUnit: 0))
        #expect(longest > .seconds(1_000_000_000))
        let capped = RetryPolicy(
            maximumAttempts: .max, backoff: .exponential(initial: .seconds(1)), maximumDelay: .seconds(30))
        #expect(capped.delay(beforeRetry: .max, randomUnit: 0) == .seconds(30))
        let linear = RetryPolicy(
            maximumAttempts: .max, backoff: .linear(initial: .seconds(1), increment: .seconds(1000)))
        #expect(linear.delay(beforeRetry: .max, randomUnit: 0) == longest)
        let shrinking = RetryPolicy(
            maximumAttempts: .max, backoff: .linear(initial: .seconds(1), increment: .seconds(-1000)))
        #expect(shrinking.delay(beforeRetry: .max, randomUnit: 0) == .zero)
    }

    @Test func nonsenseInputsGiveZeroDelays() {
        let negative = RetryPolicy(retries: 2, backoff: .constant(.seconds(-3)))
        #expect(negative.delay(beforeRetry: 1, randomUnit: 0) == .zero)
        let notANumber = RetryPolicy(retries: 2, backoff: .exponential(initial: .seconds(1), multiplier: .nan))
        #expect(notANumber.delay(beforeRetry: 2, randomUnit: 0) == .zero)
        let negativeCap = RetryPolicy(retries: 2, backoff: .constant(.seconds(1)), maximumDelay: .seconds(-1))
        #expect(negativeCap.delay(beforeRetry: 1, randomUnit: 0) == .zero)
        let doubling = RetryPolicy(retries: 2, backoff: .exponential(initial: .seconds(1)))
        #expect(doubling.delay(beforeRetry: 0, randomUnit: 0) == .seconds(1), "retries are numbered from 1")
        #expect(doubling.delay(beforeRetry: -4, randomUnit: 0) == .seconds(1))
    }

    @Test func withoutJitterTheRandomUnitIsIgnored() async {
        let policy = RetryPolicy(
            retries: 10, backoff: .exponential(initial: .milliseconds(50)), maximumDelay: .seconds(20))
        await propertyCheck(input: Gen.int(in: 1...40), Gen.double(in: 0..<1)) { retry, unit in
            #expect(
                policy.delay(beforeRetry: retry, randomUnit: unit) == policy.delay(beforeRetry: retry, randomUnit: 0))
        }
    }

    @Test func fullJitterStaysWithinZeroAndTheCappedDelay() async {
        let jittered = RetryPolicy(
            retries: 10, backoff: .exponential(initial: .milliseconds(50)), jitter: .full, maximumDelay: .seconds(20))
        var plain = jittered
        plain.jitter = .none
        await propertyCheck(input: Gen.int(in: 1...60), Gen.double(in: 0..<1)) { retry, unit in
            let ceiling = plain.delay(beforeRetry: retry, randomUnit: unit)
            let delay = jittered.delay(beforeRetry: retry, randomUnit: unit)
            #expect(delay >= .zero)
            #expect(delay <= ceiling)
            #expect(ceiling <= .seconds(20))
        }
    }

    @Test func fullJitterScalesTheDelayByTheRandomUnit() async {
        let policy = RetryPolicy(retries: 3, backoff: .constant(.seconds(8)), jitter: .full)
        #expect(policy.delay(beforeRetry: 1, randomUnit: 0) == .zero)
        #expect(policy.delay(beforeRetry: 1, randomUnit: 0.25) == .seconds(2))
        #expect(policy.delay(beforeRetry: 1, randomUnit: 1) == .seconds(8))
        #expect(policy.delay(beforeRetry: 1, randomUnit: 7) == .seconds(8), "clamped to 0...1")
        #expect(policy.delay(beforeRetry: 1, randomUnit: -1) == .zero)
        #expect(policy.delay(beforeRetry: 1, randomUnit: .nan) == .zero)
        await propertyCheck(input: Gen.double(in: 0..<1), Gen.double(in: 0..<1)) { lower, upper in
            let (low, high) = (min(lower, upper), max(lower, upper))
            #expect(policy.delay(beforeRetry: 1, randomUnit: low) <= policy.delay(beforeRetry: 1, randomUnit: high))
        }
    }

    @Test func theInjectedRandomSourceDrivesTheJitter() {
        let policy = RetryPolicy(retries: 2, backoff: .constant(.seconds(4)), jitter: .full, random: { 0.75 })
        #expect(policy.delay(beforeRetry: 1) == .seconds(3))
        let steady = RetryPolicy(
            retries: 2, backoff: .constant(.seconds(4)),
            random: {
                Issue.record("no jitter, no draw"); return 0
            })
        #expect(steady.delay(beforeRetry: 1) == .seconds(4))
    }

    @Test func theSystemRandomSourceStaysInTheUnitInterval() {
        for _ in 0..<1000 {
            let unit = RetryPolicy.systemRandom()
            #expect(unit >= 0 && unit < 1)
        }
    }

    @Test func linearScheduleIsInitialPlusIncrementTimesRetriesSoFar() async {
        await propertyCheck(input: Gen.int(in: 0...5000), Gen.int(in: 0...5000), Gen.int(in: 1...10_000)) {
            initial, step, retry in
            let policy = RetryPolicy(
                retries: 3, backoff: .linear(initial: .milliseconds(initial), increment: .milliseconds(step)))
            let expected: Duration = .milliseconds(initial) + .milliseconds(step) * (retry - 1)
            #expect(policy.delay(beforeRetry: retry, randomUnit: 0) == expected)
        }
    }

    @Test func cappedExponentialScheduleGrowsAndNeverPassesTheCap() async {
        await propertyCheck(input: Gen.int(in: 1...1000), Gen.int(in: 1...60_000), Gen.int(in: 1...200)) {
            initial, cap, retry in
            let policy = RetryPolicy(
                retries: 3, backoff: .exponential(initial: .milliseconds(initial)), maximumDelay: .milliseconds(cap))
            let delay = policy.delay(beforeRetry: retry, randomUnit: 0)
            #expect(delay <= .milliseconds(cap))
            #expect(delay <= policy.delay(beforeRetry: retry + 1, randomUnit: 0))
        }
    }

    @Test func presetsDescribeTheirSchedules() {
        #expect(RetryPolicy.immediate(retries: 2).maximumAttempts == 3)
        #expect(Self.schedule(.linear, retries: 3) == [.seconds(1), .seconds(2), .seconds(3)] as [Duration])
        #expect(RetryPolicy.linear.maximumAttempts == 4)
        let linear = RetryPolicy.linear(
            retries: 5, initial: .seconds(2), increment: .seconds(1), maximumDelay: .seconds(4))
        #expect(
            Self.schedule(linear, retries: 5) == [.seconds(2), .seconds(3), .seconds(4), .seconds(4), .seconds(4)]
                as [Duration])
        let exponential = RetryPolicy.exponential
        #expect(exponential.maximumAttempts == 4)
        #expect(exponential.jitter == .full)
        #expect(exponential.maximumDelay == .seconds(10))
        #expect(exponential.delay(beforeRetry: 3, randomUnit: 1) == .milliseconds(400))
        let steady = RetryPolicy.exponential(retries: 5, initial: .seconds(1), maximumDelay: .seconds(8), jitter: .none)
        #expect(
            Self.schedule(steady, retries: 5) == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(8)]
                as [Duration])
    }

    // MARK: Debounce, the seed's schedule

    @Test func debounceValuesFollowTheSeed() {
        #expect(Debounce.linear(10).run().value == 10)
        #expect(Debounce.linear(10).run().run().value == 10)
        #expect(Debounce.exponential(10).run().value == 20)
        #expect(Debounce.exponential(10).run().run().value == 40)
    }

    @Test func linearDebounceIsAConstantDelay() {
        let policy = Debounce.linear(2).policy(retries: 3)
        #expect(policy.maximumAttempts == 4)
        #expect(Self.schedule(policy, retries: 3) == [.seconds(2), .seconds(2), .seconds(2)] as [Duration])
        #expect(Debounce.linear(2).backoff == .constant(.seconds(2)))
    }

    @Test func exponentialDebounceDoublesLikeTheSeedsRun() {
        let debounce = Debounce.exponential(0.5)
        let policy = RetryPolicy(retries: 3, debounce: debounce)
        #expect(policy.jitter == .none)
        #expect(Self.schedule(policy, retries: 3) == [.milliseconds(500), .seconds(1), .seconds(2)] as [Duration])
        let seedValues: [Double] = [debounce, debounce.run(), debounce.run().run()].map(\.value)
        #expect(Self.schedule(policy, retries: 3).map { $0 / .seconds(1) } == seedValues)
    }

    @Test func debounceWithNonsenseSecondsWaitsNothing() {
        #expect(Debounce.linear(-1).backoff == .constant(.zero))
        #expect(Debounce.linear(.nan).backoff == .constant(.zero))
        #expect(
            Debounce.exponential(.infinity).policy(retries: 1).delay(beforeRetry: 1, randomUnit: 0) > .seconds(1 << 30))
    }
}
