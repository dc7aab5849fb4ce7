import Foundation
import Testing

import MasonApp

/// How an input or an output keeps its value while its type is erased: plain data in line, anything
/// else as `any Sendable`, and each read back as its own type only.
@Suite struct ErasedValueTests {
    enum Step: Equatable { case tick(Int), stop }
    struct Wide: Equatable { var a, b, c: Int }  // 24 bytes: plain, but too wide to keep in line
    final class Reference: Sendable {}
    final class Unrelated: Sendable {}

    @Test func plainDataOfAtMostSixteenBytesIsKeptInLineAndReadBackAsItself() {
        let number = ErasedValue(-42)
        let step = ErasedValue(Step.tick(7))
        let pair = ErasedValue((1.5, Int32(-3)))

        #expect(number.isInLine && step.isInLine && pair.isInLine)
        #expect(number.value(as: Int.self) == -42)
        #expect(step.value(as: Step.self) == .tick(7))
        #expect(ErasedValue(Step.stop).value(as: Step.self) == .stop)
        #expect(pair.value(as: (Double, Int32).self).map { [$0.0, Double($0.1)] } == [1.5, -3])
    }

    @Test func aValueInLineIsNotReadAsAnotherTypeOfTheSameSize() {
        let number = ErasedValue(Int(-1))

        #expect(number.value(as: UInt.self) == nil)
        #expect(number.value(as: Double.self) == nil)
        #expect(number.value(as: Int?.self) == nil)
        #expect(number.value(as: Int.self) == -1)
    }

    @Test func anythingElseIsKeptAsAnExistentialAndCastBack() {
        let text = ErasedValue("forecast")
        let wide = ErasedValue(Wide(a: 1, b: 2, c: 3))
        let reference = Reference()
        let object = ErasedValue(reference)
        let error = ErasedValue(CancellationError() as any Error)

        #expect(!text.isInLine && !wide.isInLine && !object.isInLine)
        #expect(text.value(as: String.self) == "forecast")
        #expect(text.value(as: Int.self) == nil)
        #expect(wide.value(as: Wide.self) == Wide(a: 1, b: 2, c: 3))
        #expect(object.value(as: Reference.self) === reference)
        #expect(object.value(as: Unrelated.self) == nil)
        #expect(error.value(as: (any Error).self) is CancellationError)
    }

    @Test func theValueUnwrappedAndDescribedIsTheValueItself() {
        #expect(ErasedValue(Step.tick(3)).unwrapped as? Step == .tick(3))
        #expect(ErasedValue("q").unwrapped as? String == "q")
        #expect(ErasedValue(Step.tick(3)).description == "tick(3)")
        #expect(ErasedValue(12).description == "12")
        #expect(ErasedValue("line").description == "line")
    }
}
