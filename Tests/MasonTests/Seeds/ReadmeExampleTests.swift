import Mason
import Testing

/// The README's first-screen example, as written there, with its printed lines captured.
@Suite struct ReadmeExampleTests {
    enum LookupError: Error, Equatable { case miss }

    @Test func readmeExampleReturnsWhatItsCommentsSay() {
        let printed = Locked<[String]>([])
        @Sendable func print(_ label: String, _ value: Int) { printed.withLock { $0.append("\(label) \(value)") } }

        // 1. Small functions: optional, plain and fallible.
        let parse: @Sendable (String) -> Int? = { Int($0) }
        let double: @Sendable (Int) -> Int = { $0 * 2 }
        let cached: @Sendable (Int) -> Result<String, LookupError> = { $0 == 42 ? .success("cached") : .failure(.miss) }
        let fetched: @Sendable (Int) -> Result<String, LookupError> = { .success("fetched \($0)") }

        // 2. `>=>` composes through the Optional; `|>` applies.
        let parsed = "21" |> parse >=> double
        #expect(parsed == 42)

        // 3. Mortar: `-<` taps, `<<-` short-circuits, `<->` falls back with the same input.
        let lookUp = double -< { print("doubled:", $0) } <<- cached <-> fetched
        #expect(lookUp(21) == .success("cached"))
        #expect(lookUp(5) == .success("fetched 10"))
        #expect(printed.withLock { $0 } == ["doubled: 42", "doubled: 10"])

        // 4. Effects are lazy descriptions: nothing runs until you run them.
        let greeting = IO { "Mason" } <&> { "Hello, \($0)" }
        #expect(greeting.unsafeRun() == "Hello, Mason")
    }
}
