public import Foundation
import Mason

/// Runs a program to its end without blocking a thread of Swift's cooperative pool: a test that
/// drives a real executable (`swift run`'s products, a child the tests build) waits for it the way it
/// waits for any other asynchronous work.
///
/// `Process.waitUntilExit()` blocks its thread for as long as the child runs; on a two-core machine the
/// cooperative pool has two threads, so one such wait halves every other test's progress and two stop
/// it. Here the program is started, its output read and its exit awaited on threads of their own.
///
/// ```swift
/// let (status, output) = try await ChildProcess.run(executable, arguments: ["--once"])
/// #expect(status == 0)
/// ```
public enum ChildProcess {
    /// Starts `executable` with `arguments`, reads its standard output to the end, and returns when it
    /// has exited.
    ///
    /// The program starts as it would from a shell: standard input empty, standard error the test's
    /// own, and no signal blocked (a cooperative-pool thread blocks most, and a child inherits its
    /// starter's mask: `SIGTERM`, `SIGINT` or `alarm` would do nothing in it).
    ///
    /// Cancelling the calling task kills the program (`SIGKILL`), and with it every program it started
    /// that is still in its process group (`sh -c "server &"`); the call then returns the status and
    /// what had been read of the output — at once, even if a program that left the group (`setsid`)
    /// lives on and holds the output open. A task cancelled before the call starts nothing.
    ///
    /// ```swift
    /// let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/echo"), arguments: ["hi"])
    /// // result.status == 0, result.output == "hi\n"
    /// ```
    /// - Parameters:
    ///   - executable: The program.
    ///   - arguments: Its arguments.
    /// - Returns: Its exit status — its exit code, or the number of the signal that ended it, as
    ///   `Process.terminationStatus` gives it — and everything it wrote to standard output (after a
    ///   cancellation, what had been read of it).
    /// - Throws: `CancellationError` if the task is cancelled before the program starts, or what
    ///   `Process.run()` throws when the program cannot start.
    public static func run(_ executable: URL, arguments: [String] = []) async throws -> (status: Int32, output: String)
    {
        try Task.checkCancellation()
        let (exit, exited) = AsyncStream<Int32>.makeStream(bufferingPolicy: .bufferingNewest(1))
        // Set once `Process` has collected the child: its number may then be another program's.
        let collected = Locked(false)
        // Started on a thread of its own whose signal mask is empty, for the child inherits it. The
        // `Process` stays there: it keeps itself alive until its child has exited.
        let (pid, reader) = try await OwnThread.run {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardInput = FileHandle.nullDevice
            process.terminationHandler = { child in
                collected.withLock { $0 = true }
                exited.yield(child.terminationStatus)
                exited.finish()
                // Returns at once (the child has exited). Until it is called, `Process` keeps itself,
                // and the pipe with it, alive for ever.
                child.waitUntilExit()
            }
            try process.run()
            return (process.processIdentifier, pipe.fileHandleForReading)
        }
        // Ended by the end of the output, or by a cancellation, which must not wait for it: a program the
        // child started may hold it open for ever (the reading thread then ends when that program does).
        let (ending, end) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let output = Locked(Data())
        Thread {
            while true {
                let piece = reader.availableData  // blocks until some output comes; empty at its end
                if piece.isEmpty { break }
                output.withLock { $0.append(piece) }
            }
            try? reader.close()
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
            collected.withLock { collected in
                guard !collected else { return }
                // `Process` starts the child as the leader of a process group of its own (on Linux;
                // elsewhere, where it may not, only the child is killed).
                if getpgid(pid) == pid { kill(-pid, SIGKILL) }
                kill(pid, SIGKILL)
            }
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
            #if canImport(Darwin)
            return info.si_status
            #elseif canImport(Glibc)
            return info._sifields._sigchld.si_status
            #else
            return nil  // this C library's `siginfo_t` is not read here: wait for what `Process` reports
            #endif
        }
        if let seen { return seen }
        return await reported.value
    }
}
