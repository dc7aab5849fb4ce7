public import Foundation

/// Runs a program to its end without blocking a thread of Swift's cooperative pool: a test that
/// drives a real executable (`swift run`'s products, a child the tests build) waits for it the way it
/// waits for any other asynchronous work.
///
/// `Process.waitUntilExit()` blocks its thread for as long as the child runs; on a two-core machine the
/// cooperative pool has two threads, so one such wait halves every other test's progress and two stop
/// it. Here the exit arrives through `terminationHandler` and the output is read on a thread of its
/// own (``OwnThread``).
///
/// ```swift
/// let (status, output) = try await ChildProcess.run(executable, arguments: ["--once"])
/// #expect(status == 0)
/// ```
public enum ChildProcess {
    /// Starts `executable` with `arguments` (standard input empty), reads its standard output to the
    /// end, and returns when it has exited. Cancelling the calling task kills the program (`SIGKILL`);
    /// the call then returns its status and what it wrote before.
    ///
    /// ```swift
    /// let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/echo"), arguments: ["hi"])
    /// // result.status == 0, result.output == "hi\n"
    /// ```
    /// - Parameters:
    ///   - executable: The program.
    ///   - arguments: Its arguments.
    /// - Returns: Its exit status and everything it wrote to standard output.
    /// - Throws: What `Process.run()` throws when the program cannot start.
    public static func run(_ executable: URL, arguments: [String] = []) async throws -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        let (exit, exited) = AsyncStream<Int32>.makeStream(bufferingPolicy: .bufferingNewest(1))
        process.terminationHandler = { child in
            exited.yield(child.terminationStatus)
            exited.finish()
        }
        try process.run()
        let reader = output.fileHandleForReading
        let pid = process.processIdentifier
        // In a task of its own: a cancelled task's wait on a stream would end at once, without the status.
        let exitStatus = Task {
            var statuses = exit.makeAsyncIterator()
            return await statuses.next() ?? -1
        }
        // A test's time limit cancels its task and then waits for it: a child that hangs must end,
        // whether it still writes its output or has closed it and hangs before it exits.
        let (data, status) = await withTaskCancellationHandler {
            let data = await OwnThread.run { reader.readDataToEndOfFile() }
            return (data, await exitStatus.value)
        } onCancel: {
            kill(pid, SIGKILL)
        }
        return (status, String(decoding: data, as: UTF8.self))
    }
}
