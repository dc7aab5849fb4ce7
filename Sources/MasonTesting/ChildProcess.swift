public import Foundation
import Mason

/// Runs a program to its end without blocking a thread of Swift's cooperative pool: a test that
/// drives a real executable (`swift run`'s products, a child the tests build) waits for it the way it
/// waits for any other asynchronous work.
///
/// `Process.waitUntilExit()` blocks its thread for as long as the child runs; on a two-core machine the
/// cooperative pool has two threads, so one such wait halves every other test's progress and two stop
/// it. Here the exit arrives through `terminationHandler` and the output is read on a thread of its
/// own.
///
/// ```swift
/// let (status, output) = try await ChildProcess.run(executable, arguments: ["--once"])
/// #expect(status == 0)
/// ```
public enum ChildProcess {
    /// Starts `executable` with `arguments` (standard input empty), reads its standard output to the
    /// end, and returns when it has exited. Cancelling the calling task kills the program (`SIGKILL`);
    /// the call then returns its status and what it wrote before — at once, even if a program it
    /// started (`sh -c "server &"`) lives on and holds its output open. Such a program is not killed:
    /// `Process` gives the child no process group of its own to signal.
    ///
    /// ```swift
    /// let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/echo"), arguments: ["hi"])
    /// // result.status == 0, result.output == "hi\n"
    /// ```
    /// - Parameters:
    ///   - executable: The program.
    ///   - arguments: Its arguments.
    /// - Returns: Its exit status and everything it wrote to standard output (after a cancellation,
    ///   what had been read of it).
    /// - Throws: What `Process.run()` throws when the program cannot start.
    public static func run(_ executable: URL, arguments: [String] = []) async throws -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        let (exit, exited) = AsyncStream<Int32>.makeStream(bufferingPolicy: .bufferingNewest(1))
        process.terminationHandler = { child in
            exited.yield(child.terminationStatus)
            exited.finish()
        }
        try process.run()
        let pid = process.processIdentifier
        // Ended by the end of the output, or by a cancellation, which must not wait for it: a program the
        // child started may hold it open for ever (the reading thread then ends when that program does).
        let (ending, end) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let output = Locked(Data())
        let reader = pipe.fileHandleForReading
        Thread {
            while true {
                let piece = reader.availableData  // blocks until some output comes; empty at its end
                if piece.isEmpty { break }
                output.withLock { $0.append(piece) }
            }
            end.finish()
        }.start()
        // In a task of its own: a cancelled task's wait on a stream would end at once.
        let outputEnded = Task { for await _ in ending {} }
        let reported = Task {
            var statuses = exit.makeAsyncIterator()
            return await statuses.next() ?? -1
        }
        // A test's time limit cancels its task and then waits for it: a child that hangs must end,
        // whether it still writes its output or has closed it and hangs before it exits.
        let status = await withTaskCancellationHandler {
            await outputEnded.value
            return await exitStatus(of: pid, reported: reported)
        } onCancel: {
            kill(pid, SIGKILL)
            end.finish()
        }
        return (status, String(decoding: output.withLock { $0 }, as: UTF8.self))
    }

    /// The exit status of the child `pid` once it has exited (its code, or the signal that ended it),
    /// as `Process.terminationStatus` gives it.
    ///
    /// Not from `Process` alone: it learns of the exit when a socket the child inherited closes, and a
    /// program the child started holds that socket as long as it lives. `waitid` with `WNOWAIT` sees
    /// the exit itself and leaves the child for `Process` to collect; if `Process` has collected it
    /// already, the status it `reported` is on its way.
    private static func exitStatus(of pid: pid_t, reported: Task<Int32, Never>) async -> Int32 {
        let seen: Int32? = await OwnThread.run {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
                guard errno == EINTR else { return nil }
            }
            #if canImport(Glibc)
            return info._sifields._sigchld.si_status
            #else
            return info.si_status
            #endif
        }
        if let seen { return seen }
        return await reported.value
    }
}
