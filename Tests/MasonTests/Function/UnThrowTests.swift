import Mason
import Testing

@Suite struct UnThrowTests {
    enum Failure: Error, Equatable {
        case boom
    }

    static func untyped(_ fail: Bool) throws -> Int {
        if fail { throw Failure.boom }
        return 42
    }

    static func typed(_ fail: Bool) throws(Failure) -> Int {
        if fail { throw .boom }
        return 42
    }

    @Test func closureFormGivesAResultByDefault() {
        let success = unThrow { try Self.untyped(false) }
        let failure = unThrow { try Self.untyped(true) }
        #expect(type(of: success) == Result<Int, any Error>.self)
        #expect(success.success == 42)
        #expect(failure.failure as? Failure == .boom)
    }

    @Test func autoclosureFormGivesAResult() {
        let success = unThrow(try Self.untyped(false))
        let failure = unThrow(try Self.untyped(true))
        #expect(type(of: success) == Result<Int, any Error>.self)
        #expect(success.success == 42)
        #expect(failure.failure as? Failure == .boom)
    }

    @Test func typedClosureKeepsItsFailureType() {
        let failure = unThrow { () throws(Failure) -> Int in try Self.typed(true) }
        let success = unThrow { () throws(Failure) -> Int in try Self.typed(false) }
        #expect(type(of: failure) == Result<Int, Failure>.self)
        #expect(failure == .failure(.boom))
        #expect(success == .success(42))
    }

    @Test func nonThrowingClosureNeverFails() {
        let value = unThrow { 7 }
        #expect(type(of: value) == Result<Int, Never>.self)
        #expect(value.success == 7)
    }

    @Test func eitherIsChosenByTheResultType() {
        let success: Either<any Error, Int> = unThrow { try Self.untyped(false) }
        let failure: Either<any Error, Int> = unThrow(try Self.untyped(true))
        let typed: Either<Failure, Int> = unThrow { () throws(Failure) -> Int in try Self.typed(true) }
        #expect(success.right == 42)
        #expect(failure.left as? Failure == .boom)
        #expect(typed == .left(.boom))
    }

    @Test func theExpressionRunsExactlyOnce() {
        var runs = 0
        let result = unThrow { () throws -> Int in
            runs += 1
            return runs
        }
        #expect(result.success == 1)
        #expect(runs == 1)
    }

    @Test func unThrowFeedsAPipeline() {
        // FunNetworking's decoding step: `unThrow` turns a throwing decoder into a Result for `<&>`/`>>-`.
        let decode: @Sendable (String) -> Result<Int, any Error> = { text in
            unThrow {
                guard let value = Int(text) else { throw Failure.boom }
                return value
            }
        }
        let doubled = Result<String, any Error>.success("21") >>- decode <&> { $0 * 2 }
        #expect(doubled.success == 42)
        #expect((Result<String, any Error>.success("x") >>- decode).failure as? Failure == .boom)
    }
}
