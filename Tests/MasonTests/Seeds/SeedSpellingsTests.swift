import Mason
import Testing

/// The seeds' spellings (SeedSpellings.swift) mean exactly what the primary names mean.
@Suite struct SeedSpellingsTests {
    private let doubling = State<Int, String> { ($0 * 2, "was \($0)") }

    @Test func stateSpellingsForwardToThePrimaryNames() {
        #expect(doubling.run(state: 21) == doubling.run(21))
        #expect(doubling.exec(state: 21) == doubling.exec(21))
        #expect(doubling.eval(state: 21) == doubling.eval(21))
        #expect(State<Int, String>(initial: "hi").run(3) == State<Int, String>.pure("hi").run(3))
    }

    @Test func funswiftsInitialValueInitializerIsPure() {
        let seeded = State<Int, String>(initialValue: "hi").run(3)
        #expect(seeded.state == 3)
        #expect(seeded.value == "hi")
        #expect(State<Int, String>(initialValue: "hi").run(3) == State<Int, String>.pure("hi").run(3))
    }

    @Test func changeableSpellingForwardsToThePrimaryInitializer() {
        #expect(Changeable(value: 5, hasChanges: true) == Changeable(5, hasChanges: true))
    }

    @Test func theSeedsLinearDebounceIsTheConstantDelay() {
        #expect(Debounce.linear(2) == .constant(2))
        #expect(Debounce.linear(2).run() == .constant(2))
        #expect(Debounce.linear(2).backoff == .constant(.seconds(2)))
    }
}
