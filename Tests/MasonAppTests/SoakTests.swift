import Foundation
import MasonTesting
import Testing

/// Ten million inputs through one loop, from one sender, in a child process of their own
/// (`mason-app-soak-child`): the resident size at the end stays within 10 % of that after the first
/// million. `MASON_SOAK_INPUTS` runs fewer, and `MASON_SOAK_SANITIZED=1` (CI's Thread Sanitizer pass)
/// checks only that every input was run: the sanitizer's allocator keeps what is freed and shadows
/// every byte, so its resident size says nothing of the loop's (it grew 11 % over 2,000,000 inputs
/// there while the plain run stays within 3 %).
@Suite(.timeLimit(.minutes(10))) struct SoakTests {
    static var child: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("mason-app-soak-child")
    }

    @Test func tenMillionInputsLeaveMemoryFlat() async throws {
        let inputs = ProcessInfo.processInfo.environment["MASON_SOAK_INPUTS"].flatMap(Int.init) ?? 10_000_000
        let (status, text) = try await ChildProcess.run(Self.child, arguments: ["\(inputs)"])
        #expect(status == 0)

        let resident = text.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("after ") else { return nil }
            return line.split(separator: " ").last.flatMap { Int($0) }
        }
        #expect(text.contains("processed \(inputs)\n"), "\(text)")
        let first = try #require(resident.first)
        let last = try #require(resident.last)
        #expect(resident.count == (inputs + 999_999) / 1_000_000)
        guard ProcessInfo.processInfo.environment["MASON_SOAK_SANITIZED"] != "1" else { return }
        #expect(Double(last) <= Double(first) * 1.1, "resident bytes after each million: \(resident)")
    }
}
