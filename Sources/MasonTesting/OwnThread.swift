import Foundation

/// Blocking work run on a thread of its own — never on one of Swift concurrency's cooperative pool,
/// which a blocking wait would take from every other task (on two cores, half the pool).
///
/// ```swift
/// let value = await OwnThread.run { blockingRequest.unsafeRun() }
/// ```
public enum OwnThread {
    /// Runs `work` on a new thread and returns what it returns, or throws what it throws.
    ///
    /// ```swift
    /// let status = try await OwnThread.run { try childProcessExitStatus() }
    /// ```
    /// - Parameter work: Work that may block its thread.
    /// - Returns: The work's value.
    /// - Throws: The work's error.
    public static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
            let thread = Thread {
                do throws(Failure) {
                    continuation.resume(returning: .success(try work()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            thread.start()
        }
        return try result.get()
    }
}
