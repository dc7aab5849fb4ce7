import Mason
import Testing

@Suite struct PipeTests {
    @Test func pipeAppliesTheFunction() {
        let parse: @Sendable (String) -> Int? = { Int($0) }
        let parsed = "42" |> parse
        #expect(parsed == 42)
        let count: Int = pipe("mason", \String.count)
        #expect(count == 5)
    }

    @Test func inoutPipeReturnsAMutatedCopy() {
        let original = [1, 2, 3]
        let appended = original |> { $0.append(4) }
        #expect(appended == [1, 2, 3, 4])
        #expect(original == [1, 2, 3])
    }
}
