import Foundation
import Mason
import Testing

/// The README's first-screen example, as written there, with its printed lines captured.
@Suite struct ReadmeExampleTests {
    // 1. Small functions: optional, plain and fallible.
    enum LookupError: Error { case miss }

    @Test func readmeExampleReturnsWhatItsCommentsSay() {
        let printed = Locked<[String]>([])
        @Sendable func print(_ label: String, _ value: Int) { printed.withLock { $0.append("\(label) \(value)") } }

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

    /// Every line of code in the README's example is in the test above, as written (a line may be
    /// wrapped there in an expectation): the README cannot drift from the code this file compiles.
    @Test func everyLineOfTheReadmeExampleIsCompiledHere() throws {
        let thisFile = URL(fileURLWithPath: #filePath)
        let root = thisFile.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: thisFile, encoding: .utf8)
        let opened = try #require(readme.components(separatedBy: "```swift\n").dropFirst().first)
        let block = opened.components(separatedBy: "```").first ?? ""
        let code = block.split(separator: "\n").map { line in
            (line.range(of: "  //").map { line[..<$0.lowerBound] } ?? line[...])
                .trimmingCharacters(in: .whitespaces)
        }
        .filter { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("import ") }
        #expect(code.count >= 10)
        for line in code {
            #expect(source.contains(line), "README line not compiled by this test: \(line)")
        }
    }
}

extension ReadmeExampleTests.LookupError: Equatable {}
