import Foundation
import MasonTesting
import Testing

struct ChildProcessTests {
    @Test func itReturnsTheOutputAndTheStatus() async throws {
        let echo = try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "echo hi; exit 3"])
        #expect(echo.status == 3)
        #expect(echo.output == "hi\n")
    }

    @Test func aLongOutputIsReadWhileTheChildRuns() async throws {
        // More than a pipe holds (64 KiB): the child would block for ever if nobody read.
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "seq 1 100000"])
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").count == 100_000)
    }

    @Test(.timeLimit(.minutes(10))) func cancellingARunKillsTheProgram() async throws {
        // Without the kill this run would last an hour, past the time limit, which cannot stop it. The
        // limit is generous: under Thread Sanitizer a whole suite starting at once can keep this test
        // waiting for a thread of the pool for more than a minute (seen in CI: 71 s).
        let run = Task { try await ChildProcess.run(URL(fileURLWithPath: "/bin/sleep"), arguments: ["3600"]) }
        run.cancel()
        let result = try await run.value
        #expect(result.status == SIGKILL)
        #expect(result.output.isEmpty)
    }

    @Test func aMissingProgramThrows() async {
        await #expect(throws: (any Error).self) {
            try await ChildProcess.run(URL(fileURLWithPath: "/nonexistent/program"))
        }
    }
}
