// The machinery behind Mortar's operators (`<<-`, `<->`, `-<`): conversions from a narrower function
// kind to a wider one, and the same-kind combinators every public overload forwards to.
//
// Kinds, narrowest first: plain `(Input) -> Output`, fallible `(Input) -> Result<Output, Failure>`,
// callback `(Input, completion) -> Void`, async `(Input) async throws(Failure) -> Output`.
// An emitter is the same kind with no input; it is handled as a function of `NoInput`.

/// Internal namespace for Mortar's kind conversions and same-kind combinators.
@usableFromInline
enum MortarBridge {
    /// A completion handler, as a callback function receives it.
    typealias Completion<Output, Failure: Error> = @Sendable (Result<Output, Failure>) -> Void

    // MARK: Widening a function to a wider kind

    /// A plain function as a fallible one that always succeeds.
    @inlinable
    static func resultFromPlain<Input, Output, Failure: Error>(
        _ plain: @escaping @Sendable (Input) -> Output
    ) -> @Sendable (Input) -> Result<Output, Failure> {
        { .success(plain($0)) }
    }

    /// A fallible function as a callback function that completes synchronously.
    static func callbackFromResult<Input, Output, Failure: Error>(
        _ fallible: @escaping @Sendable (Input) -> Result<Output, Failure>
    ) -> @Sendable (Input, @escaping Completion<Output, Failure>) -> Void {
        { input, completion in completion(fallible(input)) }
    }

    /// A plain function as a callback function that completes synchronously with success.
    static func callbackFromPlain<Input, Output, Failure: Error>(
        _ plain: @escaping @Sendable (Input) -> Output
    ) -> @Sendable (Input, @escaping Completion<Output, Failure>) -> Void {
        { input, completion in completion(.success(plain(input))) }
    }

    /// A plain function as an async function that never throws.
    static func asyncFromPlain<Input, Output, Failure: Error>(
        _ plain: @escaping @Sendable (Input) -> Output
    ) -> @Sendable (Input) async throws(Failure) -> Output {
        { input async throws(Failure) -> Output in plain(input) }
    }

    /// A fallible function as an async function that throws its failure.
    static func asyncFromResult<Input, Output, Failure: Error>(
        _ fallible: @escaping @Sendable (Input) -> Result<Output, Failure>
    ) -> @Sendable (Input) async throws(Failure) -> Output {
        { input async throws(Failure) -> Output in try fallible(input).get() }
    }

    /// A callback function as an async function, bridged with a checked continuation.
    ///
    /// The calling task suspends until the completion handler is called, on any thread or synchronously
    /// from inside `callback`. Only the first call counts; later calls are ignored rather than resuming
    /// the continuation twice. The bridge does not resume early when the task is cancelled: a callback
    /// cannot be cancelled and `Failure` cannot express cancellation, so the task waits for the callback
    /// and the async steps after it observe the cancellation. No unstructured task is created.
    static func asyncFromCallback<Input, Output: Sendable, Failure: Error>(
        _ callback: @escaping @Sendable (Input, @escaping Completion<Output, Failure>) -> Void
    ) -> @Sendable (Input) async throws(Failure) -> Output {
        { input async throws(Failure) -> Output in
            let result = await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<Output, Failure>, Never>) in
                let resumption = MortarResumption(continuation)
                callback(input) { resumption.resume(with: $0) }
            }
            return try result.get()
        }
    }

    // MARK: Emitters as functions of `NoInput`, and back

    /// The input of an emitter seen as a function (`Void` itself would draw tuple-splat warnings).
    @usableFromInline
    struct NoInput: Sendable {
        @usableFromInline init() {}
    }

    /// A plain emitter as a plain function of `NoInput`.
    @inlinable
    static func plainFromEmitter<Output>(
        _ emitter: @escaping @Sendable () -> Output
    ) -> @Sendable (NoInput) -> Output {
        { _ in emitter() }
    }

    /// A fallible emitter as a fallible function of `NoInput`.
    @inlinable
    static func resultFromEmitter<Output, Failure: Error>(
        _ emitter: @escaping @Sendable () -> Result<Output, Failure>
    ) -> @Sendable (NoInput) -> Result<Output, Failure> {
        { _ in emitter() }
    }

    /// A callback emitter as a callback function of `NoInput`.
    static func callbackFromEmitter<Output, Failure: Error>(
        _ emitter: @escaping @Sendable (@escaping Completion<Output, Failure>) -> Void
    ) -> @Sendable (NoInput, @escaping Completion<Output, Failure>) -> Void {
        { _, completion in emitter(completion) }
    }

    /// An async emitter as an async function of `NoInput`.
    static func asyncFromEmitter<Output, Failure: Error>(
        _ emitter: @escaping @Sendable () async throws(Failure) -> Output
    ) -> @Sendable (NoInput) async throws(Failure) -> Output {
        { (_: NoInput) async throws(Failure) -> Output in try await emitter() }
    }

    /// A plain function of `NoInput` as a plain emitter.
    @inlinable
    static func plainEmitter<Output>(
        _ function: @escaping @Sendable (NoInput) -> Output
    ) -> @Sendable () -> Output {
        { function(NoInput()) }
    }

    /// A fallible function of `NoInput` as a fallible emitter.
    @inlinable
    static func resultEmitter<Output, Failure: Error>(
        _ function: @escaping @Sendable (NoInput) -> Result<Output, Failure>
    ) -> @Sendable () -> Result<Output, Failure> {
        { function(NoInput()) }
    }

    /// A callback function of `NoInput` as a callback emitter.
    static func callbackEmitter<Output, Failure: Error>(
        _ function: @escaping @Sendable (NoInput, @escaping Completion<Output, Failure>) -> Void
    ) -> @Sendable (@escaping Completion<Output, Failure>) -> Void {
        { completion in function(NoInput(), completion) }
    }

    /// An async function of `NoInput` as an async emitter.
    static func asyncEmitter<Output, Failure: Error>(
        _ function: @escaping @Sendable (NoInput) async throws(Failure) -> Output
    ) -> @Sendable () async throws(Failure) -> Output {
        { () async throws(Failure) -> Output in try await function(NoInput()) }
    }

    // MARK: Composition (`<<-`) of two functions of one kind

    /// Plain composition.
    @inlinable
    static func composePlain<Input, Middle, Output>(
        _ first: @escaping @Sendable (Input) -> Middle,
        _ second: @escaping @Sendable (Middle) -> Output
    ) -> @Sendable (Input) -> Output {
        { second(first($0)) }
    }

    /// Fallible composition: `second` runs only on success.
    @inlinable
    static func composeResult<Input, Middle, Output, Failure: Error>(
        _ first: @escaping @Sendable (Input) -> Result<Middle, Failure>,
        _ second: @escaping @Sendable (Middle) -> Result<Output, Failure>
    ) -> @Sendable (Input) -> Result<Output, Failure> {
        { first($0).flatMap(second) }
    }

    /// Callback composition: `second` runs only on success, from `first`'s completion handler.
    static func composeCallback<Input, Middle, Output, Failure: Error>(
        _ first: @escaping @Sendable (Input, @escaping Completion<Middle, Failure>) -> Void,
        _ second: @escaping @Sendable (Middle, @escaping Completion<Output, Failure>) -> Void
    ) -> @Sendable (Input, @escaping Completion<Output, Failure>) -> Void {
        { input, completion in
            first(input) { result in
                switch result {
                case .success(let middle): second(middle, completion)
                case .failure(let failure): completion(.failure(failure))
                }
            }
        }
    }

    /// Async composition: `second` runs only when `first` returns.
    static func composeAsync<Input, Middle, Output, Failure: Error>(
        _ first: @escaping @Sendable (Input) async throws(Failure) -> Middle,
        _ second: @escaping @Sendable (Middle) async throws(Failure) -> Output
    ) -> @Sendable (Input) async throws(Failure) -> Output {
        { input async throws(Failure) -> Output in try await second(try await first(input)) }
    }

    // MARK: Fallback (`<->`) of two functions of one kind

    /// Fallible fallback: on failure, `fallback` runs with the original input.
    @inlinable
    static func fallbackResult<Input, Output, Failure: Error>(
        _ primary: @escaping @Sendable (Input) -> Result<Output, Failure>,
        _ fallback: @escaping @Sendable (Input) -> Result<Output, Failure>
    ) -> @Sendable (Input) -> Result<Output, Failure> {
        { input in
            let result = primary(input)
            guard case .failure = result else { return result }
            return fallback(input)
        }
    }

    /// Callback fallback: on failure, `fallback` runs with the original input.
    static func fallbackCallback<Input: Sendable, Output, Failure: Error>(
        _ primary: @escaping @Sendable (Input, @escaping Completion<Output, Failure>) -> Void,
        _ fallback: @escaping @Sendable (Input, @escaping Completion<Output, Failure>) -> Void
    ) -> @Sendable (Input, @escaping Completion<Output, Failure>) -> Void {
        { input, completion in
            primary(input) { result in
                guard case .failure = result else { return completion(result) }
                fallback(input, completion)
            }
        }
    }

    /// Async fallback: when `primary` throws, `fallback` runs with the original input — unless the task
    /// is cancelled: then `primary`'s error is rethrown, as a cancelled pipeline must not report the
    /// fallback's answer (nor start its work: a fresh request after a stale cache was abandoned).
    static func fallbackAsync<Input, Output, Failure: Error>(
        _ primary: @escaping @Sendable (Input) async throws(Failure) -> Output,
        _ fallback: @escaping @Sendable (Input) async throws(Failure) -> Output
    ) -> @Sendable (Input) async throws(Failure) -> Output {
        { input async throws(Failure) -> Output in
            do throws(Failure) {
                return try await primary(input)
            } catch {
                if Task.isCancelled { throw error }
                return try await fallback(input)
            }
        }
    }

    // MARK: Tap (`-<`) of one function

    /// Plain tap: the side effect sees every output.
    @inlinable
    static func tapPlain<Input, Output>(
        _ transform: @escaping @Sendable (Input) -> Output,
        _ sideEffect: @escaping @Sendable (Output) -> Void
    ) -> @Sendable (Input) -> Output {
        { input in
            let output = transform(input)
            sideEffect(output)
            return output
        }
    }

    /// Fallible tap: the side effect sees successes only.
    @inlinable
    static func tapResult<Input, Output, Failure: Error>(
        _ transform: @escaping @Sendable (Input) -> Result<Output, Failure>,
        _ sideEffect: @escaping @Sendable (Output) -> Void
    ) -> @Sendable (Input) -> Result<Output, Failure> {
        { input in
            let result = transform(input)
            if case .success(let output) = result { sideEffect(output) }
            return result
        }
    }

    /// Callback tap: the side effect sees successes only, before the completion handler.
    static func tapCallback<Input, Output, Failure: Error>(
        _ transform: @escaping @Sendable (Input, @escaping Completion<Output, Failure>) -> Void,
        _ sideEffect: @escaping @Sendable (Output) -> Void
    ) -> @Sendable (Input, @escaping Completion<Output, Failure>) -> Void {
        { input, completion in
            transform(input) { result in
                if case .success(let output) = result { sideEffect(output) }
                completion(result)
            }
        }
    }

    /// Async tap: the side effect sees returned values only.
    static func tapAsync<Input, Output, Failure: Error>(
        _ transform: @escaping @Sendable (Input) async throws(Failure) -> Output,
        _ sideEffect: @escaping @Sendable (Output) -> Void
    ) -> @Sendable (Input) async throws(Failure) -> Output {
        { input async throws(Failure) -> Output in
            let output = try await transform(input)
            sideEffect(output)
            return output
        }
    }
}

/// Resumes a continuation once, however often the completion handler that owns it is called.
///
/// Sendable because its only stored property is a `Locked`, which serialises every access.
final class MortarResumption<Output: Sendable, Failure: Error>: Sendable {
    private let continuation: Locked<CheckedContinuation<Result<Output, Failure>, Never>?>

    init(_ continuation: CheckedContinuation<Result<Output, Failure>, Never>) {
        self.continuation = Locked(continuation)
    }

    /// Resumes with `result` the first time; does nothing afterwards.
    func resume(with result: Result<Output, Failure>) {
        let pending = continuation.withLock { stored in
            defer { stored = nil }
            return stored
        }
        pending?.resume(returning: result)
    }
}
