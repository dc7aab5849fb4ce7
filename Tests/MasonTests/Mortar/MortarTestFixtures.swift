import Mason
import Testing

/// Mortar's test fixtures, one of each function kind, as in Mortar's own `Types.swift`.
///
/// Plain `triple`, fallible `double`, callback `addTwo` (completing from another task) and async
/// `subtractThree`; `_s` succeeds, `_f` fails with `.failed(name)`, `_trap` records an issue if it runs.
enum MortarFixtures {
    enum TestError: Error, Equatable {
        case failed(String)
    }

    typealias Completion = @Sendable (Result<Int, TestError>) -> Void
    typealias Callback = @Sendable (Int, @escaping Completion) -> Void

    // MARK: plain

    static let triple: @Sendable (Int) -> Int = { $0 * 3 }
    static let triple_trap: @Sendable (Int) -> Int = { _ in
        Issue.record("triple must not run")
        return 0
    }

    // MARK: fallible

    static let double_s: @Sendable (Int) -> Result<Int, TestError> = { .success($0 * 2) }
    static let double_f: @Sendable (Int) -> Result<Int, TestError> = { _ in .failure(.failed("double")) }
    static let double_trap: @Sendable (Int) -> Result<Int, TestError> = { _ in
        Issue.record("double must not run")
        return .failure(.failed("trap"))
    }

    // MARK: callback, completing from another task

    static let addTwo_s: Callback = { input, completion in
        Task.detached { completion(.success(input + 2)) }
    }
    static let addTwo_f: Callback = { _, completion in
        Task.detached { completion(.failure(.failed("addTwo"))) }
    }
    static let addTwo_trap: Callback = { _, completion in
        Issue.record("addTwo must not run")
        completion(.failure(.failed("trap")))
    }

    // MARK: async

    static let subtractThree_s: @Sendable (Int) async throws(TestError) -> Int = {
        input async throws(TestError) -> Int in
        await Task.yield()
        return input - 3
    }
    static let subtractThree_f: @Sendable (Int) async throws(TestError) -> Int = { _ async throws(TestError) -> Int in
        await Task.yield()
        throw .failed("subtractThree")
    }
    static let subtractThree_trap: @Sendable (Int) async throws(TestError) -> Int = {
        _ async throws(TestError) -> Int in
        Issue.record("subtractThree must not run")
        throw .failed("trap")
    }

    // MARK: emitters of 5

    static let five: @Sendable () -> Int = { 5 }
    static let readFive_s: @Sendable () -> Result<Int, TestError> = { .success(5) }
    static let readFive_f: @Sendable () -> Result<Int, TestError> = { .failure(.failed("readFive")) }
    static let loadFive_s: @Sendable (@escaping Completion) -> Void = { completion in
        Task.detached { completion(.success(5)) }
    }
    static let loadFive_f: @Sendable (@escaping Completion) -> Void = { completion in
        Task.detached { completion(.failure(.failed("loadFive"))) }
    }
    static let fetchFive_s: @Sendable () async throws(TestError) -> Int = { () async throws(TestError) -> Int in
        await Task.yield()
        return 5
    }
    static let fetchFive_f: @Sendable () async throws(TestError) -> Int = { () async throws(TestError) -> Int in
        await Task.yield()
        throw .failed("fetchFive")
    }

    // MARK: running any kind to a Result

    static func run(plain function: @Sendable (Int) -> Int, _ input: Int) -> Result<Int, TestError> {
        .success(function(input))
    }

    static func run(fallible function: @Sendable (Int) -> Result<Int, TestError>, _ input: Int) -> Result<
        Int, TestError
    > {
        function(input)
    }

    static func run(callback function: @escaping Callback, _ input: Int) async -> Result<Int, TestError>? {
        await completion { function(input, $0) }
    }

    static func run(
        async function: @Sendable (Int) async throws(TestError) -> Int, _ input: Int
    ) async -> Result<Int, TestError> {
        do throws(TestError) {
            return .success(try await function(input))
        } catch {
            return .failure(error)
        }
    }

    static func run(callbackEmitter emitter: @escaping @Sendable (@escaping Completion) -> Void) async -> Result<
        Int, TestError
    >? {
        await completion(emitter)
    }

    static func run(asyncEmitter emitter: @Sendable () async throws(TestError) -> Int) async -> Result<Int, TestError> {
        do throws(TestError) {
            return .success(try await emitter())
        } catch {
            return .failure(error)
        }
    }

    /// Waits for a completion handler to be called; records an issue and returns `nil` if it is not
    /// called within five seconds, or if it is called twice.
    static func completion<Output: Sendable, Failure: Error>(
        _ start: (@escaping @Sendable (Result<Output, Failure>) -> Void) -> Void
    ) async -> Result<Output, Failure>? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<Output, Failure>?, Never>) in
            let pending = Pending(continuation)
            let timeout = Task {
                guard (try? await Task.sleep(for: .seconds(5))) != nil else { return }
                if pending.resume(nil) { Issue.record("the completion handler was never called") }
            }
            start { result in
                if !pending.resume(result) { Issue.record("the completion handler was called twice") }
                timeout.cancel()
            }
        }
    }

    /// A continuation resumed at most once. Sendable: its only stored property is a `Locked`.
    final class Pending<Value: Sendable>: Sendable {
        private let continuation: Locked<CheckedContinuation<Value, Never>?>

        init(_ continuation: CheckedContinuation<Value, Never>) {
            self.continuation = Locked(continuation)
        }

        /// Resumes and returns `true` the first time; returns `false` afterwards.
        func resume(_ value: Value) -> Bool {
            let taken = continuation.withLock { stored in
                defer { stored = nil }
                return stored
            }
            taken?.resume(returning: value)
            return taken != nil
        }
    }

    /// A thread-safe record of values, for counting calls and logged values.
    final class Log<Entry: Sendable>: Sendable {
        private let storage = Locked<[Entry]>([])

        func record(_ entry: Entry) {
            storage.withLock { $0.append(entry) }
        }

        var entries: [Entry] {
            storage.withLock { $0 }
        }
    }
}
