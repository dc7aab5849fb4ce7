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
        // The program says, through a FIFO, that it has started; only then is the run cancelled.
        let (run, message) = await startScript("echo started > \"$0\"; exec /bin/sleep 3600")
        #expect(message == "started\n")
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

    /// A program that starts another, which inherits its output (`sh -c "server &"`): cancelling kills
    /// both, the other through the process group it shares with the program. Its process number comes
    /// through a FIFO.
    @Test(.timeLimit(.minutes(10))) func cancellingKillsTheProgramsItStarted() async throws {
        let (run, message) = await startScript("/bin/sleep 3600 & echo $! > \"$0\"; wait")
        let grandchild: pid_t = try #require(pid_t(message.dropLast()))
        run.cancel()
        let result = try await run.value
        #expect(result.status == SIGKILL)
        let deadline = ContinuousClock.now + .seconds(60)
        while !hasEnded(grandchild), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(hasEnded(grandchild), "the program the child started is killed with it")
        if !hasEnded(grandchild) { kill(grandchild, SIGKILL) }
    }

    /// A program that starts another in a session of its own (`setsid`), out of the child's process
    /// group, which inherits the output and outlives it: cancelling kills the child, and the run ends
    /// without waiting for the other to close the output. The test kills the other at the end.
    @Test(
        .timeLimit(.minutes(10)), .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid"))
    ) func cancellingEndsARunWhoseOutputAProgramOutOfItsGroupHolds() async throws {
        // The other program writes its number once it has left the group, and becomes `sleep`.
        let (run, message) = await startScript(
            "/usr/bin/setsid /bin/sh -c 'echo $$ > \"$0\"; exec /bin/sleep 3600' \"$0\" & wait")
        let grandchild: pid_t = try #require(pid_t(message.dropLast()))
        defer { kill(grandchild, SIGKILL) }
        run.cancel()
        let result = try await run.value
        #expect(result.status == SIGKILL)
        #expect(!hasEnded(grandchild), "the other program still runs, and holds the output open")
    }

    @Test func theProgramStartsWithNoSignalBlocked() async throws {
        // Started from a thread of the cooperative pool, which blocks most signals, it would survive.
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "kill -TERM $$; echo survived"])
        #expect(result.status == SIGTERM)
        #expect(result.output.isEmpty)
    }

    @Test func aTaskCancelledBeforeTheCallStartsNothing() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mason-ran-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "echo ran > \"$0\"", file])
        }
        await #expect(throws: CancellationError.self) { try await run.value }
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    /// Counts pipes only: the tests running meanwhile open sockets and files of their own.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func aRunLeavesNoPipeOpen() async throws {
        let before = openPipes()
        for _ in 0..<200 {
            _ = try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", ":"])
        }
        // One left open a run would make 200; the margin is for other tests' children running meanwhile.
        #expect(openPipes() - before < 50)
    }

    /// The program gets standard input, output and error, and no other file of the test process: a
    /// listening socket it inherited kept a "closed" port open while it lived (seen in the full suite
    /// before the child closed what it inherits).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func theProgramInheritsNoOtherFile() async throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)  // not closed on exec
        defer { for end in ends { close(end) } }
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "ls /proc/$$/fd"])
        let inherited = Set(run.output.split(separator: "\n").compactMap { Int32($0) })
        #expect(run.status == 0)
        #expect(inherited.isDisjoint(with: ends), "\(inherited.sorted())")
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

    /// Whether `pid` has ended: gone, or a zombie nobody collects (this machine's first process does
    /// not collect the orphans it inherits).
    private func hasEnded(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return true }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let name = stat.lastIndex(of: ")")
        else { return false }
        return stat[name...].dropFirst(2).first == "Z"  // the state follows the name: ") Z …"
    }

    /// How many of this process's file descriptors are pipes (Linux).
    private func openPipes() -> Int {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.count { descriptor in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"))?
                .hasPrefix("pipe:") == true
        }
    }
}
