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

    /// A program that closes its standard output and then hangs: the output is read to its end at
    /// once, and it is the wait for the exit that the cancellation must end. The program says, through
    /// a FIFO, when it has closed its output; only then is the run cancelled.
    @Test(.timeLimit(.minutes(10))) func cancellingKillsAProgramThatClosedItsOutput() async throws {
        let (run, message) = await startScript("exec >&-; echo closed > \"$0\"; exec /bin/sleep 3600")
        #expect(message == "closed\n")
        run.cancel()
        let result = try await run.value
        #expect(result.status == SIGKILL)
    }

    /// A program that starts another, which inherits its output and outlives it (`sh -c "server &"`):
    /// cancelling kills the program, and the run ends without waiting for the other to close the
    /// output. The other's process number comes through a FIFO, and the test kills it at the end.
    @Test(.timeLimit(.minutes(10))) func cancellingEndsARunWhoseOutputAGrandchildHolds() async throws {
        let (run, message) = await startScript("/bin/sleep 3600 & echo $! > \"$0\"; wait")
        let grandchild: pid_t = try #require(pid_t(message.dropLast()))
        defer { kill(grandchild, SIGKILL) }
        run.cancel()
        let result = try await run.value
        #expect(result.status == SIGKILL)
        #expect(kill(grandchild, 0) == 0, "the grandchild still runs, and holds the output open")
    }

    @Test func aMissingProgramThrows() async {
        await #expect(throws: (any Error).self) {
            try await ChildProcess.run(URL(fileURLWithPath: "/nonexistent/program"))
        }
    }

    /// Starts `sh -c script`, its `$0` a new FIFO, and returns the run once the script has written into
    /// the FIFO and closed it, with what it wrote: how a script tells the test it has reached a point.
    private func startScript(
        _ script: String
    ) async -> (run: Task<(status: Int32, output: String), any Error>, message: String) {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("mason-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        let run = Task { try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script, fifo]) }
        let message: Data = await OwnThread.run { FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data() }
        return (run, String(decoding: message, as: UTF8.self))
    }
}
