import Mason
import Testing

@Suite struct ResultZipTests {
    enum Failure: Error, Equatable {
        case third
        case fifth
        case eighth
    }

    typealias F<Value> = Result<Value, Failure>

    @Test func zipOfOneIsTheValue() {
        let success: F<Int> = zip(F<Int>.success(1))
        let failure: F<Int> = zip(F<Int>.failure(.third))
        #expect(success == .success(1))
        #expect(failure == .failure(.third))
    }

    @Test func zipOfTwoPairsTheSuccesses() {
        let zipped = zip(F<Int>.success(1), F<String>.success("a"))
        #expect(zipped.success?.0 == 1)
        #expect(zipped.success?.1 == "a")
    }

    @Test func zipOfFiveKeepsOrderAndTypes() {
        let zipped = zip(
            F<Int>.success(1), F<String>.success("b"), F<Bool>.success(true), F<Double>.success(4.5),
            F<[Int]>.success([5]))
        guard case .success(let tuple) = zipped else {
            Issue.record("expected a success, got \(zipped)")
            return
        }
        #expect(tuple.0 == 1)
        #expect(tuple.1 == "b")
        #expect(tuple.2 == true)
        #expect(tuple.3 == 4.5)
        #expect(tuple.4 == [5])
    }

    @Test func zipOfEightReturnsTheFirstFailure() {
        let zipped = zip(
            F<Int>.success(1), F<Int>.success(2), F<Int>.failure(.third), F<Int>.success(4),
            F<Int>.failure(.fifth), F<Int>.success(6), F<Int>.success(7), F<Int>.failure(.eighth)
        )
        #expect(zipped.failure == .third)
    }

    @Test func zipOfEightSuccessesHoldsAllOfThem() {
        let zipped = zip(
            F<Int>.success(1), F<Int>.success(2), F<Int>.success(3), F<Int>.success(4),
            F<Int>.success(5), F<Int>.success(6), F<Int>.success(7), F<Int>.success(8)
        )
        let sum = zipped.map { $0.0 + $0.1 + $0.2 + $0.3 + $0.4 + $0.5 + $0.6 + $0.7 }
        #expect(sum == .success(36))
    }

    @Test func zipWithAppliesTheFunctionToTheSuccesses() {
        let sum = zip(with: { $0 + $1 }, F<Int>.success(1), F<Int>.success(2))
        let text = zip(with: { "\($0)\($1)" }, F<Int>.success(1), F<String>.success("a"))
        #expect(sum == .success(3))
        #expect(text == .success("1a"))
    }

    @Test func zipWithReturnsTheFirstFailureWithoutCallingTheFunction() {
        var calls = 0
        let result = zip(
            with: { (a: Int, b: Int, c: Int) -> Int in
                calls += 1
                return a + b + c
            },
            F<Int>.success(1), F<Int>.failure(.fifth), F<Int>.failure(.eighth)
        )
        #expect(result == .failure(.fifth))
        #expect(calls == 0)
    }

    @Test func zipWorksWithUntypedErrors() {
        struct Boom: Error {}
        let zipped = zip(Result<Int, any Error>.success(1), Result<Int, any Error>.failure(Boom()))
        #expect(zipped.failure is Boom)
    }
}
