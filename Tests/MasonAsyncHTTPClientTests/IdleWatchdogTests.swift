import Mason
import MasonAsyncHTTPClient
import NIOCore
import NIOEmbedded
import Testing

/// The idle watchdog on a testing event loop: virtual time, nothing sleeps.
@Suite struct IdleWatchdogTests {
    /// A watchdog on `loop`'s clock and a record of which readers expired.
    private struct Setup {
        let loop = NIOAsyncTestingEventLoop()
        let watchdog: IdleWatchdog
        let expired = Locked<[ObjectIdentifier]>([])

        init() {
            watchdog = IdleWatchdog(on: loop, now: { [loop] in loop.now })
        }

        func watch(timeout: TimeAmount) -> IdleWatchdog.Reader {
            let reader = IdleWatchdog.Reader()
            let id = ObjectIdentifier(reader)
            watchdog.watch(reader, timeout: timeout) { [expired] in expired.withLock { $0.append(id) } }
            return reader
        }

        var expiredIDs: [ObjectIdentifier] { expired.withLock { $0 } }
    }

    @Test func aReaderThatKeepsBeingTouchedNeverExpiresThoughItRunsLongerThanItsTimeout() async {
        let setup = Setup()
        let reader = setup.watch(timeout: .seconds(2))
        for _ in 0..<5 {
            await setup.loop.advanceTime(by: .milliseconds(1_500))
            setup.watchdog.touch(reader)
        }
        #expect(setup.expiredIDs.isEmpty)
        #expect(setup.watchdog.unwatch(reader))
        await setup.loop.shutdownGracefully()
    }

    @Test func aReaderExpiresOnceItsTimeoutPassesWithoutATouch() async {
        let setup = Setup()
        let reader = setup.watch(timeout: .seconds(2))
        await setup.loop.advanceTime(by: .milliseconds(1_999))
        #expect(setup.expiredIDs.isEmpty)
        await setup.loop.advanceTime(by: .milliseconds(1))
        #expect(setup.expiredIDs == [ObjectIdentifier(reader)])
        #expect(!setup.watchdog.unwatch(reader))
        await setup.loop.advanceTime(by: .seconds(10))
        #expect(setup.expiredIDs == [ObjectIdentifier(reader)])
        await setup.loop.shutdownGracefully()
    }

    @Test func aShorterTimeoutWatchedLaterExpiresFirst() async {
        let setup = Setup()
        let patient = setup.watch(timeout: .seconds(60))
        let hasty = setup.watch(timeout: .milliseconds(300))
        await setup.loop.advanceTime(by: .milliseconds(300))
        #expect(setup.expiredIDs == [ObjectIdentifier(hasty)])
        await setup.loop.advanceTime(by: .seconds(59))
        #expect(setup.expiredIDs == [ObjectIdentifier(hasty)])
        await setup.loop.advanceTime(by: .milliseconds(700))
        #expect(setup.expiredIDs == [ObjectIdentifier(hasty), ObjectIdentifier(patient)])
        await setup.loop.shutdownGracefully()
    }

    /// A watchdog no one holds is freed, though its wake-up was due in a billion seconds: before, the
    /// wake-up held it (and every watch's closure) until then — one per transport made and dropped.
    @Test func aWatchdogNoOneHoldsIsFreedThoughItsWakeUpIsPending() async {
        let loop = NIOAsyncTestingEventLoop()
        weak var freed: IdleWatchdog?
        do {
            let watchdog = IdleWatchdog(on: loop, now: { [loop] in loop.now })
            freed = watchdog
            let reader = IdleWatchdog.Reader()
            watchdog.watch(reader, timeout: .seconds(1_000_000_000)) {}
            #expect(watchdog.unwatch(reader))
        }
        #expect(freed == nil)
        await loop.shutdownGracefully()
    }

    @Test func anUnwatchedReaderNeverExpires() async {
        let setup = Setup()
        let reader = setup.watch(timeout: .seconds(1))
        #expect(setup.watchdog.unwatch(reader))
        await setup.loop.advanceTime(by: .seconds(5))
        #expect(setup.expiredIDs.isEmpty)
        await setup.loop.shutdownGracefully()
    }
}
