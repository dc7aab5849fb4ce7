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
    /// - Throws: `CancellationError` if the task is cancelled before the program starts, or a
    ///   `POSIXError` when the program cannot start (`ENOENT`: no such file).
    public static func run(_ executable: URL, arguments: [String] = []) async throws -> (status: Int32, output: String)
    {
        try Task.checkCancellation()
        let (pid, readEnd, _) = try spawn(executable, arguments: arguments)
        let reader = FileHandle(fileDescriptor: readEnd, closeOnDealloc: true)
        // Set, under its lock, once the child is about to be collected: its number may then be another
        // program's, which a cancellation must not kill.
        let collected = Locked(false)
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
        // A test's time limit cancels its task and then waits for it: a child that hangs must end,
        // whether it still writes its output or has closed it and hangs before it exits.
        let status = await withTaskCancellationHandler {
            await outputEnded.value
            return await exitStatus(of: pid, collected: collected)
        } onCancel: {
            collected.withLock { collected in
                guard !collected else { return }
                kill(-pid, SIGKILL)  // its process group, which it leads
                kill(pid, SIGKILL)
            }
            end.finish()
        }
        return (status, String(decoding: output.withLock { $0 }, as: UTF8.self))
    }

    /// A program started by ``start(_:arguments:withInput:)``, for a test that drives it on a thread of its own
    /// (reads its first line, kills it midway).
    ///
    /// ```swift
    /// let started = try ChildProcess.start(writer, arguments: [path])
    /// kill(started.pid, SIGKILL)
    /// ```
    public struct Started: Sendable {
        /// The program's process id; it leads a process group of its own.
        public let pid: pid_t
        /// The reading end of its standard output; the caller closes it.
        public let output: FileHandle
        /// The writing end of its standard input, when it was started `withInput`; closing it ends
        /// the program's input. Without it the program's input is empty.
        public let input: FileHandle?

        /// Waits, **blocking the thread**, for the program to exit, and collects it.
        ///
        /// ```swift
        /// kill(started.pid, SIGKILL)
        /// started.waitForExit()   // (status: 9, bySignal: true)
        /// ```
        /// - Returns: Its exit code, or the number of the signal that ended it, and which of the two.
        @discardableResult
        public func waitForExit() -> (status: Int32, bySignal: Bool) {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            return ChildProcess.decode(status)
        }
    }

    /// Starts `executable` with `arguments` as ``run(_:arguments:)`` does, and returns at once: for a
    /// test that drives the program itself, off Swift's cooperative pool.
    ///
    /// ```swift
    /// let started = try ChildProcess.start(writer, arguments: [path])
    /// _ = started.output.availableData   // its first output
    /// kill(started.pid, SIGKILL)
    /// started.waitForExit()
    /// ```
    /// - Parameters:
    ///   - executable: The program.
    ///   - arguments: Its arguments.
    ///   - withInput: Whether its standard input is a pipe the caller writes to (``Started/input``),
    ///     open until the caller closes it — a terminal where nobody types yet; else it is empty.
    /// - Returns: The running program.
    /// - Throws: A `POSIXError` when the program cannot start.
    public static func start(_ executable: URL, arguments: [String] = [], withInput: Bool = false) throws -> Started {
        let (pid, readEnd, inputEnd) = try spawn(executable, arguments: arguments, withInput: withInput)
        return Started(
            pid: pid, output: FileHandle(fileDescriptor: readEnd, closeOnDealloc: true),
            input: inputEnd.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) })
    }

    /// A `waitpid` status as `Process.terminationStatus` gives it — the exit code, or the signal that
    /// ended the program — and whether it was a signal.
    static func decode(_ status: Int32) -> (status: Int32, bySignal: Bool) {
        status & 0x7f == 0 ? ((status >> 8) & 0xff, false) : (status & 0x7f, true)
    }

    /// Starts `executable` with `posix_spawn`, its standard output into a pipe whose reading end it
    /// returns (and, `withInput`, its standard input from a pipe whose writing end it returns), as the
    /// leader of a process group of its own, with no signal blocked or handled.
    ///
    /// Not with Foundation's `Process`: on Linux its `run()` reads past a buffer while it lists
    /// `/proc/self/fd`, and now and then stops the test process (swift-corelibs-foundation#5472).
    private static func spawn(
        _ executable: URL, arguments: [String], withInput: Bool = false
    ) throws -> (pid_t, Int32, Int32?) {
        var ends: [Int32] = [-1, -1]
        var inputEnds: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        guard !withInput || pipe(&inputEnds) == 0 else {
            let failure = errno
            for end in ends { close(end) }
            throw POSIXError(.init(rawValue: failure) ?? .EIO)
        }
        // Closed on exec; a child another thread starts before this takes effect closes them too, as
        // every child closes what it inherits beyond standard input, output and error (below).
        for end in ends + inputEnds where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        if withInput {
            posix_spawn_file_actions_adddup2(&actions, inputEnds[0], STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        // The child gets standard input, output and error, and no other of the test process's files:
        // a listening socket it inherited would keep a closed port open for as long as it lives.
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP
        #if canImport(Darwin)
        flags |= POSIX_SPAWN_CLOEXEC_DEFAULT
        for kept in [STDIN_FILENO, STDERR_FILENO] { posix_spawn_file_actions_addinherit_np(&actions, kept) }
        #else
        closeInheritedFiles(in: &actions)
        #endif
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let path = executable.path
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let failure = argv.withUnsafeBufferPointer { argv in
            posix_spawn(&pid, path, &actions, &attributes, argv.baseAddress!, environ)
        }
        close(ends[1])
        if withInput { close(inputEnds[0]) }
        guard failure == 0 else {
            close(ends[0])
            if withInput { close(inputEnds[1]) }
            throw POSIXError(.init(rawValue: failure) ?? .EIO)
        }
        return (pid, ends[0], withInput ? inputEnds[1] : nil)
    }

    #if !canImport(Darwin)
    /// Adds to `actions` the closing, in the child, of every file descriptor from 3 up: with glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later, looked up as the headers Swift
    /// sees do not declare it), else one action for each descriptor open now.
    private static func closeInheritedFiles(in actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        // A descriptor closed since is closed again in the child, which glibc lets fail quietly.
        for fd in open.compactMap({ Int32($0) }) where fd > STDERR_FILENO {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
    }
    #endif

    /// The exit status of the child `pid` once it has exited — its exit code, or the number of the
    /// signal that ended it — after which it is collected, `collected` set first.
    private static func exitStatus(of pid: pid_t, collected: Locked<Bool>) async -> Int32 {
        await OwnThread.run {
            var info = siginfo_t()
            // Seen without collecting it, so that a cancellation can still kill its number until then.
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
            collected.withLock { $0 = true }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            return decode(status).status
        }
    }
}
